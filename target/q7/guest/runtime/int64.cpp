// 64-bit integer helpers as C++ for the runtime library, written with 32-bit operations only (the
// compiler calls them for 64-bit shifts, division and remainder): values travel as two words, low
// word first, in a register pair.

typedef unsigned int u32;
typedef unsigned long long u64;
typedef long long i64;

u32 __q7_hi32(u64 v) {
  const u32* w = (const u32*)&v;
  return w[1];
}

u32 __q7_lo32(u64 v) {
  const u32* w = (const u32*)&v;
  return w[0];
}

u64 __q7_make64(u32 lo, u32 hi) {
  u32 w[2];
  w[0] = lo;
  w[1] = hi;
  return *(const u64*)w;
}

u64 __q7_ashldi3(u64 a, int s) {
  s = s & 63;
  u32 lo = __q7_lo32(a);
  u32 hi = __q7_hi32(a);
  if (s == 0) return a;
  if (s >= 32) return __q7_make64(0, lo << (s - 32));
  return __q7_make64(lo << s, (hi << s) | (lo >> (32 - s)));
}

u64 __q7_lshrdi3(u64 a, int s) {
  s = s & 63;
  u32 lo = __q7_lo32(a);
  u32 hi = __q7_hi32(a);
  if (s == 0) return a;
  if (s >= 32) return __q7_make64(hi >> (s - 32), 0);
  return __q7_make64((lo >> s) | (hi << (32 - s)), hi >> s);
}

u64 __q7_ashrdi3(u64 a, int s) {
  s = s & 63;
  u32 lo = __q7_lo32(a);
  int hi = (int)__q7_hi32(a);
  if (s == 0) return a;
  if (s >= 32) return __q7_make64(static_cast<u32>(hi >> (s - 32)), static_cast<u32>(hi >> 31));
  return __q7_make64((lo >> s) | ((u32)hi << (32 - s)), static_cast<u32>(hi >> s));
}

// Unsigned division by shifting and subtracting, one quotient bit per step; *rem gets the remainder.
u64 __q7_udivmod(u64 n, u64 d, u64* rem) {
  u32 nh = __q7_hi32(n);
  u32 nl = __q7_lo32(n);
  u32 dh = __q7_hi32(d);
  u32 dl = __q7_lo32(d);
  if (dh == 0 && nh == 0) {
    if (dl == 0) {
      *rem = 0;
      return 0;
    }
    *rem = __q7_make64(nl % dl, 0);
    return __q7_make64(nl / dl, 0);
  }
  u32 rh = 0;
  u32 rl = 0;
  u32 qh = 0;
  u32 ql = 0;
  for (int i = 0; i < 64; i++) {
    u32 top = rh >> 31;
    rh = (rh << 1) | (rl >> 31);
    rl = (rl << 1) | (nh >> 31);
    nh = (nh << 1) | (nl >> 31);
    nl = nl << 1;
    qh = (qh << 1) | (ql >> 31);
    ql = ql << 1;
    if (top != 0 || rh > dh || (rh == dh && rl >= dl)) {
      u32 borrow = rl < dl ? 1 : 0;
      rl = rl - dl;
      rh = rh - dh - borrow;
      ql = ql | 1;
    }
  }
  *rem = __q7_make64(rl, rh);
  return __q7_make64(ql, qh);
}

u64 __q7_udivdi3(u64 a, u64 b) {
  u64 r;
  return __q7_udivmod(a, b, &r);
}

u64 __q7_umoddi3(u64 a, u64 b) {
  u64 r;
  __q7_udivmod(a, b, &r);
  return r;
}

i64 __q7_divdi3(i64 a, i64 b) {
  int neg = 0;
  u64 x = (u64)a;
  u64 y = (u64)b;
  if (a < 0) {
    x = 0 - x;
    neg = !neg;
  }
  if (b < 0) {
    y = 0 - y;
    neg = !neg;
  }
  u64 r;
  u64 q = __q7_udivmod(x, y, &r);
  return neg ? static_cast<i64>(0 - q) : (i64)q;
}

i64 __q7_moddi3(i64 a, i64 b) {
  u64 x = (u64)a;
  u64 y = (u64)b;
  if (a < 0) x = 0 - x;
  if (b < 0) y = 0 - y;
  u64 r;
  __q7_udivmod(x, y, &r);
  return a < 0 ? static_cast<i64>(0 - r) : (i64)r;
}
