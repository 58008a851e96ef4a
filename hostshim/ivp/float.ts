// The host shim's IVP float unit (C++ text), with the choices of docs/ivp-encoding.md where the public
// facts are open: IEEE arithmetic rounded to nearest-even on 16 × f32 and 32 × f16 lanes (f16 computed
// in double, whose extra rounding is innocuous for + − × ÷ √; the fused f16 MULA exactly in 128-bit
// integers); a NaN result is the default NaN (0x7fc00000 / 0x7e00), except that the f32 MULA/MULS
// return the accumulator's, else b's, else a's NaN quieted (the scalar MADD.S rule); MIN/MAX give NaN
// if either operand is NaN and order −0 below +0; MINNUM/MAXNUM prefer the non-NaN operand; ABS/NEG
// work on the sign bit; FIRINT rounds half to even, FIROUND half away from zero; conversions scale by
// 2^∓scale, TRUNC saturating toward zero (NaN → the largest value, UTRUNC of a negative → 0).

export const IVP_FLOAT = String.raw`
inline double q7_fmin(double x, double y) { if (x != x || y != y) return NAN; if (x < y) return x; if (y < x) return y; return signbit(x) ? x : y; }
inline double q7_fmax(double x, double y) { if (x != x || y != y) return NAN; if (x > y) return x; if (y > x) return y; return signbit(x) ? y : x; }
inline double q7_fminnum(double x, double y) { return x != x ? y : y != y ? x : q7_fmin(x, y); }
inline double q7_fmaxnum(double x, double y) { return x != x ? y : y != y ? x : q7_fmax(x, y); }

// f32 lanes
#define Q7_F32_2(NAME, EXPR) inline xb_vecN_2xf32 IVP_##NAME##N_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) { const float x = a.lane[i], y = b.lane[i]; r.lane[i] = q7_f32((float)(EXPR)); } return r; }
Q7_F32_2(ADD, x + y) Q7_F32_2(SUB, x - y) Q7_F32_2(MUL, x * y) Q7_F32_2(DIV, x / y)
Q7_F32_2(MIN, q7_fmin(x, y)) Q7_F32_2(MAX, q7_fmax(x, y)) Q7_F32_2(MINNUM, q7_fminnum(x, y)) Q7_F32_2(MAXNUM, q7_fmaxnum(x, y))
#undef Q7_F32_2
#define Q7_F32_1(NAME, EXPR) inline xb_vecN_2xf32 IVP_##NAME##N_2XF32(xb_vecN_2xf32 a) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) { const float x = a.lane[i]; r.lane[i] = q7_f32((float)(EXPR)); } return r; }
Q7_F32_1(SQRT, sqrtf(x)) Q7_F32_1(FIRINT, nearbyintf(x)) Q7_F32_1(FIFLOOR, floorf(x)) Q7_F32_1(FICEIL, ceilf(x)) Q7_F32_1(FIROUND, roundf(x)) Q7_F32_1(FITRUNC, truncf(x))
#undef Q7_F32_1
inline xb_vecN_2xf32 IVP_ABSN_2XF32(xb_vecN_2xf32 a) { for (int i = 0; i < 16; i++) a.lane[i] = q7_f32_bits(q7_bits_f32(a.lane[i]) & 0x7fffffffu); return a; }
inline xb_vecN_2xf32 IVP_NEGN_2XF32(xb_vecN_2xf32 a) { for (int i = 0; i < 16; i++) a.lane[i] = q7_f32_bits(q7_bits_f32(a.lane[i]) ^ 0x80000000u); return a; }
inline xb_vecN_2xf32 operator-(const xb_vecN_2xf32& a) { return IVP_NEGN_2XF32(a); }
/** acc ± a × b rounded once; NaN operands: the accumulator's, else b's, else a's, quieted. */
inline float q7_fma32(float acc, float a, float b, bool negate) {
  if (acc != acc || a != a || b != b) return q7_f32_bits(q7_bits_f32(acc != acc ? acc : b != b ? b : a) | 0x400000u);
  return q7_f32(fmaf(negate ? -a : a, b, acc));
}
inline void IVP_MULAN_2XF32(xb_vecN_2xf32& acc, xb_vecN_2xf32 a, xb_vecN_2xf32 b) { for (int i = 0; i < 16; i++) acc.lane[i] = q7_fma32(acc.lane[i], a.lane[i], b.lane[i], false); }
inline void IVP_MULSN_2XF32(xb_vecN_2xf32& acc, xb_vecN_2xf32 a, xb_vecN_2xf32 b) { for (int i = 0; i < 16; i++) acc.lane[i] = q7_fma32(acc.lane[i], a.lane[i], b.lane[i], true); }
#define Q7_CMP(K, V, B, L, GET) \
  inline B IVP_OEQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x == y; } return r; } \
  inline B IVP_OLT##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x < y; } return r; } \
  inline B IVP_OLE##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x <= y; } return r; } \
  inline B IVP_OGT##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x > y; } return r; } \
  inline B IVP_OGE##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x >= y; } return r; } \
  inline B IVP_UEQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = !(x < y || x > y); } return r; } \
  inline B IVP_ULT##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = !(x >= y); } return r; } \
  inline B IVP_ULE##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = !(x > y); } return r; } \
  inline B IVP_UN##K(V a, V b) { B r; for (int i = 0; i < L; i++) { double x = GET(a.lane[i]), y = GET(b.lane[i]); r.lane[i] = x != x || y != y; } return r; }
inline double q7_f32_get(float x) { return x; }
inline double q7_f16_get(q7_f16 x) { return q7_f16_value(x.bits); }
Q7_CMP(N_2XF32, xb_vecN_2xf32, vboolN_2, 16, q7_f32_get)
Q7_CMP(NXF16, xb_vecNxf16, vboolN, 32, q7_f16_get)
#undef Q7_CMP

// f16 lanes: computed in double, rounded once to binary16.
#define Q7_F16_2(NAME, EXPR) inline xb_vecNxf16 IVP_##NAME##NXF16(xb_vecNxf16 a, xb_vecNxf16 b) { xb_vecNxf16 r; for (int i = 0; i < 32; i++) { const double x = q7_f16_value(a.lane[i].bits), y = q7_f16_value(b.lane[i].bits); r.lane[i].bits = q7_f16_round(EXPR); } return r; }
Q7_F16_2(ADD, x + y) Q7_F16_2(SUB, x - y) Q7_F16_2(MUL, x * y) Q7_F16_2(DIV, x / y)
Q7_F16_2(MIN, q7_fmin(x, y)) Q7_F16_2(MAX, q7_fmax(x, y)) Q7_F16_2(MINNUM, q7_fminnum(x, y)) Q7_F16_2(MAXNUM, q7_fmaxnum(x, y))
#undef Q7_F16_2
#define Q7_F16_1(NAME, EXPR) inline xb_vecNxf16 IVP_##NAME##NXF16(xb_vecNxf16 a) { xb_vecNxf16 r; for (int i = 0; i < 32; i++) { const double x = q7_f16_value(a.lane[i].bits); r.lane[i].bits = q7_f16_round(EXPR); } return r; }
Q7_F16_1(SQRT, sqrt(x)) Q7_F16_1(FIRINT, nearbyint(x)) Q7_F16_1(FIFLOOR, floor(x)) Q7_F16_1(FICEIL, ceil(x)) Q7_F16_1(FIROUND, round(x)) Q7_F16_1(FITRUNC, trunc(x))
#undef Q7_F16_1
inline xb_vecNxf16 IVP_ABSNXF16(xb_vecNxf16 a) { for (int i = 0; i < 32; i++) a.lane[i].bits &= 0x7fff; return a; }
inline xb_vecNxf16 IVP_NEGNXF16(xb_vecNxf16 a) { for (int i = 0; i < 32; i++) a.lane[i].bits ^= 0x8000; return a; }
inline xb_vecNxf16 operator+(const xb_vecNxf16& a, const xb_vecNxf16& b) { return IVP_ADDNXF16(a, b); }
inline xb_vecNxf16 operator-(const xb_vecNxf16& a, const xb_vecNxf16& b) { return IVP_SUBNXF16(a, b); }
inline xb_vecNxf16 operator*(const xb_vecNxf16& a, const xb_vecNxf16& b) { return IVP_MULNXF16(a, b); }
inline xb_vecNxf16 operator-(const xb_vecNxf16& a) { return IVP_NEGNXF16(a); }

/** A finite binary16 value as m × 2^−48 (exact: |m| < 2^64). */
inline __int128 q7_f16_scaled(uint16_t h) {
  const int e = (h >> 10) & 31, m = h & 1023;
  const __int128 v = (__int128)(e ? m + 1024 : m) << ((e ? e : 1) - 25 + 48);
  return (h & 0x8000) ? -v : v;
}
/** m × 2^−48 rounded to binary16, nearest-even. */
inline uint16_t q7_f16_from_scaled(__int128 m) {
  const uint16_t sign = m < 0 ? 0x8000 : 0;
  unsigned __int128 a = m < 0 ? -(unsigned __int128)m : (unsigned __int128)m;
  int n = 0;
  for (unsigned __int128 t = a; t; t >>= 1) n++;
  const int shift = n - 11 > 24 ? n - 11 : 24;
  unsigned __int128 q = a >> shift;
  const unsigned __int128 rem = a & (((unsigned __int128)1 << shift) - 1), half = (unsigned __int128)1 << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) q++;
  if (shift == 24) return sign | (uint16_t)q;
  int field = shift - 23;
  if (q == 2048) { q = 1024; field++; }
  if (field >= 31) return sign | 0x7c00;
  return sign | (uint16_t)(field << 10) | (uint16_t)(q - 1024);
}
/** acc ± a × b on binary16, rounded once. */
inline uint16_t q7_fma16(uint16_t acc, uint16_t a, uint16_t b, bool negate) {
  const double x = q7_f16_value(a), y = q7_f16_value(b), c = q7_f16_value(acc);
  const double p = negate ? -(x * y) : x * y;
  if (x != x || y != y || c != c || isinf(x) || isinf(y) || isinf(c)) return q7_f16_round(c + p);
  const __int128 s = q7_f16_scaled(acc) + (negate ? -1 : 1) * (q7_f16_scaled(a) >> 24) * (q7_f16_scaled(b) >> 24);
  if (s == 0) return (signbit(c) && signbit(p)) ? 0x8000 : 0;
  return q7_f16_from_scaled(s);
}
inline void IVP_MULANXF16(xb_vecNxf16& acc, xb_vecNxf16 a, xb_vecNxf16 b) { for (int i = 0; i < 32; i++) acc.lane[i].bits = q7_fma16(acc.lane[i].bits, a.lane[i].bits, b.lane[i].bits, false); }
inline void IVP_MULSNXF16(xb_vecNxf16& acc, xb_vecNxf16 a, xb_vecNxf16 b) { for (int i = 0; i < 32; i++) acc.lane[i].bits = q7_fma16(acc.lane[i].bits, a.lane[i].bits, b.lane[i].bits, true); }

// Conversions with a power-of-two scale; f16 <-> f32 of the even / odd half-precision lanes.
inline xb_vecN_2xf32 IVP_FLOATN_2X32(xb_vecN_2x32v a, int scale) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = (float)ldexp((double)a.lane[i], -scale); return r; }
inline xb_vecN_2xf32 IVP_UFLOATN_2X32(xb_vecN_2x32Uv a, int scale) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = (float)ldexp((double)a.lane[i], -scale); return r; }
inline xb_vecNxf16 IVP_FLOAT16NX16(xb_vecNx16 a, int scale) { xb_vecNxf16 r; for (int i = 0; i < 32; i++) r.lane[i].bits = q7_f16_round(ldexp((double)a.lane[i], -scale)); return r; }
inline double q7_trunc_sat(double x, double lo, double hi) { if (x != x) return hi; const double t = trunc(x); return t < lo ? lo : t > hi ? hi : t; }
inline xb_vecN_2x32v IVP_TRUNCN_2XF32(xb_vecN_2xf32 a, int scale) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)q7_trunc_sat(ldexp((double)a.lane[i], scale), -2147483648.0, 2147483647.0); return r; }
inline xb_vecN_2x32Uv IVP_UTRUNCN_2XF32(xb_vecN_2xf32 a, int scale) { xb_vecN_2x32Uv r; for (int i = 0; i < 16; i++) r.lane[i] = (uint32_t)q7_trunc_sat(ldexp((double)a.lane[i], scale), 0.0, 4294967295.0); return r; }
inline xb_vecNx16 IVP_TRUNC16NXF16(xb_vecNxf16 a, int scale) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)q7_trunc_sat(ldexp(q7_f16_value(a.lane[i].bits), scale), -32768.0, 32767.0); return r; }
inline xb_vecN_2xf32 IVP_CVTF32NXF16_0(xb_vecNxf16 a) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = q7_f32((float)q7_f16_value(a.lane[2 * i].bits)); return r; }
inline xb_vecN_2xf32 IVP_CVTF32NXF16_1(xb_vecNxf16 a) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = q7_f32((float)q7_f16_value(a.lane[2 * i + 1].bits)); return r; }
inline xb_vecNxf16 IVP_CVTF16N_2XF32_0(xb_vecN_2xf32 a) { xb_vecNxf16 r; for (int i = 0; i < 16; i++) { r.lane[2 * i].bits = q7_f16_round(a.lane[i]); r.lane[2 * i + 1].bits = 0; } return r; }
`;
