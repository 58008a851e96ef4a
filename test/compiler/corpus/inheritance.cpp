// Single inheritance without virtual functions: base construction, member access through the base,
// derived-to-base conversions of pointers and references, hidden members.
#include <stdio.h>

struct Shape {
  int x;
  int y;
  Shape(int px, int py) : x(px), y(py) {}
  int originDistance() const { return (x < 0 ? -x : x) + (y < 0 ? -y : y); }
  const char* kind() const { return "shape"; }
};

struct Rect : Shape {
  int w;
  int h;
  Rect(int px, int py, int pw, int ph) : Shape(px, py), w(pw), h(ph) {}
  int area() const { return w * h; }
  const char* kind() const { return "rect"; }
};

struct Square : Rect {
  Square(int px, int py, int side) : Rect(px, py, side, side) {}
  int side() const { return w; }
};

int distanceOf(const Shape& s) { return s.originDistance(); }
int xOf(const Shape* s) { return s->x; }

int main() {
  Rect r(-3, 4, 5, 6);
  Square q(1, 2, 7);
  printf("%d %d %s %s\n", r.area(), r.originDistance(), r.kind(), static_cast<Shape&>(r).kind());
  printf("%d %d %d %d\n", q.area(), q.side(), distanceOf(q), xOf(&q));
  Shape* s = &r;
  s->x = 10;
  printf("%d %d\n", r.x, distanceOf(r));
  Rect copy = q;
  printf("%d %d %d\n", copy.w, copy.h, copy.x);
  return q.area();
}
