// The host shim's IVP integer lane intrinsics (C++ text): reinterpretations, sequences, lane
// extraction, predicated selects and moves, loop-tail predicates, arithmetic (modular, saturating,
// averages, absolute values), min/max, bitwise, leading zeros and sign bits, population count, the
// non-widening multiply, the 32 / 16 divide, shifts, compares and predicate logic. Where the public
// facts are open, the choices of docs/ivp-encoding.md: shift counts at or past the lane width give 0
// or the sign fill, per-lane counts are clamped to ±width (negative shifting the other way), ABS wraps,
// lane numbers and bit numbers are taken modulo, a zero divisor gives quotient −1 and the numerator.

export const IVP_INTEGER = String.raw`
#define Q7_MOV(K1, V1, K2, V2) inline V1 IVP_MOV##K1##_FROM##K2(V2 v) { return q7_bytes<V1>(&v); }
Q7_MOV(2NX8, xb_vec2Nx8, NX16, xb_vecNx16) Q7_MOV(2NX8, xb_vec2Nx8, N_2X32, xb_vecN_2x32v) Q7_MOV(2NX8, xb_vec2Nx8, NXF16, xb_vecNxf16) Q7_MOV(2NX8, xb_vec2Nx8, N_2XF32, xb_vecN_2xf32)
Q7_MOV(NX16, xb_vecNx16, 2NX8, xb_vec2Nx8) Q7_MOV(NX16, xb_vecNx16, N_2X32, xb_vecN_2x32v) Q7_MOV(NX16, xb_vecNx16, NXF16, xb_vecNxf16) Q7_MOV(NX16, xb_vecNx16, N_2XF32, xb_vecN_2xf32)
Q7_MOV(N_2X32, xb_vecN_2x32v, 2NX8, xb_vec2Nx8) Q7_MOV(N_2X32, xb_vecN_2x32v, NX16, xb_vecNx16) Q7_MOV(N_2X32, xb_vecN_2x32v, NXF16, xb_vecNxf16) Q7_MOV(N_2X32, xb_vecN_2x32v, N_2XF32, xb_vecN_2xf32)
Q7_MOV(NXF16, xb_vecNxf16, 2NX8, xb_vec2Nx8) Q7_MOV(NXF16, xb_vecNxf16, NX16, xb_vecNx16) Q7_MOV(NXF16, xb_vecNxf16, N_2X32, xb_vecN_2x32v) Q7_MOV(NXF16, xb_vecNxf16, N_2XF32, xb_vecN_2xf32)
Q7_MOV(N_2XF32, xb_vecN_2xf32, 2NX8, xb_vec2Nx8) Q7_MOV(N_2XF32, xb_vecN_2xf32, NX16, xb_vecNx16) Q7_MOV(N_2XF32, xb_vecN_2xf32, N_2X32, xb_vecN_2x32v) Q7_MOV(N_2XF32, xb_vecN_2xf32, NXF16, xb_vecNxf16)
#undef Q7_MOV

// Predicated select (every vector type), loop-tail predicates.
#define Q7_MOVT(K, V, B, L) inline V IVP_MOV##K##T(V t, V f, B vb) { for (int i = 0; i < L; i++) if (!vb.lane[i]) t.lane[i] = f.lane[i]; return t; }
Q7_MOVT(2NX8, xb_vec2Nx8, vbool2N, 64) Q7_MOVT(2NX8U, xb_vec2Nx8U, vbool2N, 64) Q7_MOVT(NX16, xb_vecNx16, vboolN, 32) Q7_MOVT(NX16U, xb_vecNx16U, vboolN, 32)
Q7_MOVT(N_2X32, xb_vecN_2x32v, vboolN_2, 16) Q7_MOVT(N_2X32U, xb_vecN_2x32Uv, vboolN_2, 16) Q7_MOVT(NXF16, xb_vecNxf16, vboolN, 32) Q7_MOVT(N_2XF32, xb_vecN_2xf32, vboolN_2, 16)
#undef Q7_MOVT
template <typename B, int L> inline B q7_first(int n) { B b; for (int i = 0; i < L; i++) b.lane[i] = i < n; return b; }
inline vbool2N IVP_LTRS2N(int n) { return q7_first<vbool2N, 64>(n); }
inline vbool2N IVP_LTR2NI(int n) { return q7_first<vbool2N, 64>(n); }
inline vboolN IVP_LTRSN(int n) { return q7_first<vboolN, 32>(n); }
inline vboolN IVP_LTRNI(int n) { return q7_first<vboolN, 32>(n); }
inline vboolN_2 IVP_LTRSN_2(int n) { return q7_first<vboolN_2, 16>(n); }
inline vboolN_2 IVP_LTRN_2I(int n) { return q7_first<vboolN_2, 16>(n); }
inline xb_int32 IVP_EXTRN_2X32(xb_vecN_2x32v v, int lane) { return v.lane[lane & 15]; }
inline xb_int32pr IVP_EXTRPRN_2X32(xb_vecN_2x32v v, int lane) { return v.lane[lane & 15]; }
/** The 64-bit coefficient of the dual quad MACs: lane1 of v1 is bits 63..32 (hi, lo order), lane2 of v2 bits 31..0. */
inline xb_int64pr IVP_DEXTRPRN_2X32(xb_vecN_2x32v v1, xb_vecN_2x32v v2, int lane1, int lane2) { return (int64_t)(((uint64_t)(uint32_t)v1.lane[lane1 & 15] << 32) | (uint32_t)v2.lane[lane2 & 15]); }

// Lane-wise operations of the signed types (and their unsigned forms).
template <typename T> inline int q7_clz(T x) { typedef typename std::make_unsigned<T>::type U; U u = (U)x; int n = 0; for (int b = 8 * sizeof(T) - 1; b >= 0 && !((u >> b) & 1); b--) n++; return n; }
template <typename T> inline T q7_shl(T x, int s) { typedef typename std::make_unsigned<T>::type U; return s >= (int)(8 * sizeof(T)) ? 0 : (T)((U)x << s); }
template <typename T> inline T q7_shrl(T x, int s) { typedef typename std::make_unsigned<T>::type U; return s >= (int)(8 * sizeof(T)) ? 0 : (T)((U)x >> s); }
template <typename T> inline T q7_shra(T x, int s) { return s >= (int)(8 * sizeof(T)) ? (x < 0 ? -1 : 0) : (T)(x >> s); }
template <typename T> inline T q7_shls(T x, int s) {
  const int w = 8 * sizeof(T);
  if (x == 0) return 0;
  if (s >= w) return x < 0 ? (T)(-(((int64_t)1 << (w - 1)))) : (T)(((int64_t)1 << (w - 1)) - 1);
  const int64_t hi = ((int64_t)1 << (w - 1)) - 1, lo = -hi - 1;
  const int64_t y = (int64_t)x * ((int64_t)1 << s);
  return (T)(y > hi ? hi : y < lo ? lo : y);
}
template <typename T> inline int q7_count(T b) { const int w = 8 * sizeof(T); return b > w ? w : b < -w ? -w : (int)b; }

#define Q7_LANES(K, V, VU, B, L, E, EU, P) \
  inline V IVP_ADD##K(V a, V b) { return a + b; } \
  inline V IVP_SUB##K(V a, V b) { return a - b; } \
  inline V IVP_NEG##K(V a) { return -a; } \
  inline void IVP_ADD##K##T(V& r, V a, V b, B vb) { V s = a + b; for (int i = 0; i < L; i++) if (vb.lane[i]) r.lane[i] = s.lane[i]; } \
  inline void IVP_SUB##K##T(V& r, V a, V b, B vb) { V s = a - b; for (int i = 0; i < L; i++) if (vb.lane[i]) r.lane[i] = s.lane[i]; } \
  inline V IVP_AVG##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int64_t s = (int64_t)a.lane[i] + b.lane[i]; r.lane[i] = (E)(s >> 1); } return r; } \
  inline V IVP_AVGR##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int64_t s = (int64_t)a.lane[i] + b.lane[i] + 1; r.lane[i] = (E)(s >> 1); } return r; } \
  inline VU IVP_AVGU##K(VU a, VU b) { VU r; for (int i = 0; i < L; i++) r.lane[i] = (EU)(((uint64_t)a.lane[i] + b.lane[i]) >> 1); return r; } \
  inline VU IVP_AVGRU##K(VU a, VU b) { VU r; for (int i = 0; i < L; i++) r.lane[i] = (EU)(((uint64_t)a.lane[i] + b.lane[i] + 1) >> 1); return r; } \
  inline V IVP_ABS##K(V a) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < 0 ? (E)(0 - (EU)a.lane[i]) : a.lane[i]; return r; } \
  inline V IVP_MIN##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline V IVP_MAX##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline VU IVP_MINU##K(VU a, VU b) { VU r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline VU IVP_MAXU##K(VU a, VU b) { VU r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline V IVP_AND##K(V a, V b) { return a & b; } \
  inline V IVP_OR##K(V a, V b) { return a | b; } \
  inline V IVP_XOR##K(V a, V b) { return a ^ b; } \
  inline V IVP_NOT##K(V a) { return ~a; } \
  inline V IVP_SEQ##K() { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)i; return r; } \
  inline V IVP_SLLI##K(V a, int n) { V r; for (int i = 0; i < L; i++) r.lane[i] = q7_shl<E>(a.lane[i], n); return r; } \
  inline V IVP_SRLI##K(V a, int n) { V r; for (int i = 0; i < L; i++) r.lane[i] = q7_shrl<E>(a.lane[i], n); return r; } \
  inline V IVP_SRAI##K(V a, int n) { V r; for (int i = 0; i < L; i++) r.lane[i] = q7_shra<E>(a.lane[i], n); return r; } \
  inline B IVP_EQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] == b.lane[i]; return r; } \
  inline B IVP_NEQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] != b.lane[i]; return r; } \
  inline B IVP_LT##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i]; return r; } \
  inline B IVP_LE##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] <= b.lane[i]; return r; } \
  inline B IVP_GT##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i]; return r; } \
  inline B IVP_GE##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] >= b.lane[i]; return r; } \
  inline B IVP_LTU##K##U(VU a, VU b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i]; return r; } \
  inline B IVP_LEU##K##U(VU a, VU b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] <= b.lane[i]; return r; } \
  inline B IVP_GTU##K##U(VU a, VU b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i]; return r; } \
  inline B IVP_GEU##K##U(VU a, VU b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] >= b.lane[i]; return r; } \
  inline void IVP_INJBI##K(V& v, B vb, int bit) { const int k = bit & (8 * (int)sizeof(E) - 1); for (int i = 0; i < L; i++) v.lane[i] = (E)(vb.lane[i] ? ((EU)v.lane[i] | ((EU)1 << k)) : ((EU)v.lane[i] & (EU)~((EU)1 << k))); } \
  inline B IVP_EXTBI##K(V v, int bit) { const int k = bit & (8 * (int)sizeof(E) - 1); B r; for (int i = 0; i < L; i++) r.lane[i] = ((EU)v.lane[i] >> k) & 1; return r; } \
  inline B IVP_ANDB##P(B x, B y) { B r; for (int i = 0; i < L; i++) r.lane[i] = x.lane[i] && y.lane[i]; return r; } \
  inline B IVP_ORB##P(B x, B y) { B r; for (int i = 0; i < L; i++) r.lane[i] = x.lane[i] || y.lane[i]; return r; } \
  inline B IVP_XORB##P(B x, B y) { B r; for (int i = 0; i < L; i++) r.lane[i] = x.lane[i] != y.lane[i]; return r; } \
  inline B IVP_ANDNOTB##P(B x, B y) { B r; for (int i = 0; i < L; i++) r.lane[i] = x.lane[i] && !y.lane[i]; return r; } \
  inline B IVP_NOTB##P(B x) { B r; for (int i = 0; i < L; i++) r.lane[i] = !x.lane[i]; return r; }
Q7_LANES(2NX8, xb_vec2Nx8, xb_vec2Nx8U, vbool2N, 64, int8_t, uint8_t, 2N)
Q7_LANES(NX16, xb_vecNx16, xb_vecNx16U, vboolN, 32, int16_t, uint16_t, N)
Q7_LANES(N_2X32, xb_vecN_2x32v, xb_vecN_2x32Uv, vboolN_2, 16, int32_t, uint32_t, N_2)
#undef Q7_LANES

// Saturating forms, absolute differences, the predicated NX16 forms.
#define Q7_SAT(K, V, VU, L, E, W) \
  inline V IVP_ADDS##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)q7_sat<W>((int64_t)a.lane[i] + b.lane[i]); return r; } \
  inline V IVP_SUBS##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)q7_sat<W>((int64_t)a.lane[i] - b.lane[i]); return r; } \
  inline VU IVP_ABSSUB##K(V a, V b) { VU r; for (int i = 0; i < L; i++) { int64_t d = (int64_t)a.lane[i] - b.lane[i]; r.lane[i] = (d < 0 ? -d : d); } return r; } \
  inline VU IVP_ABSSUBU##K(VU a, VU b) { VU r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i] ? a.lane[i] - b.lane[i] : b.lane[i] - a.lane[i]; return r; }
Q7_SAT(2NX8, xb_vec2Nx8, xb_vec2Nx8U, 64, int8_t, 8)
Q7_SAT(NX16, xb_vecNx16, xb_vecNx16U, 32, int16_t, 16)
#undef Q7_SAT
inline void IVP_ADDSNX16T(xb_vecNx16& r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb) { xb_vecNx16 s = IVP_ADDSNX16(a, b); for (int i = 0; i < 32; i++) if (vb.lane[i]) r.lane[i] = s.lane[i]; }
inline void IVP_MINNX16T(xb_vecNx16& r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb) { xb_vecNx16 s = IVP_MINNX16(a, b); for (int i = 0; i < 32; i++) if (vb.lane[i]) r.lane[i] = s.lane[i]; }
inline void IVP_MAXNX16T(xb_vecNx16& r, xb_vecNx16 a, xb_vecNx16 b, vboolN vb) { xb_vecNx16 s = IVP_MAXNX16(a, b); for (int i = 0; i < 32; i++) if (vb.lane[i]) r.lane[i] = s.lane[i]; }

// Leading zeros (the lane width for 0), redundant sign bits, population count.
inline xb_vecNx16 IVP_NSAUNX16(xb_vecNx16 a) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = q7_clz<int16_t>(a.lane[i]); return r; }
inline xb_vecN_2x32v IVP_NSAUN_2X32(xb_vecN_2x32v a) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = q7_clz<int32_t>(a.lane[i]); return r; }
inline xb_vecNx16 IVP_NSANX16(xb_vecNx16 a) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = q7_clz<int16_t>(a.lane[i] < 0 ? (int16_t)~a.lane[i] : a.lane[i]) - 1; return r; }
inline xb_vecN_2x32v IVP_NSAN_2X32(xb_vecN_2x32v a) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = q7_clz<int32_t>(a.lane[i] < 0 ? ~a.lane[i] : a.lane[i]) - 1; return r; }
inline int q7_popc(uint8_t x) { int n = 0; for (; x; x &= x - 1) n++; return n; }
inline xb_vec2Nx8 IVP_POPC2NX8(xb_vec2Nx8 a) { xb_vec2Nx8 r; for (int i = 0; i < 64; i++) r.lane[i] = q7_popc((uint8_t)a.lane[i]); return r; }
inline xb_vec2Nx8U IVP_POPC2NX8U(xb_vec2Nx8U a) { xb_vec2Nx8U r; for (int i = 0; i < 64; i++) r.lane[i] = q7_popc(a.lane[i]); return r; }

// The non-widening 16-bit multiply (low 16 bits) and the 32 / 16 divide.
inline xb_vecNx16 IVP_MULNX16PACKL(xb_vecNx16 a, xb_vecNx16 b) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)(uint16_t)((uint32_t)(uint16_t)a.lane[i] * (uint16_t)b.lane[i]); return r; }
inline xb_vecNx16U IVP_MULNX16UPACKL(xb_vecNx16U a, xb_vecNx16U b) { xb_vecNx16U r; for (int i = 0; i < 32; i++) r.lane[i] = (uint16_t)((uint32_t)a.lane[i] * b.lane[i]); return r; }
inline void IVP_MULANX16PACKL(xb_vecNx16& r, xb_vecNx16 a, xb_vecNx16 b) { r = r + IVP_MULNX16PACKL(a, b); }
inline void IVP_MULANX16UPACKL(xb_vecNx16U& r, xb_vecNx16U a, xb_vecNx16U b) { r = r + IVP_MULNX16UPACKL(a, b); }
inline void IVP_DIVN_2X32X16(xb_vecN_2x32v& q, xb_vecN_2x32v& r, xb_vecN_2x32v num, xb_vecNx16 den, int sel) {
  for (int i = 0; i < 16; i++) {
    const int64_t n = num.lane[i], d = den.lane[2 * i + (sel & 1)];
    const int64_t qq = d == 0 ? -1 : n / d;
    q.lane[i] = (int32_t)(uint32_t)qq;
    r.lane[i] = d == 0 ? (int32_t)n : (int32_t)(n - qq * d);
  }
}
inline void IVP_DIVN_2X32X16U(xb_vecN_2x32Uv& q, xb_vecN_2x32Uv& r, xb_vecN_2x32Uv num, xb_vecNx16U den, int sel) {
  for (int i = 0; i < 16; i++) {
    const uint32_t n = num.lane[i], d = den.lane[2 * i + (sel & 1)];
    q.lane[i] = d == 0 ? 0xffffffffu : n / d;
    r.lane[i] = d == 0 ? n : n % d;
  }
}

// Shifts by per-lane counts (the signed lanes of b, clamped to ±width; negative shifts the other way).
#define Q7_SHIFTS(K, V, L, E) \
  inline V IVP_SLL##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shl<E>(a.lane[i], s) : q7_shrl<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SRL##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shrl<E>(a.lane[i], s) : q7_shl<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SLA##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shl<E>(a.lane[i], s) : q7_shra<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SRA##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shra<E>(a.lane[i], s) : q7_shl<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SLS##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shls<E>(a.lane[i], s) : q7_shra<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SRS##K(V a, V b) { V r; for (int i = 0; i < L; i++) { int s = q7_count<E>(b.lane[i]); r.lane[i] = s >= 0 ? q7_shra<E>(a.lane[i], s) : q7_shls<E>(a.lane[i], -s); } return r; } \
  inline V IVP_SLSI##K(V a, int n) { V r; for (int i = 0; i < L; i++) r.lane[i] = q7_shls<E>(a.lane[i], n); return r; }
Q7_SHIFTS(NX16, xb_vecNx16, 32, int16_t)
Q7_SHIFTS(N_2X32, xb_vecN_2x32v, 16, int32_t)
#undef Q7_SHIFTS

// Predicate halves and joins ((hi, lo) argument order).
inline vboolN IVP_EXTRACTBL2N(vbool2N vb) { vboolN r; for (int i = 0; i < 32; i++) r.lane[i] = vb.lane[i]; return r; }
inline vboolN IVP_EXTRACTBH2N(vbool2N vb) { vboolN r; for (int i = 0; i < 32; i++) r.lane[i] = vb.lane[32 + i]; return r; }
inline vboolN_2 IVP_EXTRACTBLN(vboolN vb) { vboolN_2 r; for (int i = 0; i < 16; i++) r.lane[i] = vb.lane[i]; return r; }
inline vboolN_2 IVP_EXTRACTBHN(vboolN vb) { vboolN_2 r; for (int i = 0; i < 16; i++) r.lane[i] = vb.lane[16 + i]; return r; }
inline vboolN IVP_JOINBN_2(vboolN_2 hi, vboolN_2 lo) { vboolN r; for (int i = 0; i < 16; i++) { r.lane[i] = lo.lane[i]; r.lane[16 + i] = hi.lane[i]; } return r; }
inline vbool2N IVP_JOINBN(vboolN hi, vboolN lo) { vbool2N r; for (int i = 0; i < 32; i++) { r.lane[i] = lo.lane[i]; r.lane[32 + i] = hi.lane[i]; } return r; }
`;
