// Variadic templates: fold expressions (unary/binary, left/right, arithmetic, comma, && and || with
// short-circuit side effects), sizeof..., recursion through overloads, forwarding a pack to printf,
// packs of mixed types and nested expansions f(g(xs)...).
#include <stdio.h>
#include <stdint.h>

template <typename... Ts> int sum(Ts... xs) { return (xs + ... + 0); }
template <typename... Ts> int64_t product(Ts... xs) { return (... * xs); }
template <typename... Ts> int leftMinus(Ts... xs) { return (100 - ... - xs); }
template <typename... Ts> int rightMinus(Ts... xs) { return (xs - ...); }
template <typename... Ts> double sumD(Ts... xs) { return (0.5 + ... + xs); }
template <typename... Ts> unsigned bitOr(Ts... xs) { return (xs | ...); }
template <typename... Ts> bool allLess(int limit, Ts... xs) { return ((xs < limit) && ...); }

int calls = 0;
bool noted(int v) {
  calls++;
  printf("noted %d\n", v);
  return v != 0;
}
template <typename... Ts> bool allNonZero(Ts... xs) { return (noted(xs) && ...); }
template <typename... Ts> bool anyNonZero(Ts... xs) { return (... || noted(xs)); }
template <typename... Ts> bool allEmpty(Ts... xs) { return (noted(xs) && ... && true); }

void show(int v) { printf("int %d\n", v); }
void show(double v) { printf("double %.3f\n", v); }
void show(int64_t v) { printf("int64 %lld\n", (long long)v); }
void show(const char* s) { printf("str %s\n", s); }
template <typename... Ts> void showAll(Ts... xs) { (show(xs), ...); }
template <typename... Ts> void showAllLeft(Ts... xs) { (..., show(xs)); }

template <typename... Ts> unsigned count(Ts...) { return sizeof...(Ts); }
template <typename... Ts> int countTypes() { return (int)sizeof...(Ts); }
template <int... Ns> int sumValues() { return (Ns + ... + 0); }
template <typename... Ts> int countBoth(Ts... xs) { return (int)(sizeof...(xs) * 10 + sizeof...(Ts)); }

int maxOf(int v) { return v; }
template <typename T, typename... R> int maxOf(T first, R... rest) {
  int m = maxOf(rest...);
  return first > m ? first : m;
}

void printAll() { printf("\n"); }
template <typename T, typename... R> void printAll(T first, R... rest) {
  show(first);
  printAll(rest...);
}

template <typename... Args> void log(const char* fmt, Args... args) { printf(fmt, args...); }
template <typename... Args> int logCount(const char* fmt, Args... args) {
  printf(fmt, args...);
  return (int)sizeof...(args);
}

int twice(int v) { return 2 * v; }
int square(int v) { return v * v; }
template <typename... Ts> int sumTwice(Ts... xs) { return sum(twice(xs)...); }
template <typename... Ts> int sumSquaresPlus(Ts... xs) { return sum(square(xs) + 1 ...); }
template <typename... Ts> int forward(Ts... xs) { return sum(xs...); }
template <typename... Ts> int nested(Ts... xs) { return sum(sum(xs, xs)...); }

template <typename... Ts> int byRef(const Ts&... xs) { return (xs + ... + 0); }
template <typename... Ts> void increment(Ts&... xs) { (++xs, ...); }

template <typename... Ts> int inLambdas(Ts... xs) {
  auto byRef = [&]() { return (xs + ...); };
  auto byCopy = [=]() { return (xs * ...); };
  auto explicitCopy = [xs...]() { return (0 - ... - xs); };
  auto explicitRef = [&xs...]() { (++xs, ...); };
  int before = byRef() * 1000 + byCopy() * 10 + explicitCopy();
  explicitRef();
  return before + byRef() * 100000;
}

void pair(int a, double b) { printf("pair %d %.1f\n", a, b); }
template <typename... Ts> void forwardAll(Ts&&... xs) { pair(xs...); }
template <typename... Ts> void setAll(Ts&&... xs) { ((xs = 7), ...); }

struct Acc {
  int total = 0;
  template <typename... Ts> Acc& add(Ts... xs) {
    ((total += xs), ...);
    return *this;
  }
};
bool pickBig(int& r, int x) {
  if (x <= 10) return false;
  r = x;
  return true;
}
template <typename... Ts> int firstOf(int fallback, Ts... xs) {
  int r = fallback;
  bool found = (pickBig(r, xs) || ...);
  return found ? r : -r;
}

int main() {
  printf("sum %d %d %d\n", sum(), sum(1), sum(1, 2, 3, 4));
  printf("product %lld\n", (long long)product(2, 3, (int64_t)100000, 100000));
  printf("minus %d %d\n", leftMinus(1, 2, 3), rightMinus(10, 4, 3));
  printf("sumD %.3f\n", sumD(1, 2.25, 3.5f));
  printf("bitOr %u\n", bitOr(1u, 2u, 8u, 64u));
  printf("allLess %d %d %d\n", allLess(5, 1, 2, 3), allLess(2, 1, 2, 3), allLess(0));
  printf("all %d\n", allNonZero(1, 2, 0, 4));
  printf("any %d\n", anyNonZero(0, 0, 3, 4));
  printf("empty %d %d\n", allNonZero(), anyNonZero());
  printf("allEmpty %d\n", allEmpty(7));
  printf("calls %d\n", calls);
  showAll(1, 2.5, (int64_t)1 << 40, "text");
  showAllLeft("a", 3);
  showAll();
  printf("count %u %u %d %d\n", count(), count(1, 'c', 2.0), countTypes<int, char, double, float>(), countTypes<>());
  printf("values %d\n", sumValues<1, 2, 3, 40>());
  printf("both %d\n", countBoth(1, 2, 3));
  printf("max %d %d\n", maxOf(3, 9, 2, 7), maxOf(-4));
  printAll(1, 2.0, "three", (int64_t)4);
  log("log %d %s %.2f %lld\n", 42, "mixed", 1.5, (long long)-7);
  log("plain\n");
  log("promoted %.2f %d %d %u\n", 2.5f, (char)65, (short)-3, (unsigned char)200);
  printf("logCount %d\n", logCount("%d-%d\n", 5, 6));
  printf("sumTwice %d\n", sumTwice(1, 2, 3));
  printf("sumSquaresPlus %d\n", sumSquaresPlus(1, 2, 3));
  printf("forward %d\n", forward(4, 5, 6));
  printf("nested %d\n", nested(1, 2, 3));
  int a = 1;
  int b = 10;
  printf("byRef %d\n", byRef(a, b, 100));
  increment(a, b);
  printf("increment %d %d\n", a, b);
  printf("inLambdas %d %d\n", inLambdas(2, 3, 4), inLambdas(7));
  int lv = 3;
  double dv = 4.5;
  forwardAll(lv, dv);
  forwardAll(5, 6.5);
  setAll(lv, dv);
  printf("setAll %d %.1f\n", lv, dv);
  Acc acc;
  printf("acc %d\n", acc.add(1, 2, 3).add().add(10).total);
  printf("firstOf %d %d\n", firstOf(1, 3, 12, 40), firstOf(2, 1, 2));
  return sum(1, 2) + maxOf(1, 5, 2);
}
