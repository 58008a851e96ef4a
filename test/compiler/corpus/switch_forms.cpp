// switch and if in their C++17 forms: case labels nested in inner blocks and loops (Duff's device),
// default anywhere, init-statements, declarations as conditions (destroyed when they go out of
// scope, each iteration for a while loop), and a switch on a class value through its conversion.
#include <stdio.h>

struct Code {
  int v;
  Code(int x) : v(x) { printf("Code(%d)\n", v); }
  Code(const Code& o) : v(o.v) { printf("Code(copy %d)\n", v); }
  ~Code() { printf("~Code(%d)\n", v); }
  operator int() const { return v; }
};

enum Color { Red, Green, Blue };
struct Paint {
  Color c;
  operator Color() const { return c; }
};

struct Counter {
  int n;
  Counter(int x) : n(x) { printf("Counter(%d)\n", n); }
  ~Counter() { printf("~Counter(%d)\n", n); }
  explicit operator bool() const { return n > 0; }
};

int source = 4;
Counter next() { return Counter(source--); }

void copy(int* to, const int* from, int count) {
  int n = (count + 3) / 4;
  switch (count % 4) {
  case 0: do { *to++ = *from++;
  case 3:      *to++ = *from++;
  case 2:      *to++ = *from++;
  case 1:      *to++ = *from++;
          } while (--n > 0);
  }
}

const char* classify(int x) {
  switch (x) {
  default:
    return "other";
  case 1:
    return "one";
  case 2: {
    if (x > 1) {
    case 3:
      return "two or three";
    }
  }
  }
  return "unreachable";
}

int f(int k) { return k * 3; }

int main() {
  int src[11], dst[11];
  for (int i = 0; i < 11; i++) { src[i] = i * i; dst[i] = -1; }
  for (int count = 0; count <= 11; count += 3) {
    for (int i = 0; i < 11; i++) dst[i] = -1;
    if (count) copy(dst, src, count);
    for (int i = 0; i < 11; i++) printf("%d ", dst[i]);
    printf("\n");
  }
  for (int i = 0; i < 5; i++) printf("%d:%s ", i, classify(i));
  printf("\n");

  if (int n = f(1); n > 2) printf("n=%d > 2\n", n);
  else printf("n=%d <= 2\n", n);
  if (Code c(7); c > 5) printf("code %d\n", (int)c);
  switch (auto k = f(2); k) {
  case 6: printf("six\n"); break;
  default: printf("k=%d\n", k);
  }
  switch (int k = f(3)) {
  case 9: printf("nine\n");
  case 10: printf("fallthrough from %d\n", k); break;
  }
  switch (Code c = Code(2)) {
  case 1: printf("c one\n"); break;
  case 2: printf("c two\n"); break;
  }
  Paint p{Blue};
  switch (p) {
  case Red: printf("red\n"); break;
  case Green: printf("green\n"); break;
  case Blue: printf("blue\n"); break;
  }
  int total = 0;
  while (Counter c = next()) {
    total += c.n;
    if (c.n == 2) continue;
    printf("body %d\n", c.n);
  }
  printf("total %d\n", total);
  source = 3;
  while (Counter c = next()) {
    if (c.n == 2) break;
  }
  int x = 0;
  while (int y = 3 - x) { printf("y=%d ", y); x++; }
  printf("\n");
  return total;
}
