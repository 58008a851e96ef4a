// Destructors on every exit path: return from nested loops, break out of a switch inside a loop,
// continue past objects, goto-free early exits, temporaries in conditions.
#include <stdio.h>

struct Guard {
  const char* name;
  Guard(const char* n) : name(n) { printf("+%s ", name); }
  ~Guard() { printf("-%s ", name); }
};

struct Flag {
  bool v;
  Flag(bool b) : v(b) { printf("+flag "); }
  ~Flag() { printf("-flag "); }
  bool get() const { return v; }
};

int find(int target) {
  Guard g("find");
  for (int i = 0; i < 3; i++) {
    Guard row("row");
    for (int j = 0; j < 3; j++) {
      Guard cell("cell");
      if (i * 3 + j == target) return i * 10 + j;
    }
  }
  return -1;
}

void dispatch(int n) {
  for (int i = 0; i < n; i++) {
    Guard it("it");
    switch (i) {
      case 0: {
        Guard zero("zero");
        continue;
      }
      case 1: {
        Guard one("one");
        break;
      }
      default: {
        Guard other("other");
        if (i == 3) {
          printf("stop ");
          return;
        }
      }
    }
    printf("after ");
  }
}

int main() {
  printf("%d\n", find(4));
  printf("%d\n", find(9));
  dispatch(5);
  printf("\n");
  if (Flag(true).get()) printf("in-if ");
  printf("\n");
  int k = 0;
  while (Flag(k < 2).get()) {
    Guard w("w");
    k++;
  }
  printf("\n");
  do {
    Guard d("d");
    if (k == 2) break;
  } while (true);
  printf("\nend\n");
  return 0;
}
