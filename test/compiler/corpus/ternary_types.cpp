// ?: with operands of mixed types (the usual arithmetic conversions, int64/unsigned/double/float/char/bool),
// Derived*/Base* and string/nullptr operands, lvalue results assigned and bound, nested ?:.
#include <stdio.h>
#include <stdint.h>
struct B { int x; }; struct D : B { int y; };
int main() {
  int i = 2; unsigned u = 7; int64_t l = -3; double d = 0.5; float f = 1.25f; char c = 'c'; bool t = i > 1; short sh = -4;
  auto a1 = t ? i : u; auto a2 = t ? l : u; auto a3 = !t ? i : d; auto a4 = t ? f : c; auto a5 = t ? sh : c; auto a6 = t ? true : 3;
  printf("%u %lld %.2f %.2f %d %d %d %d %d\n", a1, (long long)a2, a3, (double)a4, a5, a6, (int)sizeof(a1), (int)sizeof(a2), (int)sizeof(a5));
  int x = -1; unsigned r = t ? x : u; long long rr = t ? x : u; printf("%u %lld\n", r, rr);
  D dd; dd.x = 1; dd.y = 2; B bb; bb.x = 9; B* pb = t ? &dd : &bb; const char* s = i ? "yes" : nullptr;
  printf("%d %s\n", pb->x, s);
  int m = 4, n = 5; (t ? m : n) = 10; int& ref = !t ? m : n; ref += 1; printf("%d %d\n", m, n);
  int k = i > 1 ? i < 3 ? 100 : 200 : 300; printf("%d\n", k);
  uint8_t small = 250; int promoted = t ? small + 10 : 0; printf("%d\n", promoted);
  return 0;
}
