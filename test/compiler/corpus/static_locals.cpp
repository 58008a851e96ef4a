// Static locals with dynamic initialisation: the initialiser runs once, the first time control
// passes the declaration (a guard byte), whatever the path; constant ones are plain data.
#include <stdio.h>

static int calls = 0;
static int produce(int v) {
  calls++;
  printf("produce(%d)\n", v);
  return v * 3;
}

struct Point {
  int x, y;
  Point(int a, int b) : x(a), y(b) { printf("Point(%d, %d)\n", a, b); }
  int sum() const { return x + y; }
};

int table[4] = {5, 6, 7, 8};
const int k = 5;

int shadowed(int k) {
  static int n = k;  // the parameter, not the global constant: dynamic
  return n;
}

int first_argument(int a) {
  static int first = produce(a);  // the first call's argument
  return first;
}

int counter() {
  static int constant = 100;  // constant: data, no guard
  static Point p(produce(1), 2);
  p.x++;
  return constant++ + p.sum();
}

int& pick(int i) { return table[i]; }

int via_reference(int i) {
  static int& r = pick(i);  // binds once
  return r++;
}

long long widened(int n) {
  static long long big = (long long)produce(n) << 33;
  static double half = produce(n + 1) / 2.0;
  return big + (long long)half;
}

int lazily(int n) {
  if (n < 2) return -1;
  static int arr[3] = {produce(n), produce(n + 1), n};
  arr[2] += 1;
  return arr[0] + arr[1] + arr[2];
}

int main() {
  for (int i = 1; i <= 3; i++) printf("first %d\n", first_argument(i * 7));
  for (int i = 0; i < 3; i++) printf("counter %d\n", counter());
  for (int i = 0; i < 3; i++) printf("ref %d\n", via_reference(i + 1));
  printf("table %d %d %d\n", table[0], table[1], table[2]);
  long long w1 = widened(2);
  long long w2 = widened(9);
  printf("widened %lld %lld\n", w1, w2);
  for (int i = 0; i < 4; i++) printf("lazily(%d) %d\n", i, lazily(i));
  int s1 = shadowed(2);
  int s2 = shadowed(3);
  printf("shadowed %d %d\n", s1, s2);
  printf("calls %d\n", calls);
  return calls;
}
