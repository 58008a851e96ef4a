// Temporaries created on one branch of ?:, && and || are destroyed at the end of the full-expression
// only if they were created.
#include <stdio.h>

struct Probe {
  int v;
  Probe(int x) : v(x) { printf("+%d ", v); }
  ~Probe() { printf("-%d ", v); }
  int get() const { return v; }
  bool ok() const { return v > 0; }
};

int pick(bool c) { return c ? Probe(1).get() : Probe(2).get(); }

int main() {
  printf("[%d]\n", pick(true));
  printf("[%d]\n", pick(false));
  for (int i = -1; i <= 1; i++) {
    bool both = Probe(i).ok() && Probe(i + 10).ok();
    bool either = Probe(i + 20).ok() || Probe(i + 30).ok();
    printf("[%d %d]\n", both, either);
  }
  int n = 0;
  while (n < 3 && Probe(n).ok() == (n > 0)) n++;
  printf("[n=%d]\n", n);
  return pick(true);
}
