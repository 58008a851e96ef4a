// Default member initialisers that need code: calls, earlier members and `this`, brace and class
// values, arrays, pointers and references into the object; used by user constructors that do not name
// the member, by implicit default constructors, and by aggregate initialisation that leaves members out.
#include <stdio.h>

static int serial = 0;
int next(const char* who) { ++serial; printf("next for %s -> %d\n", who, serial); return serial; }

struct Foo {
  int a, b;
  Foo(int x, int y) : a(x), b(y) { printf("Foo(%d, %d)\n", a, b); }
  explicit Foo(int x) : a(x), b(-x) { printf("Foo(%d)\n", a); }
  Foo(const Foo& o) : a(o.a), b(o.b) { printf("Foo copy(%d)\n", a); }
  ~Foo() { printf("~Foo(%d, %d)\n", a, b); }
};

struct Temp {
  int v;
  Temp(int x) : v(x) { printf("Temp(%d)\n", v); }
  ~Temp() { printf("~Temp(%d)\n", v); }
  int get() const { return v; }
};

struct Holder {
  int n = next("n");
  int m = n * 2;
  Foo f{1, 2};
  Foo g = Foo(3);
  int arr[3] = {n, m, 7};
  int* p = &n;
  int& r = m;
  Holder* self = this;
  int fromTemp = Temp(5).get() + 1;
  Holder() { printf("Holder() body n=%d m=%d\n", n, m); }
  explicit Holder(int k) : m(k) { printf("Holder(int) body n=%d m=%d\n", n, m); }
  ~Holder() { printf("~Holder n=%d\n", n); }
  void show() const {
    printf("n=%d m=%d f=%d,%d g=%d,%d arr=%d,%d,%d *p=%d r=%d self=%d fromTemp=%d\n", n, m, f.a, f.b, g.a, g.b,
           arr[0], arr[1], arr[2], *p, r, self == this, fromTemp);
  }
};

struct Plain {          // implicit default constructor
  int x = next("Plain::x");
  Foo f = Foo(x + 10);
  double d = x / 2.0;
};

struct Agg {            // aggregate
  int a;
  int b = a + 100;
  int c[2] = {b, b + 1};
  const char* name = "agg";
};

struct Base {
  int id = next("Base::id");
  virtual ~Base() { printf("~Base %d\n", id); }
};

struct Derived : Base {
  int twice = id * 2;
  Derived() { printf("Derived body id=%d twice=%d\n", id, twice); }
};

int main() {
  {
    Holder h;
    h.show();
    Holder k(40);
    k.show();
    k.n = 9;
    printf("after write *p=%d\n", *k.p);
  }
  {
    Plain q;
    printf("Plain x=%d f=%d d=%.1f\n", q.x, q.f.a, q.d);
  }
  Agg s{1};
  printf("Agg %d %d %d %d %s\n", s.a, s.b, s.c[0], s.c[1], s.name);
  Agg t{1, 2};
  printf("Agg %d %d %d %d %s\n", t.a, t.b, t.c[0], t.c[1], t.name);
  Agg u{};
  printf("Agg %d %d %d %d %s\n", u.a, u.b, u.c[0], u.c[1], u.name);
  {
    Derived d;
  }
  return serial;
}
