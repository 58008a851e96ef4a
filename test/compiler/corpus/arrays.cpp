// Arrays: multi-dimensional, initialiser lists with zero fill, char arrays, arrays as parameters.
#include <stdio.h>

int trace(int m[3][3]) { return m[0][0] + m[1][1] + m[2][2]; }

void transpose(int m[3][3]) {
  for (int i = 0; i < 3; i++)
    for (int j = i + 1; j < 3; j++) {
      int t = m[i][j];
      m[i][j] = m[j][i];
      m[j][i] = t;
    }
}

int main() {
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  transpose(m);
  for (int i = 0; i < 3; i++) printf("%d %d %d\n", m[i][0], m[i][1], m[i][2]);
  printf("trace %d\n", trace(m));
  int partial[6] = {1, 2};
  for (int i = 0; i < 6; i++) printf("%d ", partial[i]);
  printf("\n");
  char word[10] = {'a', 'b', 'c'};
  word[3] = 'd';
  printf("%s %d\n", word, word[9]);
  int squares[10];
  for (int i = 0; i < 10; i++) squares[i] = i * i;
  int total = 0;
  for (int i = 9; i >= 0; i -= 2) total += squares[i];
  printf("%d\n", total);
  unsigned char bytes[4] = {0x12, 0x34, 0x56, 0x78};
  unsigned word32 = bytes[0] | bytes[1] << 8 | bytes[2] << 16 | (unsigned)bytes[3] << 24;
  printf("%08x\n", word32);
  int cube[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
  printf("%d\n", cube[1][0][1] * cube[0][1][1]);
  return trace(m);
}
