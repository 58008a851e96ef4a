// The address of a function template: deduced from the target type, given explicitly, passed as a
// function-pointer argument, and named alone (`auto p = &f<long>`); each specialization is compiled.
#include <stdio.h>
template <typename T> T twice(T x) { return x + x; }
template <typename T> T thrice(T x) { return x + x + x; }
template <typename T> T add(T a, T b) { return a + b; }
int (*const deduced)(int) = thrice;
int (*const given)(int) = &thrice<int>;
float (*const real)(float) = &twice;
int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
int main() {
  volatile int v = 7;
  auto named = &twice<long>;
  printf("%d %d %g %ld %d\n", deduced(v), given(v), (double)real(1.5f), named(v), apply(add, v, 3));
  return 0;
}
