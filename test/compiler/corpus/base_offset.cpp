// A derived class that adds a vptr over a non-polymorphic base puts the base at offset 4: implicit and
// static_cast conversions of pointers (null stays null) and references, member calls on the base, slicing
// copies and assignments, pointer comparisons and ?: between Derived* and Base*, returns of Base& / Base*.
#include <stdio.h>
struct Base { int x; int get() const { return x * 10; } void set(int v) { x = v; } };
struct Derived : Base { virtual ~Derived() {} virtual int kind() const { return 1; } int y; };
struct More : Derived { int kind() const override { return 2; } int z; };
static int viaRef(Base& b) { return b.get(); }
static int viaPtr(const Base* b) { return b ? b->x : -1; }
static int viaVal(Base b) { return b.x; }
int second();
int main() {
  second();
  Derived d; d.x = 3; d.y = 4;
  Base* pb = &d;
  Base& rb = d;
  printf("%d %d %d\n", pb->x, rb.x, d.get());
  d.set(7);
  printf("%d %d %d %d\n", viaRef(d), viaPtr(&d), viaVal(d), d.x);
  Derived* back = static_cast<Derived*>(pb);
  printf("%d %d\n", back->y, back == &d);
  Derived* nul = nullptr; Base* nb = nul;
  printf("%d %d\n", nb == nullptr, viaPtr(nul));
  Derived* nd = static_cast<Derived*>(nb);
  printf("%d\n", nd == nullptr);
  More m; m.x = 9; m.y = 8; m.z = 7;
  Base* mb = &m; Derived* md = &m;
  printf("%d %d %d %d\n", mb->x, md->kind(), viaRef(m), static_cast<More*>(mb)->z);
  Derived& dr = static_cast<Derived&>(*mb);
  printf("%d\n", dr.y);
  Base& br = m; br.x = 11;
  printf("%d\n", m.x);
  const Base* cb = &m; printf("%d\n", cb->get());
  Base copy = m; printf("%d\n", copy.x);
  pb = md; printf("%d\n", pb->x);
  return 0;
}
struct Counted { int n; Counted() : n(1) {} Counted(const Counted& o) : n(o.n + 100) {} ~Counted() { printf("~Counted %d\n", n); } int get() const { return n; } };
struct Holder : Counted { virtual int tag() const { return n * 2; } int extra = 5; Holder() { n = 42; } };
static Base* up(Derived* d) { return d; }
static Base& upRef(Derived& d) { return d; }
static int pick(bool c, Derived* d, Base* b) { Base* r = c ? d : b; return r ? r->x : -1; }
int second() {
  Derived d; d.x = 21; Base other; other.x = 5;
  printf("%d %d %d %d\n", up(&d)->x, upRef(d).x, up(nullptr) == nullptr, pick(true, &d, &other));
  printf("%d %d\n", pick(false, &d, &other), pick(true, nullptr, &other));
  Base* pb = &d; Derived* pd = &d;
  printf("%d %d %d\n", pb == pd, pd == pb, pb != static_cast<Base*>(nullptr));
  Base assigned; assigned = d; printf("%d\n", assigned.x);
  { Holder h; Counted c = h; const Counted& cr = h; printf("%d %d %d %d\n", c.get(), cr.get(), h.tag(), h.extra); }
  Derived arr[3]; for (int i = 0; i < 3; i++) arr[i].x = i * 3;
  Base* pa = &arr[2]; printf("%d\n", pa->x);
  return 0;
}
