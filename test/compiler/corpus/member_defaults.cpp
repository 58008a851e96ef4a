// Default member initialisers (constants) used by implicit and user constructors and by aggregate
// initialisation; static data members defined out of the class.
#include <stdio.h>

enum Level { Low = 1, High = 3 };

struct Settings {
  int retries = 3;
  float scale{0.5f};
  bool verbose = true;
  Level level = High;
  long long big = 10000000000LL;
  int unset;
};

struct Counter {
  int start = -5;
  int step = 2;
  int value;
  Counter() : value(start) {}
  explicit Counter(int s) : start(s), value(s) {}
  int next() {
    value += step;
    return value;
  }
};

struct Point {
  int x = 1;
  int y = 2;
};

int main() {
  Settings s;
  s.unset = 0;
  printf("%d %.2f %d %d %lld\n", s.retries, s.scale, s.verbose, s.level, s.big);
  Counter a;
  Counter b(10);
  a.next();
  b.next();
  printf("%d %d %d %d\n", a.next(), b.next(), a.start, b.start);
  Point p = {7};
  Point q{};
  printf("%d %d %d %d\n", p.x, p.y, q.x, q.y);
  return a.value;
}
