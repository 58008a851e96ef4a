// Pointers: arithmetic, differences, pointer to pointer, walking arrays, null checks.
#include <stdio.h>

int sum(const int* p, int n) {
  int s = 0;
  for (const int* q = p; q != p + n; q++) s += *q;
  return s;
}

void fill(int* p, int n, int v) {
  while (n-- > 0) *p++ = v++;
}

void bump(int** pp) { (*pp)++; }

int main() {
  int a[8];
  fill(a, 8, 10);
  printf("%d %d %d\n", sum(a, 8), a[0], a[7]);
  int* p = a + 2;
  int* q = &a[6];
  printf("%d %d %d\n", (int)(q - p), *(p + 1), p[-1]);
  bump(&p);
  printf("%d\n", *p);
  int* none = 0;
  printf("%d %d\n", none == 0, p != 0);
  short s[4] = {1, 2, 3, 4};
  short* sp = s;
  sp += 3;
  printf("%d %d\n", *sp, (int)(sp - s));
  char text[] = {'p', 'o', 'i', 'n', 't', 'e', 'r', 0};
  char* c = text;
  int len = 0;
  while (*c++) len++;
  printf("%d\n", len);
  int x = 5;
  int* px = &x;
  int** ppx = &px;
  **ppx = 9;
  printf("%d\n", x);
  return sum(a, 3);
}
