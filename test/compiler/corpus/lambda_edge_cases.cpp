// Lambda edge cases: capturing a reference variable by copy and by reference, a generic lambda
// calling itself through its parameter, a default argument, a lambda without captures tested as a bool
// and chosen by overload resolution through its pointer conversion, `this` in a constructor, const class
// captures, sizeof of an array captured by reference, a reference result, lambdas in a switch.
#include <stdio.h>
struct K {
  int v;
  K(int x) : v(x) { auto g = [this] { v *= 2; }; g(); }
  K(const K& o) : v(o.v) { printf("copy K\n"); }
  int get() const { return v; }
};
int over(int (*f)(int)) { return f(1); }
int over(double) { return -1; }
int main() {
  int x = 4;
  int& r = x;
  auto byCopy = [r]() mutable { r++; return r; };
  auto byRef = [&r]() { r += 10; return r; };
  int c1 = byCopy();
  int c2 = byRef();
  printf("ref var %d %d %d\n", c1, c2, x);
  auto fact = [](auto self, int n) -> int { return n <= 1 ? 1 : n * self(self, n - 1); };
  printf("fact %d\n", fact(fact, 5));
  auto dflt = [](int a, int b = 3) { return a * b; };
  printf("default %d %d\n", dflt(2), dflt(2, 5));
  auto empty = [](int q) { return q; };
  bool ok = empty;
  if (empty) printf("bool %d\n", ok);
  const K k(5);
  auto useK = [k] { return k.get(); };
  auto useKr = [&k] { return k.get() + 1; };
  printf("K %d %d\n", useK(), useKr());
  int arr[4] = {1, 2, 3, 4};
  auto len = [&arr] { return (int)(sizeof(arr) / sizeof(arr[0])); };
  printf("len %d\n", len());
  auto getRef = [&x]() -> int& { return x; };
  getRef() = 77;
  printf("x %d over %d\n", x, over([](int q) { return q + 41; }));
  for (int i : arr) {
    switch (i) {
      case 2: [&] { x += i; }(); break;
      default: break;
    }
  }
  printf("x %d\n", x);
  return 0;
}
