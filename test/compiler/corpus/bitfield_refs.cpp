// Bit-fields as operands: const references bound to a temporary copy of the value, arguments to const T&
// parameters, conditions, ?: and unary operators on promoted values.
#include <stdio.h>
struct S { int a : 5; unsigned b : 3; };
static int byRef(const int& x) { return x * 2; }
static unsigned byRefU(const unsigned& x) { return x + 1; }
int main() {
  S s = {-3, 5};
  const int& r = s.a;
  s.a = 4;
  printf("%d %d %u\n", r, byRef(s.a), byRefU(s.b));
  int t = s.a ? s.b : 9;
  bool both = s.a && s.b;
  printf("%d %d %d\n", t, both, -s.a + ~s.b);
  struct T { int a : 4; int b : 4; int c; } q = {3, -2, 7};
  bool big = q.c > 5;
  int v = big ? q.a : q.b; int w = !big ? q.a : q.c; q.a = (big ? q.b : q.a) + 1;
  printf("%d %d %d\n", v, w, q.a);
  return 0;
}
