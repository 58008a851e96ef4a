// Virtual functions: dispatch through base pointers and references, overrides without the virtual
// keyword, calls from constructors and destructors, qualified calls to the base version, virtual
// destructors, pure virtual interfaces.
#include <stdio.h>

struct Shape {
  int id;
  Shape(int i) : id(i) { printf("Shape(%d) sees %s\n", id, name()); }
  virtual ~Shape() { printf("~Shape %d\n", id); }
  virtual const char* name() const { return "shape"; }
  virtual int area() const = 0;
  int describe() const {
    printf("%s #%d area %d\n", name(), id, area());
    return area();
  }
};

struct Square : Shape {
  int side;
  Square(int i, int s) : Shape(i), side(s) {}
  ~Square() { printf("~Square %d\n", id); }
  const char* name() const { return "square"; }
  int area() const { return side * side; }
};

struct Cube : Square {
  Cube(int i, int s) : Square(i, s) {}
  const char* name() const { return "cube"; }
  int area() const { return 6 * Square::area(); }
};

struct Circle : Shape {
  int r;
  Circle(int i, int radius) : Shape(i), r(radius) {}
  int area() const { return 3 * r * r; }
};

int total(const Shape* const* shapes, int n) {
  int sum = 0;
  for (int i = 0; i < n; i++) sum += shapes[i]->area();
  return sum;
}

int byRef(const Shape& s) { return s.area() + 1; }

int main() {
  Square sq(1, 3);
  Cube cu(2, 2);
  Circle ci(3, 5);
  const Shape* all[3] = {&sq, &cu, &ci};
  printf("total %d\n", total(all, 3));
  printf("%d %d %d\n", byRef(sq), byRef(cu), byRef(ci));
  for (int i = 0; i < 3; i++) all[i]->describe();
  Square copy = cu;
  printf("copy %s %d\n", copy.name(), copy.area());
  Shape& ref = cu;
  printf("ref %s\n", ref.name());
  return total(all, 3) % 256;
}
