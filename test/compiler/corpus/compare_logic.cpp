// Comparisons (signed, unsigned, mixed), logical operators with short-circuit side effects.
#include <stdio.h>

int calls = 0;
int touch(int v) {
  calls++;
  return v;
}

int main() {
  int a = -1;
  unsigned b = 1;
  printf("%d %d %d\n", a < 0, (unsigned)a > b, a < (int)b);
  int vals[] = {-3, 0, 4};
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      int x = vals[i];
      int y = vals[j];
      printf("%d%d%d%d%d%d ", x < y, x <= y, x > y, x >= y, x == y, x != y);
    }
  printf("\n");
  calls = 0;
  int r1 = touch(0) && touch(1);
  int r2 = touch(1) || touch(0);
  int r3 = touch(1) && touch(2) && touch(0);
  int r4 = touch(0) || touch(0) || touch(3);
  printf("%d %d %d %d calls=%d\n", r1, r2, r3, r4, calls);
  bool t = !a;
  bool u = !!a;
  printf("%d %d %d\n", t, u, !(a < 0) || (b && !t));
  if (a && b) printf("both\n");
  if (!(a > 0)) printf("not positive\n");
  return calls;
}
