// `this` in lambdas: captured explicitly (`[this]`), implicitly by `[=]` and `[&]` when members or
// member functions are named, `[*this]` (a copy of the object, mutable or not), `this` through nested
// lambdas, and a lambda in a const member function.
#include <stdio.h>
struct Counter {
  int v;
  int scale() const { return v * 2; }
  void bump(int by) { v += by; }
  int explicit_this() { auto g = [this]() { return v + scale(); }; return g(); }
  int default_copy() const { auto g = [=]() { return v * 3 + this->scale(); }; return g(); }
  int default_ref() { auto g = [&]() { v += 1; bump(2); return scale(); }; return g(); }
  int copy_of_object() {
    auto g = [*this]() mutable { v += 100; return v; };
    int first = g();
    int second = g();
    return first + second + v;
  }
  int const_copy() { auto g = [*this] { return scale() + v; }; v = 0; return g(); }
  int nested() { auto g = [this] { auto h = [this] { return this->v + 1; }; return h() * 10; }; return g(); }
  int nested_default() { auto g = [=] { return [&] { v += 7; return v; }(); }; return g(); }
  int with_locals(int k) { int local = 3; auto g = [&, k] { bump(k); return local + v; }; return g(); }
};
struct Noisy {
  int id;
  Noisy(int i) : id(i) {}
  Noisy(const Noisy& o) : id(o.id + 1) { printf("copy Noisy %d\n", o.id); }
  ~Noisy() { printf("~Noisy %d\n", id); }
  int copied() { auto g = [*this] { return id; }; return g(); }
};
int main() {
  Counter c{4};
  int r = c.explicit_this();
  printf("explicit %d\n", r);
  r = c.default_copy();
  printf("default copy %d\n", r);
  r = c.default_ref();
  printf("default ref %d v %d\n", r, c.v);
  r = c.copy_of_object();
  printf("copy %d v %d\n", r, c.v);
  r = c.const_copy();
  printf("const copy %d v %d\n", r, c.v);
  c.v = 5;
  r = c.nested();
  printf("nested %d\n", r);
  r = c.nested_default();
  printf("nested default %d v %d\n", r, c.v);
  r = c.with_locals(4);
  printf("locals %d v %d\n", r, c.v);
  Noisy n(1);
  r = n.copied();
  printf("noisy %d\n", r);
  return 0;
}
