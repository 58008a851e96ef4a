// Large stack frames (offsets beyond the load/store immediates), arguments passed on the stack of
// every type, and deep recursion with big frames through the window overflow/underflow handlers.
#include <stdio.h>
#include <stdint.h>

int64_t lots(int a, int64_t b, float c, double d, int e, int f, int g, int64_t h, float i, double j) {
  return a + b + (int64_t)c + (int64_t)d + e + f + g + h + (int64_t)(i * 2) + (int64_t)(j * 4);
}

int bigLocal(int seed) {
  int table[700];
  for (int i = 0; i < 700; i++) table[i] = seed * i;
  short tail[100];
  for (int i = 0; i < 100; i++) tail[i] = (short)(table[699 - i] & 0x7fff);
  int64_t sum = 0;
  for (int i = 0; i < 700; i += 7) sum += table[i];
  for (int i = 0; i < 100; i += 9) sum += tail[i];
  return (int)(sum % 100000);
}

int recurse(int depth) {
  int pad[40];
  for (int i = 0; i < 40; i++) pad[i] = depth + i;
  if (depth == 0) return pad[39];
  return recurse(depth - 1) + pad[depth % 40];
}

int main() {
  printf("%lld\n", lots(1, 20000000000LL, 3.5f, 4.75, 5, 6, 7, -8, 9.25f, 10.5));
  printf("%d %d\n", bigLocal(3), bigLocal(-11));
  printf("%d\n", recurse(150));
  return 0;
}
