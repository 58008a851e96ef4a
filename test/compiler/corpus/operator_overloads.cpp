// Every overloadable operator on a class (arithmetic, bitwise, compound, comparison, unary, prefix/postfix ++/--, [], (), ->, comma, conversions).
#include <stdio.h>
struct Vec {
  int x, y;
  Vec(int a = 0, int b = 0) : x(a), y(b) {}
  Vec operator+(const Vec& o) const { return Vec(x + o.x, y + o.y); }
  Vec operator-(const Vec& o) const { return Vec(x - o.x, y - o.y); }
  Vec operator*(int k) const { return Vec(x * k, y * k); }
  Vec operator/(int k) const { return Vec(x / k, y / k); }
  Vec operator%(int k) const { return Vec(x % k, y % k); }
  Vec operator-() const { return Vec(-x, -y); }
  Vec operator+() const { return *this; }
  Vec operator~() const { return Vec(~x, ~y); }
  bool operator!() const { return x == 0 && y == 0; }
  Vec& operator+=(const Vec& o) { x += o.x; y += o.y; return *this; }
  Vec& operator-=(const Vec& o) { x -= o.x; y -= o.y; return *this; }
  Vec& operator*=(int k) { x *= k; y *= k; return *this; }
  Vec& operator<<=(int k) { x <<= k; y <<= k; return *this; }
  Vec operator<<(int k) const { return Vec(x << k, y << k); }
  Vec operator>>(int k) const { return Vec(x >> k, y >> k); }
  Vec operator&(const Vec& o) const { return Vec(x & o.x, y & o.y); }
  Vec operator|(const Vec& o) const { return Vec(x | o.x, y | o.y); }
  Vec operator^(const Vec& o) const { return Vec(x ^ o.x, y ^ o.y); }
  bool operator==(const Vec& o) const { return x == o.x && y == o.y; }
  bool operator!=(const Vec& o) const { return !(*this == o); }
  bool operator<(const Vec& o) const { return x < o.x || (x == o.x && y < o.y); }
  bool operator<=(const Vec& o) const { return !(o < *this); }
  bool operator>(const Vec& o) const { return o < *this; }
  bool operator>=(const Vec& o) const { return !(*this < o); }
  bool operator&&(const Vec& o) const { return !!*this && !!o; }
  Vec& operator++() { ++x; return *this; }
  Vec operator++(int) { Vec t = *this; ++y; return t; }
  Vec& operator--() { --x; return *this; }
  Vec operator--(int) { Vec t = *this; --y; return t; }
  int& operator[](int i) { return i == 0 ? x : y; }
  int operator[](int i) const { return i == 0 ? x : y; }
  int operator()(int a, int b) const { return x * a + y * b; }
  int operator()() const { return x + y; }
  explicit operator bool() const { return x || y; }
  operator long long() const { return (long long)x * 1000 + y; }
};
Vec operator*(int k, const Vec& v) { return v * k; }
struct Ptr { Vec* p; Vec* operator->() const { return p; } Vec& operator*() const { return *p; } };
struct Acc { int total = 0; Acc& operator,(int v) { total += v; return *this; } };
int main() {
  Vec a(1, 2), b(3, 4);
  Vec c = a + b * 2 - -a + +b;
  printf("%d %d\n", c.x, c.y);
  Vec d = (c / 2) % 4; Vec e = ~a; Vec g = (a << 3) >> 1; Vec h = (a & b) | (a ^ b);
  printf("%d %d %d %d %d %d %d %d\n", d.x, d.y, e.x, e.y, g.x, g.y, h.x, h.y);
  printf("%d %d %d %d %d %d %d %d\n", a == b, a != b, a < b, a <= b, a > b, a >= b, !a, !Vec());
  a += b; a -= Vec(1, 1); a *= 3; a <<= 1;
  printf("%d %d\n", a.x, a.y);
  Vec p1 = a++; Vec p2 = ++a; Vec m1 = a--; --a;
  printf("%d %d %d %d %d %d %d %d\n", p1.x, p1.y, p2.x, p2.y, m1.x, m1.y, a.x, a.y);
  a[0] = 5; a[1] += 2; const Vec ca(9, 8);
  printf("%d %d %d %d %d %d\n", a[0], a[1], ca[1], ca(2, 3), ca(), 3 * ca == ca * 3);
  Ptr pp = {&a}; pp->x = 11; (*pp).y = 12;
  printf("%d %d %d\n", a.x, a.y, (*pp)());
  long long asLL = ca; bool truth = static_cast<bool>(ca); if (ca) printf("true ");
  printf("%lld %d %d\n", asLL, truth, a && b);
  Acc acc; (acc, 1, 2, 3);
  printf("%d\n", acc.total);
  return 0;
}
