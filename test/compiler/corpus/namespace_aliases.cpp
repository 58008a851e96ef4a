#include <stdio.h>

namespace outer {
int v = 1;
namespace inner {
int f() { return v + 1; }
struct P { int x; int twice() const { return 2 * x; } };
}  // namespace inner
}  // namespace outer

namespace oi = outer::inner;
namespace o = outer;
namespace deep = ::outer::inner;

namespace outer {
int w() { return v * 100; }
}

int use(oi::P p) { return p.twice(); }

int main() {
  namespace local = outer::inner;
  oi::P p{21};
  o::v += 4;
  printf("%d %d %d %d\n", oi::f(), o::w(), deep::f(), local::f());
  printf("%d %d\n", use(p), local::P{5}.twice());
  {
    using namespace oi;
    printf("%d\n", f());
  }
  return o::v;
}
