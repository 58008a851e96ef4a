// More lambda shapes: a nested lambda capturing a capture of its enclosing lambda (by copy and by
// reference), mutable closures and their copies, lambdas returning class objects (with destructors)
// and references, closures holding class objects with destructors copied into templates and
// destroyed with each copy, immediately invoked lambdas, closures returned from functions.
#include <stdio.h>
struct T {
  int v;
  T(int x) : v(x) { printf("T(%d)\n", x); }
  T(const T& o) : v(o.v + 1) { printf("copy T %d\n", o.v); }
  ~T() { printf("~T %d\n", v); }
};
template <class F> int run(F f) { return f(); }
template <class F> int run_ref(const F& f, int k) { return f(k); }
static auto make_adder(int n) {
  return [n](int x) { return n + x; };
}
static auto make_counter() {
  return [c = 0]() mutable { return ++c; };
}
int main() {
  int a = 2;
  int b = 3;
  auto outer = [a, &b](int x) {
    auto inner = [a, &b, x]() { b += a; return a * x + b; };
    return inner() + inner();
  };
  int nested = outer(10);
  printf("nested %d b %d\n", nested, b);
  int n = 0;
  auto counter = [n]() mutable { n += 5; return n; };
  counter();
  auto copy = counter;
  int m1 = counter();
  int m2 = copy();
  int m3 = copy();
  printf("mutable %d %d %d n %d\n", m1, m2, m3, n);
  auto mkT = [](int v) { return T(v * 2); };
  {
    T t = mkT(4);
    printf("returned %d\n", t.v);
  }
  printf("temp %d\n", mkT(5).v);
  int arr[2] = {1, 2};
  auto at = [&arr](int i) -> int& { return arr[i]; };
  at(1) = 40;
  printf("ref result %d\n", arr[1]);
  {
    T held(9);
    auto g = [held](int k) { return held.v + k; };
    printf("by value %d\n", run([g] { return g(1); }));
    printf("by ref %d\n", run_ref(g, 2));
  }
  printf("after block\n");
  const int computed = [&] {
    int s = 0;
    for (int i = 1; i <= 4; i++) s += i * a;
    return s;
  }();
  printf("iife %d\n", computed);
  [&b]() { b = 100; }();
  printf("iife void %d\n", b);
  auto add5 = make_adder(5);
  auto c1 = make_counter();
  c1();
  int f1 = add5(1);
  printf("factory %d %d\n", f1, c1());
  int total = 0;
  for (int i = 0; i < 3; i++) {
    auto step = [=, &total]() mutable { total += i; i = 100; return i; };
    step();
  }
  printf("loop %d\n", total);
  return 0;
}
