// Default arguments written as braced lists (`W w = {}`, `= {1, 2}`, `int k = {}`): copy-list-
// initialisation of the parameter at each call that omits it, class temporaries included.
#include <stdio.h>
struct W { int a = 3; int b; };
struct T {
  int v;
  T(int x = 7) : v(x) { printf("T(%d)\n", v); }
  T(const T& o) : v(o.v) { printf("copy T(%d)\n", v); }
  ~T() { printf("~T(%d)\n", v); }
};
int f(int x, W w = {}) { return x + w.a + w.b; }
int g(W w = {}, int k = {}) { return w.a * 10 + k; }
int h(W w = {5, 6}) { return w.a * w.b; }
int t(const T& r = {}) { return r.v; }
int u(int n, T byValue = {4}) { return n + byValue.v; }
struct Box {
  int sum;
  explicit Box(W w = {}, int k = {2}) : sum(w.a + w.b + k) {}
  int add(W w = {1, 1}) const { return sum + w.a + w.b; }
};
int main() {
  printf("%d %d %d\n", f(1), g(), h());
  printf("%d\n", g({2, 0}, 9));
  printf("t %d\n", t());
  printf("u %d\n", u(1));
  printf("u %d\n", u(2, T(1)));
  Box b;
  printf("box %d %d\n", b.sum, b.add());
  return f(0) + h();
}
