// Recursion: Towers of Hanoi, permutations by swapping, N-queens, recursive structures by value.
#include <stdio.h>

int moves = 0;
void hanoi(int n, char from, char to, char via) {
  if (n == 0) return;
  hanoi(n - 1, from, via, to);
  if (n >= 3) printf("disk %d %c->%c\n", n, from, to);
  moves++;
  hanoi(n - 1, via, to, from);
}

int permutations = 0;
void permute(char* s, int k, int n) {
  if (k == n) {
    if (permutations < 4) printf("%s\n", s);
    permutations++;
    return;
  }
  for (int i = k; i < n; i++) {
    char t = s[k];
    s[k] = s[i];
    s[i] = t;
    permute(s, k + 1, n);
    t = s[k];
    s[k] = s[i];
    s[i] = t;
  }
}

bool safe(const int* cols, int row, int col) {
  for (int r = 0; r < row; r++) {
    int d = cols[r] - col;
    if (d == 0 || d == row - r || d == r - row) return false;
  }
  return true;
}

int queens(int* cols, int row, int n) {
  if (row == n) return 1;
  int count = 0;
  for (int c = 0; c < n; c++) {
    if (!safe(cols, row, c)) continue;
    cols[row] = c;
    count += queens(cols, row + 1, n);
  }
  return count;
}

struct Range {
  int lo;
  int hi;
};

int sumRange(Range r) {
  if (r.lo > r.hi) return 0;
  if (r.lo == r.hi) return r.lo;
  int mid = (r.lo + r.hi) / 2;
  Range left = {r.lo, mid};
  Range right = {mid + 1, r.hi};
  return sumRange(left) + sumRange(right);
}

int main() {
  hanoi(5, 'A', 'C', 'B');
  printf("moves %d\n", moves);
  char word[5] = {'a', 'b', 'c', 'd', 0};
  permute(word, 0, 4);
  printf("permutations %d\n", permutations);
  int cols[8];
  printf("queens6 %d queens8 %d\n", queens(cols, 0, 6), queens(cols, 0, 8));
  Range all = {1, 1000};
  printf("sum %d\n", sumRange(all));
  return moves;
}
