// IEEE-754 helpers as C++ for the runtime library: double arithmetic (add, subtract, multiply,
// divide, compare), conversions between double, float and the integer types, and float division
// (through double, which rounds correctly for a single operation: 53 >= 2 * 24 + 2). Round to
// nearest, ties to even; NaN results are the positive quiet NaN. Values travel as raw bits: a
// float in one word, a double in a register pair (low word first).
//
// Significands are kept as 64-bit integers with the leading one at bit 62 and ten rounding bits
// below the 53 the result keeps; `value = sig × 2^(exp - 1085)` for a double's biased exponent.

const u32 SIGN32 = 0x80000000u;

u64 __q7_sticky_right(u64 v, int n) {
  if (n <= 0) return v;
  if (n >= 64) return v != 0 ? 1 : 0;
  u64 out = v >> n;
  if ((v << (64 - n)) != 0) out = out | 1;
  return out;
}

// Shifts a nonzero v < 2^63 left until bit 62 is set; returns the shift.
int __q7_normalize62(u64* v) {
  int s = 0;
  if (__q7_hi32(*v) == 0) {
    *v = *v << 30;
    s = 30;
  }
  while ((__q7_hi32(*v) & 0x40000000u) == 0) {
    *v = *v + *v;
    s++;
  }
  return s;
}

u64 __q7_round_pack64(u32 sign, int exp, u64 sig) {
  if (sig == 0) return __q7_make64(0, sign << 31);
  while (__q7_hi32(sig) >= 0x80000000u) {
    sig = (sig >> 1) | (sig & 1);
    exp++;
  }
  exp -= __q7_normalize62(&sig);
  if (exp <= 0) {
    sig = __q7_sticky_right(sig, 1 - exp);
    exp = 0;
  }
  u32 r = __q7_lo32(sig) & 1023;
  u64 m = sig >> 10;
  if (r > 512 || (r == 512 && (__q7_lo32(m) & 1) != 0)) m = m + 1;
  if (exp == 0) return __q7_make64(__q7_lo32(m), __q7_hi32(m) | (sign << 31));
  if (__q7_hi32(m) >= 0x00200000u) {
    m = m >> 1;
    exp++;
  }
  if (exp >= 2047) return __q7_make64(0, (sign << 31) | 0x7ff00000u);
  return __q7_make64(__q7_lo32(m), (__q7_hi32(m) & 0x000fffffu) | ((u32)exp << 20) | (sign << 31));
}

u32 __q7_round_pack32(u32 sign, int exp, u64 sig) {
  if (sig == 0) return sign << 31;
  while (__q7_hi32(sig) >= 0x80000000u) {
    sig = (sig >> 1) | (sig & 1);
    exp++;
  }
  exp -= __q7_normalize62(&sig);
  if (exp <= 0) {
    sig = __q7_sticky_right(sig, 1 - exp);
    exp = 0;
  }
  u32 rh = __q7_hi32(sig) & 0x7f;
  u32 rl = __q7_lo32(sig);
  u32 m = __q7_hi32(sig) >> 7;
  int greater = rh > 0x40 || (rh == 0x40 && rl != 0);
  int half = rh == 0x40 && rl == 0;
  if (greater || (half && (m & 1) != 0)) m++;
  if (exp == 0) return (sign << 31) | m;
  if (m >= 0x01000000u) {
    m = m >> 1;
    exp++;
  }
  if (exp >= 255) return (sign << 31) | 0x7f800000u;
  return (sign << 31) | ((u32)exp << 23) | (m & 0x007fffffu);
}

int __q7_exp64(u64 a) {
  return (int)((__q7_hi32(a) >> 20) & 2047);
}

u64 __q7_frac64(u64 a) {
  return __q7_make64(__q7_lo32(a), __q7_hi32(a) & 0x000fffffu);
}

int __q7_isnan64(u64 a) {
  return __q7_exp64(a) == 2047 && __q7_frac64(a) != 0;
}

u64 __q7_quiet64(u64 a) {
  return __q7_make64(__q7_lo32(a), __q7_hi32(a) | 0x00080000u);
}

u64 __q7_default_nan64() {
  return __q7_make64(0, 0x7ff80000u);
}

// A finite nonzero double as m × 2^(e - 1075) with m in [2^52, 2^53).
u64 __q7_unpack53(u64 a, int* e) {
  int ex = __q7_exp64(a);
  u64 m = __q7_frac64(a);
  if (ex == 0) {
    ex = 1;
    while (__q7_hi32(m) < 0x00100000u) {
      m = m + m;
      ex--;
    }
  } else {
    m = __q7_make64(__q7_lo32(m), __q7_hi32(m) | 0x00100000u);
  }
  *e = ex;
  return m;
}

u64 __q7_adddf3(u64 a, u64 b) {
  u32 sa = __q7_hi32(a) >> 31;
  u32 sb = __q7_hi32(b) >> 31;
  int ea = __q7_exp64(a);
  int eb = __q7_exp64(b);
  u64 fa = __q7_frac64(a);
  u64 fb = __q7_frac64(b);
  if (ea == 2047) {
    if (fa != 0) return __q7_quiet64(a);
    if (eb == 2047) {
      if (fb != 0) return __q7_quiet64(b);
      if (sa != sb) return __q7_default_nan64();
    }
    return a;
  }
  if (eb == 2047) {
    if (fb != 0) return __q7_quiet64(b);
    return b;
  }
  if (ea == 0 && fa == 0) {
    if (eb == 0 && fb == 0) return __q7_make64(0, (sa & sb) << 31);
    return b;
  }
  if (eb == 0 && fb == 0) return a;
  u64 ma = fa;
  u64 mb = fb;
  if (ea != 0) ma = __q7_make64(__q7_lo32(fa), __q7_hi32(fa) | 0x00100000u);
  else ea = 1;
  if (eb != 0) mb = __q7_make64(__q7_lo32(fb), __q7_hi32(fb) | 0x00100000u);
  else eb = 1;
  ma = ma << 10;
  mb = mb << 10;
  if (ea < eb || (ea == eb && ma < mb)) {
    u64 tm = ma;
    ma = mb;
    mb = tm;
    int te = ea;
    ea = eb;
    eb = te;
    u32 ts = sa;
    sa = sb;
    sb = ts;
  }
  mb = __q7_sticky_right(mb, ea - eb);
  u64 sig;
  if (sa == sb) {
    sig = ma + mb;
  } else {
    sig = ma - mb;
    if (sig == 0) return __q7_make64(0, 0);
  }
  return __q7_round_pack64(sa, ea, sig);
}

u64 __q7_subdf3(u64 a, u64 b) {
  return __q7_adddf3(a, __q7_make64(__q7_lo32(b), __q7_hi32(b) ^ SIGN32));
}

u64 __q7_muldf3(u64 a, u64 b) {
  u32 sign = (__q7_hi32(a) ^ __q7_hi32(b)) >> 31;
  int ea = __q7_exp64(a);
  int eb = __q7_exp64(b);
  int za = ea == 0 && __q7_frac64(a) == 0;
  int zb = eb == 0 && __q7_frac64(b) == 0;
  if (__q7_isnan64(a)) return __q7_quiet64(a);
  if (__q7_isnan64(b)) return __q7_quiet64(b);
  if (ea == 2047 || eb == 2047) {
    if (za || zb) return __q7_default_nan64();
    return __q7_make64(0, (sign << 31) | 0x7ff00000u);
  }
  if (za || zb) return __q7_make64(0, sign << 31);
  u64 ma = __q7_unpack53(a, &ea);
  u64 mb = __q7_unpack53(b, &eb);
  u32 a0 = __q7_lo32(ma);
  u32 a1 = __q7_hi32(ma);
  u32 b0 = __q7_lo32(mb);
  u32 b1 = __q7_hi32(mb);
  u64 p00 = (u64)a0 * b0;
  u64 p01 = (u64)a0 * b1;
  u64 p10 = (u64)a1 * b0;
  u64 p11 = (u64)a1 * b1;
  u64 mid = (u64)__q7_hi32(p00) + __q7_lo32(p01) + __q7_lo32(p10);
  u64 lo = __q7_make64(__q7_lo32(p00), __q7_lo32(mid));
  u64 hi = p11 + __q7_hi32(p01) + __q7_hi32(p10) + __q7_hi32(mid);
  u64 sig = (hi << 22) | (lo >> 42);
  if ((lo << 22) != 0) sig = sig | 1;
  return __q7_round_pack64(sign, ea + eb - 1023, sig);
}

u64 __q7_divdf3(u64 a, u64 b) {
  u32 sign = (__q7_hi32(a) ^ __q7_hi32(b)) >> 31;
  int ea = __q7_exp64(a);
  int eb = __q7_exp64(b);
  int za = ea == 0 && __q7_frac64(a) == 0;
  int zb = eb == 0 && __q7_frac64(b) == 0;
  if (__q7_isnan64(a)) return __q7_quiet64(a);
  if (__q7_isnan64(b)) return __q7_quiet64(b);
  if (ea == 2047) {
    if (eb == 2047) return __q7_default_nan64();
    return __q7_make64(0, (sign << 31) | 0x7ff00000u);
  }
  if (eb == 2047) return __q7_make64(0, sign << 31);
  if (zb) {
    if (za) return __q7_default_nan64();
    return __q7_make64(0, (sign << 31) | 0x7ff00000u);
  }
  if (za) return __q7_make64(0, sign << 31);
  u64 ma = __q7_unpack53(a, &ea);
  u64 mb = __q7_unpack53(b, &eb);
  int exp = ea - eb + 1023;
  u64 r = ma;
  if (r < mb) {
    r = r + r;
    exp--;
  }
  u64 q = 0;
  for (int i = 0; i < 63; i++) {
    q = q + q;
    if (r >= mb) {
      r = r - mb;
      q = q | 1;
    }
    r = r + r;
  }
  if (r != 0) q = q | 1;
  return __q7_round_pack64(sign, exp, q);
}

// -1, 0, 1 for less, equal, greater; 2 when unordered.
int __q7_cmpdf2(u64 a, u64 b) {
  if (__q7_isnan64(a) || __q7_isnan64(b)) return 2;
  u32 ah = __q7_hi32(a);
  u32 bh = __q7_hi32(b);
  u64 ma = __q7_make64(__q7_lo32(a), ah & 0x7fffffffu);
  u64 mb = __q7_make64(__q7_lo32(b), bh & 0x7fffffffu);
  if (ma == 0 && mb == 0) return 0;
  u32 sa = ah >> 31;
  u32 sb = bh >> 31;
  if (sa != sb) return sa ? -1 : 1;
  if (ma == mb) return 0;
  int less = ma < mb;
  if (sa) less = !less;
  return less ? -1 : 1;
}

u64 __q7_floatundidf(u64 v) {
  return __q7_round_pack64(0, 1085, v);
}

u64 __q7_floatdidf(i64 v) {
  if (v < 0) return __q7_round_pack64(1, 1085, 0 - (u64)v);
  return __q7_round_pack64(0, 1085, (u64)v);
}

u64 __q7_floatsidf(int v) {
  return __q7_floatdidf((i64)v);
}

u64 __q7_floatunsidf(u32 v) {
  return __q7_round_pack64(0, 1085, (u64)v);
}

u32 __q7_floatundisf(u64 v) {
  return __q7_round_pack32(0, 189, v);
}

u32 __q7_floatdisf(i64 v) {
  if (v < 0) return __q7_round_pack32(1, 189, 0 - (u64)v);
  return __q7_round_pack32(0, 189, (u64)v);
}

// Truncation toward zero; out of range (and NaN) gives the smallest value, as x86 does.
i64 __q7_fixdfdi(u64 a) {
  int e = __q7_exp64(a);
  u32 sign = __q7_hi32(a) >> 31;
  if (e == 2047) return (i64)__q7_make64(0, SIGN32);
  if (e < 1023) return 0;
  u64 m = __q7_unpack53(a, &e);
  int s = e - 1075;
  if (s >= 11) return (i64)__q7_make64(0, SIGN32);
  u64 v = s >= 0 ? m << s : m >> (0 - s);
  return sign ? static_cast<i64>(0 - v) : (i64)v;
}

u64 __q7_fixunsdfdi(u64 a) {
  int e = __q7_exp64(a);
  if (__q7_hi32(a) >> 31) return (u64)__q7_fixdfdi(a);
  if (e == 2047) return __q7_make64(0, SIGN32);
  if (e < 1023) return 0;
  u64 m = __q7_unpack53(a, &e);
  int s = e - 1075;
  if (s >= 12) return __q7_make64(0, SIGN32);
  return s >= 0 ? m << s : m >> (0 - s);
}

int __q7_fixdfsi(u64 a) {
  i64 v = __q7_fixdfdi(a);
  if (v > 2147483647LL || v < -2147483647LL - 1) return -2147483647 - 1;
  return (int)v;
}

u32 __q7_fixunsdfsi(u64 a) {
  return (u32)__q7_fixunsdfdi(a);
}

u64 __q7_extendsfdf2(u32 f) {
  u32 sign = f & SIGN32;
  int e = (int)((f >> 23) & 255);
  u32 m = f & 0x007fffffu;
  if (e == 255) {
    if (m != 0) return __q7_make64(m << 29, sign | 0x7ff80000u | (m >> 3));
    return __q7_make64(0, sign | 0x7ff00000u);
  }
  if (e == 0) {
    if (m == 0) return __q7_make64(0, sign);
    e = 1;
    while ((m & 0x00800000u) == 0) {
      m = m << 1;
      e--;
    }
    m = m & 0x007fffffu;
  }
  u32 de = static_cast<u32>(e - 127 + 1023);
  return __q7_make64(m << 29, sign | (de << 20) | (m >> 3));
}

u32 __q7_truncdfsf2(u64 d) {
  u32 hi = __q7_hi32(d);
  u32 sign = hi >> 31;
  int e = __q7_exp64(d);
  if (e == 2047) {
    if (__q7_frac64(d) != 0) return (sign << 31) | 0x7fc00000u | ((hi & 0x000fffffu) << 3) | (__q7_lo32(d) >> 29);
    return (sign << 31) | 0x7f800000u;
  }
  if (e == 0 && __q7_frac64(d) == 0) return sign << 31;
  u64 m = __q7_unpack53(d, &e);
  return __q7_round_pack32(sign, e - 896, m << 10);
}

i64 __q7_fixsfdi(u32 f) {
  return __q7_fixdfdi(__q7_extendsfdf2(f));
}

u64 __q7_fixunssfdi(u32 f) {
  return __q7_fixunsdfdi(__q7_extendsfdf2(f));
}

u32 __q7_divsf3(u32 a, u32 b) {
  return __q7_truncdfsf2(__q7_divdf3(__q7_extendsfdf2(a), __q7_extendsfdf2(b)));
}
