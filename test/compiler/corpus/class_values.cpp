// Classes as values: aggregates of classes returned and assigned, chained member calls returning *this, mutable
// members, ?: between class lvalues, member templates and explicit specialisations, pure virtual functions
// through base references with virtual destructors, unions with constructors, arrays of classes.
#include <stdio.h>
struct M { int v; mutable int reads = 0; M(int x = 0) : v(x) {} int get() const { ++reads; return v; } M& add(int k) { v += k; return *this; } };
struct Pair { M a, b; };
static Pair makePair(int x, int y) { Pair p{M(x), M(y)}; return p; }
static M pick(bool c, const M& x, const M& y) { return c ? x : y; }
template <typename T> struct Box {
  T val;
  template <typename U> U as() const { return static_cast<U>(val); }
  static Box make(T v) { Box b; b.val = v; return b; }
};
template <> struct Box<bool> { bool val; int as() const { return val ? 100 : -100; } };
struct Rect { int w = 3, h = 4; int area() const { return w * h; } };
struct Animal { virtual ~Animal() { printf("~Animal\n"); } virtual const char* name() const = 0; virtual int legs() const { return 4; } protected: int age = 1; };
struct Bird : Animal { ~Bird() override { printf("~Bird\n"); } const char* name() const override { return "bird"; } int legs() const override { return 2; } int older() { return ++age; } };
struct Dog : Animal { const char* name() const override { return "dog"; } };
static void describe(const Animal& a) { printf("%s %d\n", a.name(), a.legs()); }
union Num { int i; float f; Num() : i(0) {} };
int main() {
  Pair p = makePair(3, 4); Pair q; q = p; q.a.add(1).add(2);
  int got = q.b.get();
  printf("%d %d %d %d\n", p.a.v, q.a.v, got, q.b.reads);
  M m1(5), m2(6); M m3 = pick(false, m1, m2); m1 = m2 = m3; int g3 = m3.get(); printf("%d %d\n", m1.v, g3);
  Box<double> bd = Box<double>::make(2.75); Box<bool> bb{true};
  printf("%d %.2f %d\n", bd.as<int>(), bd.as<float>(), bb.as());
  Rect r; printf("%d\n", r.area());
  { Bird b; Dog d; describe(b); describe(d); Animal& ar = b; printf("%s %d\n", ar.name(), b.older()); }
  Num n; n.f = 2.0f; printf("%x\n", (unsigned)n.i);
  M arr[3] = {M(1), M(2)}; int s = 0; for (const M& x : arr) s += x.get(); printf("%d %d %d\n", s, arr[0].reads, arr[2].v);
  const M cm(8); int gc = cm.get(); printf("%d %d\n", gc, cm.reads);
  return 0;
}
