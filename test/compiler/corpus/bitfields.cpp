// Bit-fields: GCC's layout (units of the declared type, no straddling, unnamed and ':0' padding), reads
// with sign or zero extension, read-modify-write stores, compound assignments, ++/--, promotion to int,
// brace lists, constant globals, mem-initialisers, member-wise copies and bool/enum bit-fields.
#include <stdio.h>
enum Color { Red, Green, Blue, White };
enum class Mode : unsigned char { Off, On, Auto };
enum Sgn { Neg = -2, Pos = 1 };
struct Flags {
  unsigned a : 3;
  int b : 5;
  bool c : 1;
  Color col : 2;
  Mode m : 2;
  Sgn s : 2;
  unsigned : 0;
  long long big : 40;
  unsigned long long ubig : 33;
  short sh : 9;
  unsigned char uc : 7;
  int :3;
  char last;
};
struct WithCtor {
  int x : 4;
  unsigned y : 12;
  int z;
  WithCtor() : x(-3), y(4000), z(9) {}
  WithCtor(int a, unsigned b) : x(a), y(b), z(1) {}
};
struct Poly { virtual ~Poly() {} virtual int get() const { return v; } int v : 7; unsigned w : 3; };
struct Dpoly : Poly { int get() const override { return v + w; } };
Flags g = {5, -7, true, Blue, Mode::Auto, Neg, -12345678901LL, 0x1ffffffffULL, -200, 100, 'q'};
const Flags gc = {1, 2, false, Green, Mode::On, Pos, 3, 4, 5, 6, 'z'};
static int id(int v) { return v; }
int main() {
  Flags f = {1, 2, 0, Red, Mode::Off, Pos, 3, 4, 5, 6, 'a'};
  printf("%d %d %d %d %d %d %lld %llu %d %d %c\n", f.a, f.b, f.c, f.col, (int)f.m, f.s, f.big, f.ubig, f.sh, f.uc, f.last);
  printf("%d %d %d %d %d %d %lld %llu %d %d %c\n", g.a, g.b, g.c, g.col, (int)g.m, g.s, g.big, g.ubig, g.sh, g.uc, g.last);
  printf("%d %d %d %d %d %d %lld %llu %d %d %c\n", gc.a, gc.b, gc.c, gc.col, (int)gc.m, gc.s, gc.big, gc.ubig, gc.sh, gc.uc, gc.last);
  f.a = 9; f.b = 17; f.c = 5; f.col = White; f.s = Neg; f.big = -1; f.ubig = ~0ULL; f.sh = 300; f.uc = 200;
  printf("%d %d %d %d %d %lld %llu %d %d %c\n", f.a, f.b, f.c, f.col, f.s, f.big, f.ubig, f.sh, f.uc, f.last);
  f.a += 3; f.b -= 20; f.b *= 2; f.a |= 4; f.a <<= 1; f.b >>= 1; f.big += 5; f.ubig /= 3; f.sh ^= 0x55;
  printf("%d %d %lld %llu %d\n", f.a, f.b, f.big, f.ubig, f.sh);
  int pre = ++f.a; int post = f.b++; int dec = --f.uc; f.sh--;
  printf("%d %d %d %d %d %d %d\n", pre, post, dec, f.a, f.b, f.uc, f.sh);
  int chain = (f.a = 11) + (f.b = f.a = 3);
  printf("%d %d %d\n", chain, f.a, f.b);
  printf("%d %d %d\n", f.a - 5 < 0, f.a - 5, (int)sizeof(f.a + 0));
  unsigned u32 = f.a; long long wide = f.big * 2; double d = f.b; f.b = 3.9; f.c = f.b;
  printf("%u %lld %f %d %d\n", u32, wide, d, f.b, f.c);
  Flags copy = f; Flags asg; asg = copy; asg.uc = id(77);
  printf("%d %d %lld %d %d %c\n", copy.a, copy.b, copy.big, asg.uc, asg.sh, asg.last);
  WithCtor w; WithCtor w2(5, 70000);
  printf("%d %u %d %d %u %d %d\n", w.x, w.y, w.z, w2.x, w2.y, w2.z, (int)sizeof(WithCtor));
  Dpoly p; p.v = -10; p.w = 6; Dpoly p2 = p; Poly& r = p2;
  printf("%d %d %d\n", r.get(), p2.v, p2.w);
  Flags* pf = &f; pf->b = -1; pf->a++;
  printf("%d %d %d\n", pf->b, pf->a, (int)sizeof(Flags));
  return f.a;
}
