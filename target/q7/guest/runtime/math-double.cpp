// The double-precision <math.h> functions the SDK's elementwise ops call (ceil, floor, exp, log,
// log2, log10, pow, sin, cos, tan), as C++ compiled into every image that calls them. Written from the
// textbook methods: exp by reduction with ln 2 split in two (k·ln2_hi exact) and a Taylor polynomial
// on |r| ≤ ln2/2; log from x = m·2^e, m in [√½, √2), as 2·atanh((m−1)/(m+1)); pow by repeated
// squaring for integral exponents up to 64, else exp(y·log x) (about 1e-13 relative, not correctly
// rounded); sin/cos/tan by reduction modulo π/2 with π/2 in three 33-bit parts (exact for
// |x| < 2^20·π/2 ≈ 1.6e6; beyond, the reduction loses accuracy as |x| grows, and past 2^53 the
// results are only values in [-1, 1] — a known limit, there is no Payne–Hanek reduction) and Taylor
// polynomials on |r| ≤ π/4. Special values (NaN, ±inf, ±0, negative arguments of log) follow C99 Annex F.

static double __q7_double_from_bits(unsigned long long bits) {
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

static unsigned long long __q7_bits_from_double(double d) {
  unsigned long long bits;
  memcpy(&bits, &d, 8);
  return bits;
}

static double __q7_nan() { return __q7_double_from_bits(0x7ff8000000000000ull); }
static double __q7_inf() { return __q7_double_from_bits(0x7ff0000000000000ull); }
static double __q7_neg_zero() { return __q7_double_from_bits(0x8000000000000000ull); }
static bool __q7_is_inf(double x) { return (__q7_bits_from_double(x) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull; }

/* x * 2^k: exact while the result is normal; a subnormal result is rounded once. */
static double __q7_scale(double x, int k) {
  while (k > 1023) {
    x = x * __q7_double_from_bits(0x7fe0000000000000ull); /* 2^1023 */
    k -= 1023;
    if (__q7_is_inf(x)) return x;
  }
  while (k < -1022) {
    x = x * __q7_double_from_bits(0x0360000000000000ull); /* 2^-969 */
    k += 969;
    if (x == 0.0) return x;
  }
  return x * __q7_double_from_bits((unsigned long long)(k + 1023) << 52);
}

double floor(double x) {
  if (x == 0.0 || !(fabs(x) < 4503599627370496.0)) return x; /* ±0, NaN, ±inf, or integral (|x| ≥ 2^52) */
  double t = (double)(long long)x;
  if (t > x) t = t - 1.0;
  return t;
}

double ceil(double x) {
  if (x == 0.0 || !(fabs(x) < 4503599627370496.0)) return x;
  double t = (double)(long long)x;
  if (t < x) t = t + 1.0;
  if (t == 0.0 && x < 0.0) return __q7_neg_zero();
  return t;
}

double exp(double x) {
  if (x != x) return x + x;
  if (x > 709.782712893384) return __q7_inf();
  if (x < -745.1332191019412) return 0.0;
  double kd = x * 1.4426950408889634; /* 1/ln 2 */
  int k = (int)(kd < 0.0 ? kd - 0.5 : kd + 0.5);
  double fk = (double)k;
  double r = (x - fk * 0.6931471806019545) - fk * -4.2009150726810846e-11; /* ln 2 = hi (32 bits) + lo */
  double p = 1.0 + r * (1.0 + r * (0.5 + r * (0.16666666666666666 + r * (0.041666666666666664 + r * (0.008333333333333333 +
             r * (0.001388888888888889 + r * (0.0001984126984126984 + r * (2.48015873015873e-05 + r * (2.7557319223985893e-06 +
             r * (2.755731922398589e-07 + r * (2.505210838544172e-08 + r * (2.08767569878681e-09 + r * 1.6059043836821613e-10))))))))))));
  return __q7_scale(p, k);
}

/* x = 2^e · m with m in [√½, √2), for finite x > 0; returns log(m). */
static double __q7_log_parts(double x, int* e) {
  int shift = 0;
  unsigned long long bits = __q7_bits_from_double(x);
  if ((bits >> 52) == 0) { /* subnormal: scale by 2^54 first */
    x = x * __q7_double_from_bits(0x4350000000000000ull);
    bits = __q7_bits_from_double(x);
    shift = -54;
  }
  int ex = (int)(bits >> 52) - 1023 + shift;
  double m = __q7_double_from_bits((bits & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  if (m > 1.4142135623730951) {
    m = m * 0.5;
    ex = ex + 1;
  }
  *e = ex;
  double s = (m - 1.0) / (m + 1.0);
  double s2 = s * s;
  double t = s2 * (0.3333333333333333 + s2 * (0.2 + s2 * (0.14285714285714285 + s2 * (0.1111111111111111 + s2 * (0.09090909090909091 +
             s2 * (0.07692307692307693 + s2 * (0.06666666666666667 + s2 * (0.058823529411764705 + s2 * (0.05263157894736842 +
             s2 * (0.047619047619047616 + s2 * 0.043478260869565216))))))))));
  return 2.0 * s + 2.0 * s * t;
}

/* The result for the arguments the logarithms share (NaN, negative, zero, +inf); 0 when x is finite and > 0. */
static int __q7_log_special(double x, double* out) {
  if (x != x) { *out = x + x; return 1; }
  if (x < 0.0) { *out = __q7_nan(); return 1; }
  if (x == 0.0) { *out = -__q7_inf(); return 1; }
  if (__q7_is_inf(x)) { *out = x; return 1; }
  return 0;
}

double log(double x) {
  double special;
  if (__q7_log_special(x, &special)) return special;
  int e;
  double lm = __q7_log_parts(x, &e);
  double fe = (double)e;
  return fe * 0.6931471806019545 + (lm + fe * -4.2009150726810846e-11);
}

double log2(double x) {
  double special;
  if (__q7_log_special(x, &special)) return special;
  int e;
  double lm = __q7_log_parts(x, &e);
  return (double)e + lm * 1.4426950408889634;
}

double log10(double x) {
  double special;
  if (__q7_log_special(x, &special)) return special;
  int e;
  double lm = __q7_log_parts(x, &e);
  return (double)e * 0.3010299956639812 + lm * 0.43429448190325176;
}

/* 1 for an odd integer, 0 for an even one, -1 for a value that is not an integer. */
static int __q7_parity(double y) {
  if (!(fabs(y) < 9007199254740992.0)) return __q7_is_inf(y) || y != y ? -1 : 0; /* |y| ≥ 2^53 is even */
  if (floor(y) != y) return -1;
  return (int)((long long)y & 1);
}

double pow(double x, double y) {
  if (y == 0.0 || x == 1.0) return 1.0;
  if (x != x || y != y) return x + y;
  int parity = __q7_parity(y);
  if (__q7_is_inf(y)) {
    double ax = fabs(x);
    if (ax == 1.0) return 1.0;
    return (ax > 1.0) == (y > 0.0) ? __q7_inf() : 0.0;
  }
  bool negative = (__q7_bits_from_double(x) >> 63) != 0;
  if (x == 0.0 || __q7_is_inf(x)) {
    /* |x| is 0 or inf: the result is 0 or inf, negative when x is negative and y an odd integer */
    bool big = (x == 0.0) == (y < 0.0);
    double r = big ? __q7_inf() : 0.0;
    return negative && parity == 1 ? -r : r;
  }
  double sign = 1.0;
  if (x < 0.0) {
    if (parity < 0) return __q7_nan();
    if (parity == 1) sign = -1.0;
    x = -x;
  }
  if (parity >= 0 && fabs(y) <= 64.0) {
    int n = (int)fabs(y);
    double r = 1.0;
    double b = x;
    while (n != 0) {
      if (n & 1) r = r * b;
      b = b * b;
      n = n >> 1;
    }
    return sign * (y < 0.0 ? 1.0 / r : r);
  }
  return sign * exp(y * log(x));
}

/* r = x - n·π/2 with |r| ≤ π/4 (about); returns n mod 4. */
static int __q7_reduce_half_pi(double x, double* r) {
  if (fabs(x) <= 0.7853981633974483) {
    *r = x;
    return 0;
  }
  /* one step is exact below 2^20·π/2; above, each step shrinks |x| by about 2^-50 (inexactly) */
  int q = 0;
  for (int step = 0; step < 32 && !(fabs(x) <= 0.7853981633974483); step++) {
    double fn = floor(x * 0.6366197723675814 + 0.5); /* the nearest multiple of π/2 (2/π) */
    x = ((x - fn * 1.5707963267341256) - fn * 6.077100506303966e-11) - fn * 2.0222662487959506e-21;
    q = q + (int)(fn - 4.0 * floor(fn * 0.25)); /* n mod 4 (0 once n is too large to be odd in a double) */
  }
  *r = x;
  return q & 3;
}

static double __q7_sin_poly(double r) {
  double r2 = r * r;
  return r + r * r2 * (-0.16666666666666666 + r2 * (0.008333333333333333 + r2 * (-0.0001984126984126984 + r2 * (2.7557319223985893e-06 +
         r2 * (-2.505210838544172e-08 + r2 * (1.6059043836821613e-10 + r2 * (-7.647163731819816e-13 + r2 * 2.8114572543455206e-15)))))));
}

static double __q7_cos_poly(double r) {
  double r2 = r * r;
  return 1.0 + r2 * (-0.5 + r2 * (0.041666666666666664 + r2 * (-0.001388888888888889 + r2 * (2.48015873015873e-05 + r2 * (-2.755731922398589e-07 +
         r2 * (2.08767569878681e-09 + r2 * (-1.1470745597729725e-11 + r2 * (4.779477332387385e-14 + r2 * -1.5619206968586225e-16))))))));
}

double sin(double x) {
  if (x != x || __q7_is_inf(x)) return __q7_nan();
  if (x == 0.0) return x;
  double r;
  int q = __q7_reduce_half_pi(x, &r);
  if (q == 0) return __q7_sin_poly(r);
  if (q == 1) return __q7_cos_poly(r);
  if (q == 2) return -__q7_sin_poly(r);
  return -__q7_cos_poly(r);
}

double cos(double x) {
  if (x != x || __q7_is_inf(x)) return __q7_nan();
  double r;
  int q = __q7_reduce_half_pi(x, &r);
  if (q == 0) return __q7_cos_poly(r);
  if (q == 1) return -__q7_sin_poly(r);
  if (q == 2) return -__q7_cos_poly(r);
  return __q7_sin_poly(r);
}

double tan(double x) {
  if (x != x || __q7_is_inf(x)) return __q7_nan();
  if (x == 0.0) return x;
  double r;
  int q = __q7_reduce_half_pi(x, &r);
  double s = __q7_sin_poly(r);
  double c = __q7_cos_poly(r);
  return (q & 1) ? -c / s : s / c;
}
