// Structs: members of every width, nesting, arrays of structs, copies, passing and returning by value.
#include <stdio.h>
#include <stdint.h>

struct Point {
  int x;
  int y;
};

struct Mixed {
  char c;
  int16_t s;
  int32_t i;
  uint8_t b;
  Point p;
  int64_t w;
};

Point add(Point a, Point b) {
  Point r;
  r.x = a.x + b.x;
  r.y = a.y + b.y;
  return r;
}

void scale(Point* p, int k) {
  p->x *= k;
  p->y *= k;
}

void moveTo(Point& p, int x, int y) {
  p.x = x;
  p.y = y;
}

Mixed make(int seed) {
  Mixed m;
  m.c = (char)('a' + seed);
  m.s = (int16_t)(-1000 * seed);
  m.i = 100000 * seed;
  m.b = (uint8_t)(250 + seed);
  m.p.x = seed;
  m.p.y = -seed;
  m.w = (int64_t)seed * 3000000000LL;
  return m;
}

int main() {
  Point a = {1, 2};
  Point b = {10, 20};
  Point c = add(a, b);
  printf("%d %d\n", c.x, c.y);
  scale(&c, 3);
  printf("%d %d\n", c.x, c.y);
  moveTo(a, 7, 8);
  printf("%d %d\n", a.x, a.y);
  Point arr[3] = {{1, 1}, {2, 4}, {3, 9}};
  int sy = 0;
  for (int i = 0; i < 3; i++) sy += arr[i].y;
  printf("%d\n", sy);
  Point copy = arr[1];
  copy.x = 99;
  printf("%d %d\n", copy.x, arr[1].x);
  arr[0] = copy;
  printf("%d %d\n", arr[0].x, arr[0].y);
  Mixed m = make(3);
  printf("%c %d %d %u %d %d %lld\n", m.c, m.s, m.i, m.b, m.p.x, m.p.y, m.w);
  Mixed n = m;
  n.p = c;
  printf("%d %d %d\n", n.p.x, m.p.x, n.i);
  return c.x;
}
