// User operators on scoped enums (|, & and |= as free functions, constexpr), free operators on classes with
// converting constructors, << chains returning *this, a conversion to a pointer, explicit constructors,
// class templates with default non-type arguments, static factories, member templates and nested types.
#include <stdio.h>
#include <stdint.h>
enum class Perm : uint8_t { None = 0, R = 1, W = 2, X = 4 };
constexpr Perm operator|(Perm a, Perm b) { return static_cast<Perm>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b)); }
constexpr bool operator&(Perm a, Perm b) { return (static_cast<uint8_t>(a) & static_cast<uint8_t>(b)) != 0; }
Perm& operator|=(Perm& a, Perm b) { a = a | b; return a; }
struct Out { int n = 0; Out& operator<<(int v) { n = n * 10 + v; return *this; } Out& operator<<(const char* s) { while (*s++) n++; return *this; } };
struct Buf { int data[4] = {1, 2, 3, 4}; int& operator[](unsigned i) { return data[i]; } operator int*() { return data; } };
struct Meters { double v; explicit Meters(double x) : v(x) {} };
struct Cm { int v; Cm(int x) : v(x) {} };
bool operator==(const Cm& a, const Cm& b) { return a.v == b.v; }
Cm operator+(Cm a, Cm b) { return Cm(a.v + b.v); }
static int total(Cm c) { return c.v; }
template <typename T, int Scale = 10> struct Fixed {
  T raw; static Fixed from(T whole) { Fixed f; f.raw = whole * Scale; return f; }
  template <typename U> U to() const { return static_cast<U>(raw) / Scale; }
  struct Parts { T whole, frac; };
  Parts split() const { Parts p = {raw / Scale, raw % Scale}; return p; }
};
int main() {
  Perm p = Perm::R | Perm::X; p |= Perm::W; printf("%d %d %d\n", (int)p, p & Perm::W, (Perm::R | Perm::None) & Perm::X);
  Out o; o << 1 << 2 << "abc" << 3; printf("%d\n", o.n);
  Buf b; b[2] = 30; int* raw = b; printf("%d %d\n", raw[2], *(b + 3));
  Meters m(2.5); printf("%.1f\n", m.v);
  Cm a = 5; printf("%d %d %d\n", total(7), a == Cm(5), (a + 3).v);
  Fixed<int> f = Fixed<int>::from(4); Fixed<long long, 100> g = Fixed<long long, 100>::from(3); f.raw += 7;
  Fixed<int>::Parts parts = f.split();
  printf("%d %.2f %lld %d %d\n", f.to<int>(), f.to<double>(), g.raw, parts.whole, parts.frac);
  return 0;
}
