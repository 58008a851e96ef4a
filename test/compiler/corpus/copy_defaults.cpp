// Copy constructors and copy assignments with default arguments after the source: chosen for every copy
// (declarations, members of implicit copies, by-value arguments and returns), defaults passed.
#include <stdio.h>
struct Tag { int v; };
struct P {
  int a; int copies;
  P(int x) : a(x), copies(0) {}
  P(const P& o, int extra = 10, const char* why = "copy") : a(o.a + extra), copies(o.copies + 1) { printf("copy %s %d\n", why, extra); }
  P& operator=(const P& o) { a = o.a * 2; copies = o.copies; return *this; }
};
struct Q { P p; int z; };
struct Q2 { P p; Q2(int v) : p(v) {} virtual ~Q2() {} };
static P pass(P x) { return x; }
int main() {
  P a(1);
  P b = a;
  P c(a, 5);
  Q q = {P(3), 4};
  Q qq = q;
  Q2 w(7); Q2 ww = w;
  P r = pass(b);
  printf("%d %d %d %d %d %d %d\n", b.a, c.a, qq.p.a, qq.z, ww.p.a, r.a, r.copies);
  qq = q; printf("%d\n", qq.p.a);
  return 0;
}
