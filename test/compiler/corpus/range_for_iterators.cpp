// Range-based for over classes whose begin()/end() return iterator objects (operator*, prefix
// operator++ and operator!=, as members or not), free begin(r)/end(r) found by argument-dependent
// lookup, a range returned by value (the temporary lives until the loop ends, then is destroyed after
// the iterators), a const range choosing const begin()/end(), a braced list, rows of a 2-D array
// bound by reference, and a goto out of nested loops. Construction and destruction order is printed.
#include <stdio.h>
#include <initializer_list>

struct It {
  int* p;
  int id;
  It(int* q, int i) : p(q), id(i) { printf("It%d()\n", id); }
  It(const It& o) : p(o.p), id(o.id + 10) { printf("It%d(copy)\n", id); }
  ~It() { printf("~It%d\n", id); }
  int& operator*() const { return *p; }
  It& operator++() {
    ++p;
    return *this;
  }
};
bool operator!=(const It& a, const It& b) { return a.p != b.p; }

struct Vec {
  int a[4];
  int n;
  Vec(int k) : n(k) {
    for (int i = 0; i < 4; i++) a[i] = (i + 1) * k;
    printf("Vec(%d)\n", k);
  }
  ~Vec() { printf("~Vec(%d)\n", n); }
  It begin() { return It(a, 1); }
  It end() { return It(a + 4, 2); }
};

// an iterator with member operators, yielding values by value (a proxy), over a half-open int range
struct Count {
  int i;
  int operator*() const { return i * i; }
  Count& operator++() {
    i += 1;
    return *this;
  }
  bool operator!=(const Count& o) const { return i != o.i; }
};
struct Span {
  int lo, hi;
  Count begin() const { return Count{lo}; }
  Count end() const { return Count{hi}; }
  Count begin() { return Count{lo + 1}; }
  Count end() { return Count{hi}; }
};

namespace bag {
struct Bag {
  int v[3];
};
int* begin(Bag& b) { return b.v; }
int* end(Bag& b) { return b.v + 3; }

struct Steps {
  int from, to, by;
};
struct StepIt {
  int at, by;
};
StepIt begin(const Steps& s) { return StepIt{s.from, s.by}; }
StepIt end(const Steps& s) { return StepIt{s.to, s.by}; }
int operator*(const StepIt& s) { return s.at; }
StepIt& operator++(StepIt& s) {
  s.at += s.by;
  return s;
}
bool operator!=(const StepIt& a, const StepIt& b) { return a.at < b.at; }
}  // namespace bag

Vec make(int k) { return Vec(k); }

int main() {
  Vec v(2);
  for (int& x : v) x += 1;
  for (int x : v) printf("%d ", x);
  printf("\n");
  for (int x : make(3)) {
    printf("x=%d\n", x);
    if (x == 6) break;
  }
  Span s{2, 5};
  const Span& cs = s;
  for (int sq : s) printf("%d ", sq);
  printf("| ");
  for (auto sq : cs) printf("%d ", sq);
  printf("\n");
  bag::Bag b{{7, 8, 9}};
  for (auto& y : b) y *= 2;
  for (const auto& y : b) printf("%d ", y);
  printf("\n");
  int total = 0;
  for (int k : bag::Steps{1, 20, 4}) {
    if (k == 9) continue;
    total += k;
    printf("%d ", k);
  }
  printf("total %d\n", total);
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  for (auto& row : m) {
    for (int& e : row) e *= 10;
  }
  for (const auto& row : m) {
    for (int e : row) printf("%d ", e);
    printf("| ");
  }
  printf("\n");
  for (int x : {5, 6, 7}) printf("%d", x);
  printf("\n");
  // a goto out of the loop destroys the iterators and the temporary range, as break does
  for (int x : make(4)) {
    for (int& y : v) {
      if (x == 8 && y == 5) goto found;
    }
    printf("x=%d not yet\n", x);
  }
  printf("never\n");
found:
  printf("found\n");
  return total % 256;
}
