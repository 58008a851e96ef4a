// printf conversions and flags: width, precision, left/zero padding, signs, bases, strings, chars.
#include <stdio.h>

int main() {
  printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d]\n", 42, 42, 42, 42, 42, 7);
  printf("[%x] [%X] [%#x] [%o] [%#o] [%08x]\n", 255, 255, 255, 8, 8, 0xbeef);
  printf("[%u] [%d] [%i]\n", 4294967295u, -2147483647 - 1, -5);
  printf("[%s] [%10s] [%-10s] [%.2s]\n", "abc", "right", "left", "truncate");
  printf("[%c] [%3c] [%-3c] [%%]\n", 'x', 'y', 'z');
  printf("[%*d] [%-*d] [%.*d]\n", 6, 1, 6, 2, 4, 3);
  printf("[%hd] [%hhu] [%ld] [%lu]\n", 70000, 300, 123456L, 654321UL);
  printf("[%lld] [%llu] [%llx]\n", -9000000000LL, 18000000000ULL, 0x123456789abcULL);
  printf("[%f] [%10.3f] [%-10.2f] [%+.1f] [%08.2f]\n", 3.14159, 2.5, -1.25, 7.0, -3.5);
  printf("[%e] [%.2E] [%g] [%G] [%g] [%g]\n", 12345.678, 0.000123, 0.0001, 1e20, 100000.0, 1000000.0);
  printf("[%g] [%.3g] [%#g] [%g] [%g]\n", 0.0, 3.14159, 2.0, -0.5, 123.456);
  printf("[%.0f] [%.0f] [%.0f] [%.1f]\n", 0.5, 1.5, 2.5, 0.25);
  int n = printf("count me\n");
  printf("%d\n", n);
  return 0;
}
