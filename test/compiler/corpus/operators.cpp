// Operator overloading: arithmetic, compound assignment, comparison, subscript, unary, conversion.
#include <stdio.h>

struct Vec2 {
  int x;
  int y;
  Vec2(int a, int b) : x(a), y(b) {}
  Vec2 operator+(const Vec2& o) const { return Vec2(x + o.x, y + o.y); }
  Vec2 operator-() const { return Vec2(-x, -y); }
  Vec2& operator+=(const Vec2& o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  bool operator==(const Vec2& o) const { return x == o.x && y == o.y; }
  int operator[](int i) const { return i == 0 ? x : y; }
};

Vec2 operator*(const Vec2& v, int k) { return Vec2(v.x * k, v.y * k); }

struct Counter {
  int n;
  Counter() : n(0) {}
  Counter& operator++() {
    n++;
    return *this;
  }
  operator int() const { return n; }
};

struct Fixed {
  int raw;
  explicit Fixed(int r) : raw(r) {}
  Fixed operator*(Fixed o) const { return Fixed((raw * o.raw) >> 8); }
  bool operator<(Fixed o) const { return raw < o.raw; }
};

int main() {
  Vec2 a(1, 2);
  Vec2 b(10, 20);
  Vec2 c = a + b;
  printf("%d %d\n", c.x, c.y);
  Vec2 d = -c;
  printf("%d %d\n", d[0], d[1]);
  c += a;
  c += a;
  printf("%d %d\n", c.x, c.y);
  Vec2 e = a * 5;
  printf("%d %d %d %d\n", e.x, e.y, a == Vec2(1, 2), a == b);
  Counter k;
  ++k;
  ++++k;
  int asInt = k;
  printf("%d %d\n", asInt, k + 10);
  Fixed half(128);
  Fixed three(768);
  Fixed p = half * three;
  printf("%d %d %d\n", p.raw, half < three, three < half);
  return c.x;
}
