// A three-level hierarchy whose middle class adds the vptr: conversions from the leaf to the offset base
// (references, pointers in arrays, returns, slicing by value), static_cast and C-style casts back down,
// null through a down-cast, reinterpret_cast left unadjusted.
#include <stdio.h>
#include <stdint.h>
struct Base { int id; Base(int i) : id(i) {} int who() const { return id; } };
struct Mid : Base { Mid(int i) : Base(i) {} virtual int f() const { return id * 2; } virtual ~Mid() {} };
struct Leaf : Mid { int extra; Leaf(int i) : Mid(i), extra(i + 1) {} int f() const override { return id * 3 + extra; } };
static const Base& asBase(const Mid& m) { return m; }
static Base byValue(const Leaf& l) { return l; }
struct Node { Node* next; int v; };
int main() {
  Leaf l(4); Mid& m = l; Base& b = l; const Base* pb = &l; Base* arr[2] = {&l, nullptr};
  printf("%d %d %d %d %d\n", m.f(), b.who(), pb->who(), asBase(l).id, byValue(l).id);
  printf("%d %d\n", arr[0]->id, arr[1] == nullptr);
  Mid* back = static_cast<Mid*>(arr[0]); Leaf* leaf = static_cast<Leaf*>(back);
  printf("%d %d\n", back->f(), leaf->extra);
  Leaf* none = static_cast<Leaf*>((Base*)nullptr); printf("%d\n", none == nullptr);
  Base* viaC = (Base*)&l; Leaf* cBack = (Leaf*)viaC; printf("%d %d\n", viaC->id, cBack->extra);
  uintptr_t raw = (uintptr_t)&l; Leaf* re = reinterpret_cast<Leaf*>(raw); printf("%d\n", re->extra);
  Node n2 = {nullptr, 2}, n1 = {&n2, 1}; int sum = 0; for (Node* p = &n1; p; p = p->next) sum += p->v; printf("%d\n", sum);
  return 0;
}
