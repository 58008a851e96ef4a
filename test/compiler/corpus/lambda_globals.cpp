// Lambdas at namespace scope: a closure global called from main, one holding an init-captured class
// object (built before main, destroyed after it), pointers to functions initialised from lambdas
// without captures (one of them in a table).
#include <stdio.h>
struct S {
  int v;
  S(int x) : v(x) { printf("S(%d)\n", x); }
  ~S() { printf("~S %d\n", v); }
};
int base = 7;
auto times = [](int x) { return x * base; };
auto holder = [s = S(4), k = 2](int x) { return s.v * k + x; };
int (*minus5)(int) = [](int x) { return x - 5; };
static int (*table[2])(int) = {[](int x) { return x + 1; }, [](int x) { return x * 10; }};
int main() {
  printf("times %d\n", times(3));
  base = 2;
  printf("times %d holder %d\n", times(3), holder(1));
  printf("pointers %d %d %d\n", minus5(10), table[0](1), table[1](4));
  return 0;
}
