#include <stdio.h>

static int order = 0;

struct Base {
  int b;
  Base(int x) : b(x) { order = order * 10 + 1; }
};

struct D : Base {
  int a;
  int c = 5;
  D(int x, int y) : Base(y), a(x) { order = order * 10 + 2; }
  D(int x) : D(x, x * 2) { c += 1; order = order * 10 + 3; }
  D() : D(7) { a += 100; order = order * 10 + 4; }
};

template <typename T> struct Box {
  T v;
  int n;
  Box(T x, int k) : v(x), n(k) {}
  Box(T x) : Box(x, 1) { n *= 3; }
  Box() : Box<T>(T(2)) {}
};

struct Counted {
  int id;
  ~Counted() { printf("bye %d\n", id); }
  Counted(int i) : id(i) {}
  Counted() : Counted(42) { id += 1; }
};

int main() {
  D d0;
  printf("%d %d %d order %d\n", d0.a, d0.b, d0.c, order);
  order = 0;
  D d1(3);
  printf("%d %d %d order %d\n", d1.a, d1.b, d1.c, order);
  Box<int> bi;
  Box<double> bd(1.5);
  printf("%d %d %.1f %d\n", bi.v, bi.n, bd.v, bd.n);
  {
    Counted k;
    printf("k %d\n", k.id);
  }
  return d0.a - 100;
}
