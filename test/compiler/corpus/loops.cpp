// for, while and do-while loops with break and continue, nested.
#include <stdio.h>

int main() {
  int total = 0;
  for (int i = 0; i < 10; i++) {
    if (i == 3) continue;
    if (i == 8) break;
    total += i;
  }
  printf("for %d\n", total);
  int n = 0;
  while (n < 100) {
    n += 7;
    if (n % 5 == 0) continue;
    if (n > 60) break;
  }
  printf("while %d\n", n);
  int k = 10;
  do {
    k -= 3;
  } while (k > 0);
  printf("do %d\n", k);
  int count = 0;
  for (int i = 0; i < 5; i++) {
    for (int j = 0; j < 5; j++) {
      if (j > i) break;
      if ((i + j) % 2) continue;
      count++;
    }
  }
  printf("nested %d\n", count);
  int i = 0;
  for (;;) {
    if (++i >= 5) break;
  }
  printf("forever %d\n", i);
  int x = 0;
  do {
    x++;
    if (x == 2) continue;
  } while (x < 4);
  printf("do-continue %d\n", x);
  return total;
}
