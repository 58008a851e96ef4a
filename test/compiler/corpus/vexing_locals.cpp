// `T v(x);` locals (a function declarator the model reads as a direct initialisation), automatic and static, next to a real local function declaration.
#include <stdio.h>
struct Tag { int v; Tag(int x) : v(x) { printf("make %d\n", v); } ~Tag() { printf("drop %d\n", v); } };
int use(int x) {
  Tag local(x);
  static Tag inner(x);
  int twice(int);
  return local.v + inner.v;
}
int main() {
  int a = 3;
  printf("%d\n", use(a));
  printf("%d\n", use(a + 1));
  return 0;
}
