// switch: cases, fall-through, default, break inside loops, nested switches.
#include <stdio.h>

const char* name(int v) {
  switch (v) {
    case 0: return "zero";
    case 1: return "one";
    case 2:
    case 3: return "two-or-three";
    case -1: return "minus one";
    default: return "many";
  }
}

int fall(int v) {
  int r = 0;
  switch (v) {
    case 1: r += 1;
    case 2: r += 10;
    case 3: r += 100; break;
    case 4: { r = 4; break; }
    default: r = -1;
  }
  return r;
}

int main() {
  for (int i = -2; i < 6; i++) printf("%d %s %d\n", i, name(i), fall(i));
  int hits = 0;
  for (int i = 0; i < 10; i++) {
    switch (i % 3) {
      case 0: continue;
      case 1:
        switch (i) {
          case 4: hits += 100; break;
          default: hits += 1;
        }
        break;
      default: hits += 10;
    }
    hits += 1000;
  }
  printf("hits %d\n", hits);
  char c = 'b';
  switch (c) {
    case 'a': printf("a\n"); break;
    case 'b': printf("b\n"); break;
  }
  return fall(2);
}
