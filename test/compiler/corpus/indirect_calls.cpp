// Calls through function pointers and references to functions: arguments converted to the pointer's
// parameter types, scalar, reference and class results, arrays of pointers, callbacks, `(*f)(x)`.
#include <stdio.h>

struct Pair {
  int a;
  int b;
};

int twice(int v) { return 2 * v; }
int thrice(int v) { return 3 * v; }
double half(double x) { return x / 2; }
long long widen(long long x, int s) { return x << s; }
void say(const char* s) { printf("say %s\n", s); }
int& pick(int& x, int& y) { return x > y ? x : y; }
Pair swap(Pair p) { return Pair{p.b, p.a}; }
int sum(const Pair& p) { return p.a + p.b; }
struct Math { static int square(int v) { return v * v; } };

typedef int (*Op)(int);
typedef Pair (*PairFn)(Pair);

int apply(int (*f)(int), int v) { return f(v); }
int applyTwice(Op f, int v) { return (*f)(f(v)); }
int fold(const Op* ops, int n, int v) {
  for (int i = 0; i < n; i++) v = ops[i](v);
  return v;
}
Op choose(int i) { return i ? thrice : &twice; }
int countdown(int (*self)(int, void*), int n, void* fn) { return n <= 0 ? 0 : 1 + self(n - 1, fn); }
int step(int n, void* fn) { return countdown(step, n, fn); }

template <class T> T applyT(T (*f)(T), T x) { return f(f(x)); }

int main() {
  printf("%d %d\n", applyT(twice, 3), (int)applyT(half, 10.0));
  printf("%d %d\n", apply(twice, 5), apply(&thrice, 5));
  printf("%d\n", applyTwice(Math::square, 3));
  Op ops[3] = {twice, thrice, &Math::square};
  printf("%d\n", fold(ops, 3, 1));
  printf("%d %d\n", choose(0)(7), choose(1)(7));
  double (*h)(double) = half;
  printf("%d\n", (int)(h(9) * 10));
  printf("%d\n", (int)(h(7) * 10));
  long long (*w)(long long, int) = widen;
  printf("%lld\n", w(3, 35));
  char c = 'A';
  printf("%d\n", apply(twice, c));
  void (*s)(const char*) = say;
  s("hi");
  int x = 4, y = 9;
  int& (*pk)(int&, int&) = pick;
  pk(x, y) = 100;
  printf("%d %d\n", x, y);
  PairFn sw = swap;
  Pair q = sw(Pair{1, 2});
  printf("%d %d\n", q.a, q.b);
  int (*su)(const Pair&) = sum;
  printf("%d\n", su(q) + su(Pair{10, 20}));
  int (&ref)(int) = thrice;
  printf("%d\n", ref(11));
  printf("%d\n", countdown(step, 6, nullptr));
  Op none = nullptr;
  int total = 0;
  for (int i = 0; i < 3; i++) {
    Op f = i == 1 ? none : ops[i];
    if (f) total += f(i + 1);
  }
  return total;
}
