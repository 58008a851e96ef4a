// Structured bindings (C++17): by value, by reference, by const reference to a temporary, over arrays,
// classes with a base, reference members, braces and parentheses, and in range-based for loops.
#include <stdio.h>

struct Point { int x; int y; };
struct Pair { int key; long value; };
struct Base { short a; char b; };
struct Derived : Base {};
struct Holder { int& ref; int plain; };
struct Counted {
  int v;
  Counted(int n) : v(n) { printf("make %d\n", n); }
  Counted(const Counted& o) : v(o.v + 100) { printf("copy %d\n", o.v); }
  ~Counted() { printf("drop %d\n", v); }
};
struct Boxed { Counted c; int tag; };

Point makePoint(int s) { return Point{s, s * 2}; }

struct Grid {
  int cells[3];
  Point origin;
  int sum() const {
    const auto& [c, o] = *this;
    return c[0] + c[1] + c[2] + o.x + o.y;
  }
};

template <typename T> int firstTwo(const T& t) {
  const auto& [inner, tag] = t;
  auto [a, b] = inner;
  return a * b + tag;
}
struct Tagged { Point p; int tag; };

template <typename T> struct Wrap {
  T v;
  int bump() { auto& [a, b] = v; a += 40; return a + b; }
};

int lambdas(Point p) {
  auto [a, b] = p;
  auto& [ra, rb] = p;
  auto addA = [&](int n) { ra += n; return ra; };
  int r = addA(5);
  return r * 100 + a * 10 + b + p.x;
}

int conditions(Point p) {
  int out = 0;
  if (auto [a, b] = p; a < b) out += 1;
  switch (auto& [a, b] = p; a + b) {
  case 3: out += 10; break;
  default: out += 20;
  }
  while (p.x < 5) {
    auto& [a, b] = p;
    a++;
    out += b;
  }
  return out;
}

int sumPairs(Pair (&ps)[3]) {
  int s = 0;
  for (const auto& [k, v] : ps) s += k * (int)v;
  return s;
}

int main() {
  Point pt{3, 4};
  auto [x, y] = pt;
  x += 10;
  printf("copy: %d %d, original: %d %d\n", x, y, pt.x, pt.y);

  auto& [rx, ry] = pt;
  rx = 7;
  ry *= 3;
  printf("through ref: %d %d\n", pt.x, pt.y);

  const auto& [tx, ty] = makePoint(5);
  printf("temporary: %d %d\n", tx, ty);

  auto&& [fx, fy] = makePoint(6);
  fy += 1;
  printf("forwarding: %d %d\n", fx, fy);

  int arr[3] = {1, 2, 3};
  auto [a0, a1, a2] = arr;
  a0 = 100;
  auto& [r0, r1, r2] = arr;
  r2 = 30;
  printf("array: %d %d %d | %d %d %d\n", a0, a1, a2, arr[0], arr[1], arr[2]);

  auto [bx, by]{pt};
  auto [px, py](pt);
  printf("braces %d %d parens %d %d\n", bx, by, px, py);

  Derived d;
  d.a = 9;
  d.b = 'z';
  auto& [da, db] = d;
  da = -2;
  printf("base members: %d %c %d\n", da, db, d.a);

  int target = 11;
  Holder h{target, 5};
  auto [hr, hp] = h;
  hr = 12;
  printf("reference member: %d %d\n", target, hp);

  Pair pairs[3] = {{1, 10}, {2, 20}, {3, 30}};
  int total0 = 0;
  for (auto& [k, v] : pairs) v += k;
  for (auto [k, v] : pairs) { k = 0; v = (long)k; total0 += (int)v; }
  printf("pairs: %ld %ld %ld sum %d %d\n", pairs[0].value, pairs[1].value, pairs[2].value, sumPairs(pairs), total0);

  Point grid[2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};
  int total = 0;
  for (auto& row : grid)
    for (const auto& [gx, gy] : row) total += gx * gy;
  printf("grid %d\n", total);

  {
    Boxed bx1{Counted(1), 2};
    auto [c, tag] = bx1;
    auto& [rc, rtag] = bx1;
    rc.v += 5;
    printf("boxed %d %d %d %d\n", c.v, tag, rc.v, rtag);
  }

  Counted cs[2] = {Counted(7), Counted(8)};
  {
    auto [c0, c1] = cs;
    printf("counted copies %d %d\n", c0.v, c1.v);
  }
  Grid g{{1, 2, 3}, {4, 5}};
  auto& [cells, origin] = g;
  cells[2] = 30;
  origin.y += 1;
  printf("grid sum %d %d\n", g.sum(), origin.x);
  printf("lambdas %d conditions %d %d\n", lambdas(Point{1, 2}), conditions(Point{1, 2}), conditions(Point{4, 9}));

  Wrap<Point> w{{1, 2}};
  int bumped = w.bump();
  printf("templates %d %d %d\n", firstTwo(Tagged{{3, 4}, 5}), bumped, w.v.x);

  using Three = int[3];
  using Points = Point[2];
  int fromTemp = 0;
  for (int v : Three{4, 5}) fromTemp = fromTemp * 10 + v;
  for (auto& v : Three{1, 2, 3}) v *= 2;
  for (auto [tx2, ty2] : Points{{1, 2}, {3, 4}}) fromTemp += tx2 * ty2;
  for (const Counted& c : (Counted[2]){Counted(21), Counted(22)}) printf("temp counted %d\n", c.v);
  printf("temporary arrays %d\n", fromTemp);

  int* p = &ry;
  *p = 1;
  return pt.y + x;
}
