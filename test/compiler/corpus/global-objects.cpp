// Globals built and destroyed by code around main: a user default constructor, a class with a
// virtual destructor, a member with a destructor, an array of objects; construction in declaration
// order before main, destruction in reverse order after it.
#include <stdio.h>

struct Counter {
  int n;
  Counter() : n(5) { printf("Counter() %d\n", n); }
  ~Counter() { printf("~Counter %d\n", n); }
};

struct Shape {
  virtual ~Shape() { printf("~Shape\n"); }
  virtual int sides() const { return 0; }
};

struct Square : Shape {
  int side = 3;
  ~Square() override { printf("~Square %d\n", side); }
  int sides() const override { return 4; }
};

struct Holder {
  Counter c;
  int k;
};

struct Tag {
  int id;
  Tag() { static int next = 0; id = ++next; printf("Tag %d\n", id); }
  ~Tag() { printf("~Tag %d\n", id); }
};

Counter g;
Square sq;
Holder h;
Tag tags[3];
int plain = 7;

int main() {
  printf("main: g.n=%d sides=%d side=%d h.c.n=%d plain=%d\n", g.n, sq.sides(), sq.side, h.c.n, plain);
  Shape* s = &sq;
  printf("virtual sides=%d\n", s->sides());
  g.n = 42;
  for (int i = 0; i < 3; i++) printf("tag[%d]=%d\n", i, tags[i].id);
  return 0;
}
