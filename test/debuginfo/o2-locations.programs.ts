// Programs the -O2 location-list tests step through: loops (counted, while, nested, with 64-bit and
// float accumulators), calls (a loop around a call, recursion, pointer parameters), block locals
// whose registers the allocator reuses once they are dead, and `int64_t` loop counters that -O2 keeps
// in one 32-bit register (opt/narrow-loops.ts) or, read as 64-bit values, leaves whole.

export const O2_PROGRAMS: Readonly<Record<string, string>> = {
  'loops.cpp': `#include <stdio.h>
int collatz(int n) {
  int steps = 0;
  while (n != 1) {
    if (n % 2) n = 3 * n + 1;
    else n = n / 2;
    steps++;
  }
  return steps;
}
int main() {
  int total = 0;
  for (int i = 1; i < 40; i++) {
    int s = collatz(i);
    total += s;
  }
  unsigned hash = 2166136261u;
  for (int k = 0; k < 100; k++) {
    hash ^= (unsigned)k;
    hash *= 16777619u;
  }
  long long acc = 0;
  for (int a = 0; a < 30; a++) {
    for (int b = 0; b < 10; b++) acc += a * b - (a ^ b);
  }
  printf("%d %u %lld\\n", total, hash, acc);
  return 0;
}
`,
  'sort.cpp': `#include <stdio.h>
static unsigned seed = 12345;
unsigned next_random() {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 16) & 0x7fff;
}
int checksum(const int* v, int n) {
  int sum = 0;
  for (int i = 0; i < n; i++) {
    int w = v[i] * (i + 1);
    sum ^= w;
  }
  return sum;
}
int main() {
  int v[12];
  for (int i = 0; i < 12; i++) v[i] = (int)(next_random() % 1000);
  for (int pass = 0; pass < 11; pass++) {
    int swaps = 0;
    for (int j = 0; j + 1 < 12 - pass; j++) {
      if (v[j] > v[j + 1]) {
        int t = v[j];
        v[j] = v[j + 1];
        v[j + 1] = t;
        swaps++;
      }
    }
    if (swaps == 0) break;
  }
  int c = checksum(v, 12);
  printf("%d %d %d\\n", v[0], v[11], c);
  return 0;
}
`,
  'calls.cpp': `#include <stdio.h>
int fib(int n) {
  if (n < 2) return n;
  int a = fib(n - 1);
  int b = fib(n - 2);
  return a + b;
}
int gcd(int x, int y) {
  while (y != 0) {
    int r = x % y;
    x = y;
    y = r;
  }
  return x;
}
float mean(const float* xs, int n) {
  float sum = 0.0f;
  for (int i = 0; i < n; i++) sum += xs[i];
  float m = sum / n;
  return m;
}
int main() {
  int f = fib(9);
  int g = 0;
  for (int k = 1; k < 8; k++) {
    int d = gcd(k * 84, 36 + k);
    g += d;
  }
  float xs[6] = {1.5f, 2.25f, -3.0f, 4.0f, 0.5f, 8.0f};
  float m = mean(xs, 6);
  int scaled = (int)(m * 100.0f) + f + g;
  printf("%d %d %d\\n", f, g, scaled);
  return 0;
}
`,
  'counters.cpp': `#include <stdio.h>
#include <stdint.h>
int weight(int x) {
  int w = (x * 7) % 13 - 6;
  return w;
}
long long total(const int* v, int64_t n) {
  long long sum = 0;
  for (int64_t j = 0; j < n; j++) {
    int w = weight(v[j]);
    sum += w * 3;
  }
  return sum;
}
int main() {
  int v[24];
  for (int i = 0; i < 24; i++) v[i] = i * 5 - 40;
  long long t = total(v, 24);
  long long u = 0;
  for (int64_t k = 3; k < 20; k++) {
    int w = weight((int)k);
    u += w * k;
  }
  printf("%lld %lld\\n", t, u);
  return 0;
}
`,
};
