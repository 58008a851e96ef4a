// constexpr functions called with constants are evaluated at compile time: in static_assert, array
// bounds, enumerator values, template arguments, case labels and global initialisers.
#include <stdio.h>

constexpr int sq(int x) { return x * x; }
constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
constexpr int gcd(int a, int b) {
  while (b != 0) {
    int t = a % b;
    a = b;
    b = t;
  }
  return a;
}
constexpr int odd_sum(int n) {
  int s = 0;
  for (int i = 1; i <= n; ++i) {
    if (i % 2 == 0) continue;
    if (i > 11) break;
    s += i;
  }
  return s;
}
constexpr unsigned char low_byte(int v) { return v; }
constexpr int sign(int v) { return v < 0 ? -1 : v > 0 ? 1 : 0; }

static_assert(fact(5) == 120, "fact");
static_assert(gcd(84, 36) == 12, "gcd");
static_assert(low_byte(300) == 44, "low");

enum Limits { Small = sq(2), Big = fact(4), Mixed = gcd(18, 12) + sign(-7) };
template <int N> struct Fixed { static constexpr int value = N * 10; };

int table[sq(3)];
const int kOdd = odd_sum(100);
int global_fact = fact(6);

const char *name(int v) {
  switch (v) {
    case sq(2): return "four";
    case fact(3): return "six";
    case sign(-9): return "minus one";
    default: return "other";
  }
}

int main() {
  int local[fact(3)];
  for (int i = 0; i < fact(3); i++) local[i] = sq(i);
  printf("%d %d %d\n", (int)sizeof(table), (int)sizeof(local), local[5]);
  printf("%d %d %d\n", Small, Big, Mixed);
  printf("%d %d\n", Fixed<gcd(10, 4)>::value, Fixed<odd_sum(7)>::value);
  printf("%d %d %d\n", kOdd, global_fact, (int)low_byte(511));
  printf("%s %s %s %s\n", name(4), name(6), name(-1), name(5));
  int n = 5;
  printf("%d %d\n", fact(n), gcd(n * 6, 45));
  return sq(3) + sign(-3);
}
