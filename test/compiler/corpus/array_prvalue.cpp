// Array prvalues A{...} of an alias of an array type outside range-for: bound to reference parameters
// and local references (lifetime extended), elements past the list value-initialised, class elements
// destroyed last to first at the end of the full-expression or with the reference.
#include <stdio.h>
struct S {
  int v;
  S(int x) : v(x) { printf("S(%d)\n", v); }
  S(const S& o) : v(o.v) { printf("copy S(%d)\n", v); }
  ~S() { printf("~S(%d)\n", v); }
};
using A = int[3];
using SA = S[2];
int sum(const int (&a)[3]) { return a[0] + a[1] + a[2]; }
int first(const int* p) { return p[0]; }
int total(const S (&a)[2]) { return a[0].v + a[1].v; }
int main() {
  const int (&r)[3] = A{1, 2, 3};
  printf("%d %d\n", sum(A{4, 5, 6}), r[1]);
  printf("%d\n", sum(A{7}));
  printf("%d %d\n", (int)sizeof(A{1, 2, 3}), A{4, 5, 6}[1]);
  printf("total %d\n", total(SA{S(1), S(2)}));
  printf("after\n");
  {
    const SA& k = SA{S(3), S(4)};
    printf("bound %d\n", k[1].v);
  }
  int n = 0;
  for (int x : A{1, 2}) n += x;
  printf("end %d\n", n);
  return r[0] + r[2];
}
