// Range-based for: arrays, std::initializer_list, a class with begin()/end() members returning pointers
// (like c10::ArrayRef), loop variables by value, auto&, const auto& and explicit types with conversions,
// break and continue, the loop variable destroyed each iteration and a temporary range after the loop.
#include <stdio.h>
#include <initializer_list>

struct Tracer {
  int id;
  Tracer(int i) : id(i) { printf("ctor %d\n", id); }
  Tracer(const Tracer& o) : id(o.id + 100) { printf("copy %d\n", id); }
  ~Tracer() { printf("dtor %d\n", id); }
};

template <typename T>
struct Ref {
  const T* data;
  int length;
  Ref(const T* d, int n) : data(d), length(n) {}
  const T* begin() const { return data; }
  const T* end() const { return data + length; }
};

struct Owner {
  long long values[4];
  int id;
  Owner(int i) : id(i) {
    for (int k = 0; k < 4; k++) values[k] = (long long)(k + 1) * i;
    printf("owner %d\n", id);
  }
  ~Owner() { printf("~owner %d\n", id); }
  Ref<long long> sizes() const { return Ref<long long>(values, 4); }
  long long* begin() { return values; }
  long long* end() { return values + 4; }
};

Owner makeOwner(int i) { return Owner(i); }

int sumArray() {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int x : a) s += x;
  for (auto& x : a) x *= 2;
  for (const auto& x : a) s += x;
  return s;
}

double convert() {
  short vals[3] = {7, -3, 12};
  double d = 0;
  for (double v : vals) d += v / 2;
  for (unsigned char c : vals) printf("byte %d\n", c);
  return d;
}

int lists() {
  int s = 0;
  for (int v : {3, 1, 4, 1, 5, 9}) {
    if (v == 1) continue;
    if (v == 9) break;
    s = s * 10 + v;
  }
  for (auto v : {2.5, 0.25}) printf("list %.2f\n", v);
  return s;
}

void tracers() {
  Tracer ts[3] = {Tracer(1), Tracer(2), Tracer(3)};
  printf("by value\n");
  for (Tracer t : ts) {
    if (t.id == 102) continue;
    printf("body %d\n", t.id);
  }
  printf("by reference\n");
  for (const Tracer& t : ts) {
    if (t.id == 3) break;
    printf("ref %d\n", t.id);
  }
  printf("done\n");
  for (const Tracer& t : {Tracer(7), Tracer(8)}) printf("listed %d\n", t.id);
  printf("lists done\n");
}

long long refs(const Owner& o) {
  long long p = 1;
  for (long long s : o.sizes()) p *= s;
  return p;
}

int main() {
  printf("array %d\n", sumArray());
  printf("convert %.2f\n", convert());
  printf("lists %d\n", lists());
  tracers();
  Owner o(2);
  printf("refs %lld\n", refs(o));
  for (long long& v : o) v += 1;
  for (auto v : o.sizes()) printf("v %lld\n", v);
  for (auto v : makeOwner(3)) printf("temp %lld\n", v);
  printf("after\n");
  for (int v : makeOwner(5)) {
    if (v > 10) break;
    printf("ref %d\n", v);
  }
  printf("end\n");
  int nested = 0;
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  for (auto& row : grid)
    for (int c : row) nested = nested * 2 + c;
  printf("nested %d\n", nested);
  return nested % 100;
}
