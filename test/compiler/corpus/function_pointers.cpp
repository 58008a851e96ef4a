// Function pointers as values: a function's address (by name or with &, static member functions too),
// initialising, assigning, storing in arrays, passing, returning and comparing them. (Calls through
// them: indirect_calls.cpp.)
#include <stdio.h>
int twice(int v) { return 2 * v; }
int thrice(int v) { return 3 * v; }
struct S { static int four(int v) { return 4 * v; } };
typedef int (*Op)(int);
Op choose(int i) { return i ? &thrice : twice; }
bool same(Op a, Op b) { return a == b; }
int main() {
  int (*f)(int) = twice;
  int (*g)(int) = &thrice;
  Op ops[3] = {twice, &thrice, &S::four};
  Op h = S::four;
  int n = 0;
  for (int i = 0; i < 3; i++) n = n * 2 + (ops[i] == h) + 4 * (ops[i] == g);
  printf("%d %d %d %d\n", f == twice, g == twice, ops[1] == thrice, n);
  printf("%d %d %d\n", same(choose(0), twice), same(choose(1), f), f != nullptr);
  f = g;
  printf("%d\n", f == &thrice);
  return 0;
}
