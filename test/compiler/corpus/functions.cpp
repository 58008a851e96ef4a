// Calls: recursion, mutual recursion, many arguments (some on the stack), 64-bit arguments.
#include <stdio.h>

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

bool isOdd(int n);
bool isEven(int n) { return n == 0 ? true : isOdd(n - 1); }
bool isOdd(int n) { return n == 0 ? false : isEven(n - 1); }

int many(int a, int b, int c, int d, int e, int f, int g, int h, int i) {
  return a + 2 * b + 3 * c + 4 * d + 5 * e + 6 * f + 7 * g + 8 * h + 9 * i;
}

long long mixed(int a, long long b, int c, long long d, int e, long long f) {
  return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6;
}

void nothing() {}

int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

int main() {
  for (int i = 0; i < 15; i++) printf("%d ", fib(i));
  printf("\n%d %d\n", ack(2, 3), ack(3, 3));
  printf("%d %d %d\n", isEven(10), isOdd(7), isEven(7));
  printf("%d\n", many(1, 2, 3, 4, 5, 6, 7, 8, 9));
  printf("%lld\n", mixed(1, 10000000000LL, 3, -4, 5, 6));
  nothing();
  printf("%d\n", depth(500));
  return fib(10) % 256;
}
