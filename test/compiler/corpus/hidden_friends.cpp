// Friend functions defined inside their class (not templates): operators found by operator lookup, named
// functions by argument-dependent lookup (also in a namespace), reading private members.
#include <stdio.h>
struct Cm { int v; Cm(int x) : v(x) {}
  friend bool operator==(const Cm& a, const Cm& b) { return a.v == b.v; }
  friend Cm operator+(Cm a, Cm b) { return Cm(a.v + b.v); }
  friend int twice(const Cm& c) { return c.v * 2; }
private: int hidden = 9;
  friend int peekHidden(const Cm& c) { return c.hidden; }
};
namespace ns { struct W { int q = 4; friend int get(const W& w) { return w.q; } }; }
int main() {
  Cm a = 5;
  printf("%d %d %d %d %d\n", a == Cm(5), (a + 3).v, twice(a), peekHidden(a), get(ns::W()));
  return 0;
}
