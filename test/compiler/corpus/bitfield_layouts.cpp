// Bit-fields in a derived class's tail padding (non-POD base), in a union global, of an enum class, in a
// constant global; a bit-field as loop variable and switch condition; base-class calls from a derived
// class whose vptr moves the base to offset 4.
#include <stdio.h>
struct Base { int x; void set(int v) { x = v; } int get() const { return x; } Base() : x(0) {} };
struct Der : Base { virtual ~Der() {} void both(int v) { set(v); x += 1; } int read() const { return get() + x; } };
struct NP { NP() {} char c; unsigned char small : 4; };
struct Tail : NP { unsigned char more : 3; unsigned char extra : 6; };
enum class E3 : unsigned char { A, B, C, D };
union UB { unsigned w : 12; unsigned char raw[2]; };
UB gub = {0xABC};
struct Cfg { E3 e : 2; int n : 6; };
const Cfg kCfg = {E3::C, -20};
int main() {
  Der d; d.both(5); printf("%d %d\n", d.read(), d.x);
  Tail t; t.c = 'x'; t.small = 9; t.more = 5; t.extra = 40;
  printf("%d %d %d %d %d\n", t.small, t.more, t.extra, (int)sizeof(Tail), (int)sizeof(NP));
  printf("%x %x %x\n", gub.w, gub.raw[0], gub.raw[1]);
  printf("%d %d\n", (int)kCfg.e, kCfg.n);
  Cfg c = kCfg; int total = 0;
  for (c.n = 0; c.n < 20; c.n += 3) total += c.n;
  switch (c.e) { case E3::C: printf("C %d\n", total); break; default: printf("other\n"); }
  return 0;
}
