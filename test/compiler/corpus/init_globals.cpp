// Namespace-scope variables built by code before main, in declaration order: constructor arguments,
// calls, class values, derived classes from brace lists, references, pointers into arrays (constant
// addresses), static data members; class objects destroyed after main in reverse order.
#include <stdio.h>

static int step = 0;
int next(const char* who) { ++step; printf("init %s (step %d)\n", who, step); return step * 10; }

struct Counter {
  int n;
  const char* name;
  Counter(const char* s, int start) : n(start), name(s) { printf("Counter %s(%d)\n", name, n); }
  ~Counter() { printf("~Counter %s(%d)\n", name, n); }
  int bump() { return ++n; }
};

struct Pair {
  int a, b;
  Pair(int x, int y) : a(x), b(y) { printf("Pair(%d, %d)\n", a, b); }
};

struct Point { int x, y; };
struct Point3 : Point { int z; };

struct Tracker {
  int id = next("Tracker::id");
  int twice = id * 2;
};

int arr[5] = {1, 2, 3, 4, 5};
int* mid = &arr[2];
int* past = arr + 4;
int plain = next("plain");
Counter first("first", 5);
int afterFirst = first.bump() + 100;
Pair pair = Pair(1, 2);
Pair braced{3, 4};
Pair listed = {5, 6};
Point3 p3{{7, 8}, 9};
Tracker tracker;
int& ref = plain;
const int& constant = 3;
const Counter& tempCounter = Counter("temp", 77);
const double& converted = plain;
Counter second("second", next("second"));
int* heapish = &second.n;

namespace ns {
Counter inner("ns::inner", 1);
int derived = inner.n + plain;
}

struct Registry {
  static int seed() { return 3; }
  static int created;
  static int seeded;
  static Counter keeper;
  static const int limit = 4;
};
int Registry::created = next("Registry::created");
Counter Registry::keeper("keeper", Registry::created + 1);
int Registry::seeded = seed() * created;

int main() {
  printf("main starts\n");
  printf("plain=%d afterFirst=%d first.n=%d\n", plain, afterFirst, first.n);
  printf("pair=%d,%d braced=%d,%d listed=%d,%d\n", pair.a, pair.b, braced.a, braced.b, listed.a, listed.b);
  printf("p3=%d,%d,%d tracker=%d,%d\n", p3.x, p3.y, p3.z, tracker.id, tracker.twice);
  printf("*mid=%d *past=%d\n", *mid, *past);
  ref = 99;
  printf("plain after ref write=%d constant=%d converted=%.1f\n", plain, constant, converted);
  printf("tempCounter=%d second=%d *heapish=%d\n", tempCounter.n, second.n, *heapish);
  printf("ns::derived=%d inner=%d\n", ns::derived, ns::inner.n);
  printf("Registry created=%d keeper=%d limit=%d seeded=%d\n", Registry::created, Registry::keeper.n, Registry::limit, Registry::seeded);
  Point3 local{{1, 2}, 3};
  Point3 partial{{4}};
  printf("local=%d,%d,%d partial=%d,%d,%d\n", local.x, local.y, local.z, partial.x, partial.y, partial.z);
  printf("main ends\n");
  return step;
}
