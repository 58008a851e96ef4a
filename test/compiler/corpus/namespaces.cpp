// Namespaces: nested, qualified calls, using-declarations and directives, same names in different
// namespaces, namespace-scope variables.
#include <stdio.h>

namespace geo {
int scale = 3;
int area(int w, int h) { return w * h * scale; }
namespace detail {
int area(int side) { return side * side; }
}
}  // namespace geo

namespace audio {
int area(int w, int h) { return w + h; }
}

using geo::detail::area;

int main() {
  printf("%d %d %d\n", geo::area(2, 3), audio::area(2, 3), area(5));
  geo::scale = 10;
  printf("%d\n", geo::area(1, 1));
  {
    using namespace audio;
    printf("%d\n", audio::area(7, 8));
  }
  return geo::scale;
}
