// Constructors and destructors at exactly the C++ points: end of scope (reverse order), early
// return, break and continue, members and bases, arrays of objects.
#include <stdio.h>

struct Tracer {
  int id;
  Tracer(int i) : id(i) { printf("ctor %d\n", id); }
  ~Tracer() { printf("dtor %d\n", id); }
};

struct Pair {
  Tracer first;
  Tracer second;
  Pair(int a, int b) : first(a), second(b) { printf("pair %d %d\n", a, b); }
  ~Pair() { printf("~pair\n"); }
};

struct Base {
  int tag;
  Base(int t) : tag(t) { printf("base %d\n", tag); }
  ~Base() { printf("~base %d\n", tag); }
};

struct Derived : Base {
  Tracer member;
  Derived(int t) : Base(t), member(t * 10) { printf("derived %d\n", t); }
  ~Derived() { printf("~derived %d\n", tag); }
};

int early(int n) {
  Tracer a(100);
  if (n > 0) {
    Tracer b(101);
    return n;
  }
  Tracer c(102);
  return -n;
}

void loop() {
  for (int i = 0; i < 4; i++) {
    Tracer t(200 + i);
    if (i == 1) continue;
    if (i == 3) break;
    printf("body %d\n", i);
  }
}

int main() {
  {
    Tracer one(1);
    Tracer two(2);
  }
  printf("early %d\n", early(5));
  printf("early %d\n", early(-5));
  loop();
  {
    Pair p(7, 8);
  }
  {
    Derived d(3);
    printf("tag %d member %d\n", d.tag, d.member.id);
  }
  int i = 0;
  while (i < 2) {
    Tracer w(300 + i);
    i++;
  }
  Tracer last(999);
  return 0;
}
