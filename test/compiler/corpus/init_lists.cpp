// Brace initialisation: std::initializer_list parameters and constructors, aggregates with nested
// lists, value-initialised members, arrays of aggregates.
#include <stdio.h>
#include <initializer_list>

int sum(std::initializer_list<int> values) {
  int s = 0;
  for (const int* p = values.begin(); p != values.end(); p++) s += *p;
  return s;
}

struct Series {
  int count;
  long long total;
  Series(std::initializer_list<long long> xs) : count(0), total(0) {
    for (const long long* p = xs.begin(); p != xs.end(); p++) {
      count++;
      total += *p;
    }
  }
};

struct Inner {
  short a;
  float b;
};

struct Outer {
  Inner in;
  int tail[3];
  bool flag;
};

int main() {
  printf("%d %d %d\n", sum({1, 2, 3}), sum({}), sum({-5, 10}));
  Series s = {10000000000LL, 5, -3};
  Series t{1, 2};
  printf("%d %lld %d %lld\n", s.count, s.total, t.count, t.total);
  Outer o = {{7, 1.5f}, {1, 2}, true};
  printf("%d %.1f %d %d %d %d\n", o.in.a, o.in.b, o.tail[0], o.tail[1], o.tail[2], o.flag);
  Outer z = {};
  printf("%d %.1f %d %d\n", z.in.a, z.in.b, z.tail[2], z.flag);
  Inner list[3] = {{1, 0.5f}, {2}};
  printf("%d %.2f %d %.2f %d\n", list[0].a, list[0].b, list[1].a, list[1].b, list[2].a);
  return sum({4, 5, 6});
}
