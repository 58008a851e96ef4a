// Namespace-scope `extern` declarations before and after their definition: every use, before the
// definition or after it, in a namespace or not, names the one object the definition initialises.
#include <stdio.h>

extern int counter;
int bump() { return ++counter; }
int counter = 40;
extern int counter;

namespace cfg {
extern const int limit;
extern int hits;
int hits = 2;
const int limit = 7;
}

int main() {
  bump();
  cfg::hits += cfg::limit;
  extern int counter;
  int again = bump();
  printf("%d %d %d\n", counter, cfg::hits, again);
  return 0;
}
