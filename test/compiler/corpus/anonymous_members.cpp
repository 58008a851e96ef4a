#include <stdio.h>
#include <stddef.h>

struct V {
  short tag;
  union {
    int i;
    float f;
    char bytes[4];
  };
  char after;
  int asInt() const { return tag == 0 ? i : (int)f; }
  void setFloat(float x) { tag = 1; f = x; }
};

V global_v = {2, {9}};

struct Reg {
  union {
    unsigned int word;
    struct {
      unsigned char lo, mid;
      unsigned short hi;
    };
  };
};

struct Derived : V {
  int extra;
  int sum() const { return i + extra; }
};

struct Padded {
  struct {
    char a;
    int b;
    char c;
  };
  char d;
};

struct W {
  int k = 3;
  union {
    int a;
    char c;
  };
  struct {
    short s1, s2;
  };
  W() : a(65), s2(9) { s1 = 8; }
  W(char x) : c(x), s1(1), s2(2) {}
};

int main() {
  V v;
  v.tag = 0;
  v.i = 0x3f800000;
  printf("%.1f %d %d\n", v.f, v.tag, (int)sizeof(V));
  v.setFloat(7.5f);
  V w = v;
  printf("%d %d %d\n", w.asInt(), v.tag, (int)offsetof(V, after));
  Reg r;
  r.word = 0x12345678u;
  printf("%x %x %x\n", r.lo, r.mid, r.hi);
  r.hi = 0xabcd;
  printf("%x %d\n", r.word, (int)sizeof(Reg));
  Derived d;
  d.tag = 0;
  d.i = 40;
  d.extra = 2;
  V* pv = &d;
  pv->bytes[0] = 41;
  printf("%d %d\n", d.sum(), pv->i);
  Padded p;
  p.a = 1;
  p.b = 2;
  p.c = 3;
  p.d = 4;
  printf("%d %d %d\n", (int)sizeof(Padded), (int)offsetof(Padded, d), p.a + p.b + p.c + p.d);
  W w1;
  W w2('z');
  printf("%c %d %d %d %c %d %d\n", w1.c, w1.k, w1.s1, w1.s2, w2.c, w2.s1 + w2.s2, (int)sizeof(W));
  V braced = {1, {0x3f800000}};
  printf("%d %.1f %d %d\n", braced.tag, braced.f, global_v.tag, global_v.i);
  union Bits {
    unsigned u;
    float f;
  };
  Bits bits;
  bits.f = 1.0f;
  printf("%x\n", bits.u);
  return d.sum() - 40;
}
