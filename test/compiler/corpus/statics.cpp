// Static locals (constant-initialised) keep their values across calls; static member functions and
// a function-local counter table.
#include <stdio.h>

int nextId() {
  static int id = 100;
  return id++;
}

int histogram(int bucket) {
  static int counts[4];
  counts[bucket & 3]++;
  return counts[bucket & 3];
}

struct Widget {
  static int created;
  static const int limit = 7;
  static const char* label;
  int id;
  Widget() : id(++created) {}
};
int Widget::created = 40;
const char* Widget::label = "widget";

struct Registry {
  static int total(int add) {
    static long long sum = 0;
    sum += add;
    return (int)sum;
  }
};

int main() {
  for (int i = 0; i < 3; i++) printf("%d ", nextId());
  printf("\n");
  int last = 0;
  for (int i = 0; i < 10; i++) last = histogram(i);
  printf("%d %d %d\n", last, histogram(1), histogram(2));
  Registry::total(5);
  Registry::total(7);
  printf("%d\n", Registry::total(30));
  Widget w1;
  Widget w2;
  printf("%s %d %d %d %d\n", Widget::label, w1.id, w2.id, Widget::created, Widget::limit);
  return nextId() - 100;
}
