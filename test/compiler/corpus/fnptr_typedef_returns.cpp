// Pointers and references to functions whose return type is a type name, with initialisers, at
// namespace and local scope: tree-sitter-cpp reads `Cell (*fp)(Cell) = f;` as a call of a functional
// cast; the front-end re-reads it as the declaration it is.
#include <stdio.h>

typedef int Cell;
namespace ns { typedef long Wide; }
struct Pair { int a, b; };
Cell twice(Cell x) { return 2 * x; }
Cell negate(Cell x) { return -x; }
ns::Wide widen(Cell x, ns::Wide y) { return x * 100 + y; }
Pair swap(Pair p) { Pair q = {p.b, p.a}; return q; }
Cell seven() { return 7; }

Cell (*global_fp)(Cell) = twice;
Cell (&global_ref)(Cell) = negate;
ns::Wide (*global_wide)(Cell, ns::Wide) = widen;
Pair (*global_swap)(Pair) = swap;
Cell (*global_none)() = seven;

int main() {
  Cell (*fp)(Cell) = negate;
  Cell (*later)(Cell);
  later = twice;
  ns::Wide (*wp)(Cell, ns::Wide) = widen;
  Pair (*sp)(Pair) = global_swap;
  Cell (*np)() = seven;
  Pair p = {1, 2};
  Pair q = sp(p);
  printf("%d %d %d %d\n", global_fp(3), global_ref(4), (int)global_wide(5, 6), global_none());
  printf("%d %d %ld %d %d %d\n", fp(8), later(9), wp(1, 2), q.a, q.b, np());
  fp = global_fp;
  return fp(10) - 20;
}
