// goto and labels: jumps out of nested scopes destroy what those scopes constructed (innermost first,
// in reverse order of construction), backwards jumps re-create the objects after the label, and a
// jump into a block or a loop past no initialisation is fine.
#include <stdio.h>

struct T {
  int id;
  T(int i) : id(i) { printf("T%d()\n", id); }
  ~T() { printf("~T%d\n", id); }
};

int find(int (*grid)[3], int rows, int want) {
  int found = -1;
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < 3; c++) {
      if (grid[r][c] == want) {
        found = r * 3 + c;
        goto done;
      }
    }
  }
  printf("not found\n");
done:
  return found;
}

int retry() {
  int tries = 0;
again:
  T a(10 + tries);
  {
    T b(20 + tries);
    tries++;
    if (tries < 3) goto again;
    T c(30);
  }
  printf("tries=%d\n", tries);
  return tries;
}

void leaveNested(int k) {
  T outer(1);
  {
    T mid(2);
    {
      T inner(3);
      if (k > 0) goto out;
      printf("no jump\n");
    }
    printf("after inner\n");
  }
out:
  printf("at out, k=%d\n", k);
}

int sumTo(int n) {
  int s = 0, i = 0;
loop:
  if (i > n) goto end;
  s += i;
  i++;
  goto loop;
end:
  return s;
}

int enterBlock(int k) {
  int r = 0;
  if (k) goto inside;
  r = 100;
  {
    int x;
  inside:
    x = 5;
    r += x;
  }
  return r;
}

// a jump into the middle of a loop (control flow with two entries into the loop)
int intoLoop(int n) {
  int i = 0, s = 0;
  goto middle;
  while (i < n) {
    s += 100;
  middle:
    s += i;
    i++;
  }
  return s;
}

int main() {
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  printf("find 5 -> %d\n", find(grid, 2, 5));
  printf("find 9 -> %d\n", find(grid, 2, 9));
  retry();
  leaveNested(1);
  leaveNested(0);
  printf("sumTo(10) = %d\n", sumTo(10));
  printf("enterBlock: %d %d\n", enterBlock(1), enterBlock(0));
  printf("intoLoop: %d %d\n", intoLoop(4), intoLoop(0));
  {
    T t(7);
    goto skip;
  }
skip:
  printf("end\n");
  return sumTo(4);
}
