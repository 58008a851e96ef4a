// The host shim of <xtensa/tie/xt_ivp32.h> (C++): the IVP vector types as structs of lanes with the
// language's broadcasts, signedness conversions and operators, and the intrinsics as loops over
// the lanes, written independently of the emulator. writeShimTree puts it over the guest header.

export const HOST_IVP_HEADER = String.raw`// Host shim of <xtensa/tie/xt_ivp32.h>: the IVP vector types as plain C++ structs of lanes (lane 0
// first, as in memory) with the language's conversions (broadcast from a scalar, signedness twins)
// and operators, and the intrinsics as loops over the lanes. Written from the facts of the vector
// unit, independently of the emulator, so a vectorised kernel's native build is a reference.
#pragma once
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <type_traits>

template <typename T, int L> struct q7_vec {
  T lane[L];
  q7_vec() : lane() {}
  template <typename S, typename = typename std::enable_if<std::is_arithmetic<S>::value>::type>
  q7_vec(S x) { for (int i = 0; i < L; i++) lane[i] = (T)x; }
  template <typename U, typename = typename std::enable_if<sizeof(U) == sizeof(T) && std::is_integral<U>::value && std::is_integral<T>::value && !std::is_same<U, T>::value>::type>
  q7_vec(const q7_vec<U, L>& o) { memcpy(lane, o.lane, sizeof lane); }
};
/** A wide accumulator: L lanes of Bits significant bits, kept sign-extended in 64-bit integers. */
template <int L, int Bits> struct q7_wide {
  int64_t lane[L];
  q7_wide() : lane() {}
};
template <int Bits> inline int64_t q7_wrap(int64_t x) {
  if (Bits >= 64) return x;
  const int s = 64 - Bits;
  return (int64_t)((uint64_t)x << s) >> s;
}
template <int L> struct q7_bool { bool lane[L]; q7_bool() : lane() {} };

typedef q7_vec<int8_t, 64> xb_vec2Nx8;
typedef q7_vec<uint8_t, 64> xb_vec2Nx8U;
typedef q7_vec<int16_t, 32> xb_vecNx16;
typedef q7_vec<uint16_t, 32> xb_vecNx16U;
typedef q7_vec<int32_t, 16> xb_vecN_2x32v;
typedef q7_vec<uint32_t, 16> xb_vecN_2x32Uv;
typedef q7_vec<float, 16> xb_vecN_2xf32;
typedef q7_wide<64, 24> xb_vec2Nx24;
typedef q7_wide<32, 48> xb_vecNx48;
typedef q7_wide<16, 64> xb_vecN_2x64w;
typedef q7_bool<64> vbool2N;
typedef q7_bool<32> vboolN;
typedef q7_bool<16> vboolN_2;
struct valign { int unused; };
typedef int8_t xb_int8; typedef uint8_t xb_int8U; typedef int16_t xb_int16; typedef uint16_t xb_int16U;
typedef int32_t xb_int32; typedef uint32_t xb_int32U; typedef int32_t xb_int32pr; typedef int64_t xb_int64pr;

// C operators: lane-wise, integer lanes wrap (computed in the unsigned type of the lane).
template <typename T> struct q7_u { typedef typename std::make_unsigned<T>::type type; };
template <> struct q7_u<float> { typedef float type; };
#define Q7_VEC_OP(op) \
  template <typename T, int L> q7_vec<T, L> operator op(const q7_vec<T, L>& a, const q7_vec<T, L>& b) { \
    q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)((typename q7_u<T>::type)a.lane[i] op (typename q7_u<T>::type)b.lane[i]); return r; } \
  template <typename T, int L, typename S, typename = typename std::enable_if<std::is_arithmetic<S>::value>::type> q7_vec<T, L> operator op(const q7_vec<T, L>& a, S b) { return a op q7_vec<T, L>(b); } \
  template <typename T, int L, typename S, typename = typename std::enable_if<std::is_arithmetic<S>::value>::type> q7_vec<T, L> operator op(S a, const q7_vec<T, L>& b) { return q7_vec<T, L>(a) op b; } \
  template <typename T, int L, typename X> q7_vec<T, L>& operator op##=(q7_vec<T, L>& a, const X& b) { return a = a op b; }
Q7_VEC_OP(+)
Q7_VEC_OP(-)
Q7_VEC_OP(&)
Q7_VEC_OP(|)
Q7_VEC_OP(^)
#undef Q7_VEC_OP
inline xb_vecN_2xf32 operator*(const xb_vecN_2xf32& a, const xb_vecN_2xf32& b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = a.lane[i] * b.lane[i]; return r; }
template <typename T, int L> q7_vec<T, L> operator-(const q7_vec<T, L>& a) { return q7_vec<T, L>(0) - a; }
template <typename T, int L> q7_vec<T, L> operator~(const q7_vec<T, L>& a) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)~a.lane[i]; return r; }
template <typename T, int L> q7_vec<T, L> operator<<(const q7_vec<T, L>& a, int n) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)((typename q7_u<T>::type)a.lane[i] << n); return r; }
template <typename T, int L> q7_vec<T, L> operator>>(const q7_vec<T, L>& a, int n) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)(a.lane[i] >> n); return r; }

// Loads and stores (offsets in bytes; _IP/_XP advance the pointer).
template <typename V> inline const V* q7_at(const V* p, int off) { return (const V*)((const char*)p + off); }
template <typename V> inline V* q7_at(V* p, int off) { return (V*)((char*)p + off); }
#define Q7_LDST(K, V) \
  inline V IVP_LV##K##_I(const V* p, int imm) { V v; memcpy(&v, q7_at(p, imm), 64); return v; } \
  inline void IVP_LV##K##_IP(V& v, const V*& p, int imm) { memcpy(&v, p, 64); p = q7_at(p, imm); } \
  inline V IVP_LV##K##_X(const V* p, int off) { return IVP_LV##K##_I(p, off); } \
  inline void IVP_LV##K##_XP(V& v, const V*& p, int inc) { IVP_LV##K##_IP(v, p, inc); } \
  inline void IVP_SV##K##_I(V v, V* p, int imm) { memcpy(q7_at(p, imm), &v, 64); } \
  inline void IVP_SV##K##_IP(V v, V*& p, int imm) { memcpy(p, &v, 64); p = q7_at(p, imm); } \
  inline void IVP_SV##K##_X(V v, V* p, int off) { IVP_SV##K##_I(v, p, off); } \
  inline void IVP_SV##K##_XP(V v, V*& p, int inc) { IVP_SV##K##_IP(v, p, inc); } \
  inline void IVP_LA##K##_IP(V& v, valign&, const V*& p) { memcpy(&v, p, 64); p = q7_at(p, 64); } \
  inline void IVP_LAV##K##_XP(V& v, valign&, const V*& p, int n) { int k = n < 64 ? (n < 0 ? 0 : n) : 64; v = V(); memcpy(&v, p, k); p = q7_at(p, n); } \
  inline void IVP_SA##K##_IP(V v, valign&, V*& p) { memcpy(p, &v, 64); p = q7_at(p, 64); } \
  inline void IVP_SAV##K##_XP(V v, valign&, V*& p, int n) { int k = n < 64 ? (n < 0 ? 0 : n) : 64; memcpy(p, &v, k); p = q7_at(p, n); } \
  inline void IVP_SAPOS##K##_FP(valign&, V*) {}
Q7_LDST(2NX8, xb_vec2Nx8) Q7_LDST(2NX8U, xb_vec2Nx8U) Q7_LDST(NX16, xb_vecNx16) Q7_LDST(NX16U, xb_vecNx16U)
Q7_LDST(N_2X32, xb_vecN_2x32v) Q7_LDST(N_2X32U, xb_vecN_2x32Uv) Q7_LDST(N_2XF32, xb_vecN_2xf32)
#undef Q7_LDST
inline valign IVP_LA_PP(const void*) { return valign(); }
inline valign IVP_ZALIGN() { return valign(); }

// Lane-wise arithmetic, min/max, compares, selects, sequences, reductions.
#define Q7_LANES(K, V, B, L, E) \
  inline V IVP_ADD##K(V a, V b) { return a + b; } \
  inline V IVP_SUB##K(V a, V b) { return a - b; } \
  inline V IVP_NEG##K(V a) { return -a; } \
  inline V IVP_MIN##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline V IVP_MAX##K(V a, V b) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i] ? a.lane[i] : b.lane[i]; return r; } \
  inline V IVP_AND##K(V a, V b) { return a & b; } \
  inline V IVP_OR##K(V a, V b) { return a | b; } \
  inline V IVP_XOR##K(V a, V b) { return a ^ b; } \
  inline V IVP_NOT##K(V a) { return ~a; } \
  inline V IVP_SEQ##K() { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)i; return r; } \
  inline V IVP_SLLI##K(V a, int n) { return a << n; } \
  inline V IVP_SRAI##K(V a, int n) { return a >> n; } \
  inline V IVP_SRLI##K(V a, int n) { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)((typename q7_u<E>::type)a.lane[i] >> n); return r; } \
  inline B IVP_EQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] == b.lane[i]; return r; } \
  inline B IVP_NEQ##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] != b.lane[i]; return r; } \
  inline B IVP_LT##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] < b.lane[i]; return r; } \
  inline B IVP_LE##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] <= b.lane[i]; return r; } \
  inline B IVP_GT##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] > b.lane[i]; return r; } \
  inline B IVP_GE##K(V a, V b) { B r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[i] >= b.lane[i]; return r; } \
  inline V IVP_MOV##K##T(V t, V f, B vb) { V r; for (int i = 0; i < L; i++) r.lane[i] = vb.lane[i] ? t.lane[i] : f.lane[i]; return r; } \
  inline E IVP_RMAX##K(V v) { E m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] > m) m = v.lane[i]; return m; } \
  inline E IVP_RMIN##K(V v) { E m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] < m) m = v.lane[i]; return m; }
Q7_LANES(2NX8, xb_vec2Nx8, vbool2N, 64, int8_t)
Q7_LANES(NX16, xb_vecNx16, vboolN, 32, int16_t)
Q7_LANES(N_2X32, xb_vecN_2x32v, vboolN_2, 16, int32_t)
#undef Q7_LANES
inline xb_int32 IVP_RADDN_2X32(xb_vecN_2x32v v) { uint32_t s = 0; for (int i = 0; i < 16; i++) s += (uint32_t)v.lane[i]; return (int32_t)s; }
inline xb_int32 IVP_RADDNX16(xb_vecNx16 v) { int32_t s = 0; for (int i = 0; i < 32; i++) s += v.lane[i]; return s; }
inline xb_int16 IVP_RADD2NX8(xb_vec2Nx8 v) { int32_t s = 0; for (int i = 0; i < 64; i++) s += v.lane[i]; return (int16_t)s; }
inline xb_int16U IVP_RADDU2NX8(xb_vec2Nx8U v) { uint32_t s = 0; for (int i = 0; i < 64; i++) s += v.lane[i]; return (uint16_t)s; }

// 16 x 16 -> 48-bit multiplies and the packs (round half up, arithmetic shift, signed saturation).
inline xb_vecNx48 IVP_MULNX16(xb_vecNx16 a, xb_vecNx16 b) { xb_vecNx48 w; for (int i = 0; i < 32; i++) w.lane[i] = (int64_t)a.lane[i] * b.lane[i]; return w; }
inline xb_vecNx48 operator*(const xb_vecNx16& a, const xb_vecNx16& b) { return IVP_MULNX16(a, b); }
inline void IVP_MULANX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b) { for (int i = 0; i < 32; i++) acc.lane[i] = q7_wrap<48>(acc.lane[i] + (int64_t)a.lane[i] * b.lane[i]); }
inline void IVP_MULSNX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b) { for (int i = 0; i < 32; i++) acc.lane[i] = q7_wrap<48>(acc.lane[i] - (int64_t)a.lane[i] * b.lane[i]); }
inline xb_vecNx48 IVP_ZERONX48() { return xb_vecNx48(); }
inline xb_vecNx16 IVP_PACKVRNX48(xb_vecNx48 w, int sh) {
  xb_vecNx16 r;
  for (int i = 0; i < 32; i++) {
    int64_t x = sh > 0 ? (w.lane[i] + ((int64_t)1 << (sh - 1))) >> sh : w.lane[i];
    r.lane[i] = (int16_t)(x > 32767 ? 32767 : x < -32768 ? -32768 : x);
  }
  return r;
}
inline xb_vecNx16 IVP_PACKVRNRNX48(xb_vecNx48 w, int sh) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)(w.lane[i] >> sh); return r; }
inline xb_vecNx16 IVP_PACKLNX48(xb_vecNx48 w) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)w.lane[i]; return r; }

// The float unit. MAX/MIN return the second operand when the comparison fails (a NaN in the first
// gives the second): the choice this shim makes where the hardware's NaN behaviour is open.
#define Q7_F2(NAME, EXPR) inline xb_vecN_2xf32 IVP_##NAME##N_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) { float x = a.lane[i], y = b.lane[i]; r.lane[i] = (EXPR); } return r; }
Q7_F2(ADD, x + y) Q7_F2(SUB, x - y) Q7_F2(MUL, x * y) Q7_F2(DIV, x / y)
Q7_F2(MAX, x > y ? x : y) Q7_F2(MIN, x < y ? x : y) Q7_F2(MAXNUM, fmaxf(x, y)) Q7_F2(MINNUM, fminf(x, y))
#undef Q7_F2
inline xb_vecN_2xf32 IVP_ABSN_2XF32(xb_vecN_2xf32 a) { for (int i = 0; i < 16; i++) a.lane[i] = fabsf(a.lane[i]); return a; }
inline xb_vecN_2xf32 IVP_NEGN_2XF32(xb_vecN_2xf32 a) { for (int i = 0; i < 16; i++) a.lane[i] = -a.lane[i]; return a; }
inline void IVP_MULAN_2XF32(xb_vecN_2xf32& acc, xb_vecN_2xf32 a, xb_vecN_2xf32 b) { for (int i = 0; i < 16; i++) acc.lane[i] = fmaf(a.lane[i], b.lane[i], acc.lane[i]); }
inline vboolN_2 IVP_OLTN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b) { vboolN_2 r; for (int i = 0; i < 16; i++) r.lane[i] = a.lane[i] < b.lane[i]; return r; }
inline vboolN_2 IVP_OGTN_2XF32(xb_vecN_2xf32 a, xb_vecN_2xf32 b) { vboolN_2 r; for (int i = 0; i < 16; i++) r.lane[i] = a.lane[i] > b.lane[i]; return r; }
inline xb_vecN_2xf32 IVP_MOVN_2XF32T(xb_vecN_2xf32 t, xb_vecN_2xf32 f, vboolN_2 vb) { for (int i = 0; i < 16; i++) if (!vb.lane[i]) t.lane[i] = f.lane[i]; return t; }
inline float IVP_RADDN_2XF32(xb_vecN_2xf32 v) { float s = 0; for (int i = 0; i < 16; i++) s += v.lane[i]; return s; }
inline float IVP_RMAXN_2XF32(xb_vecN_2xf32 v) { float m = v.lane[0]; for (int i = 1; i < 16; i++) if (v.lane[i] > m) m = v.lane[i]; return m; }
inline xb_vecN_2xf32 IVP_FLOATN_2X32(xb_vecN_2x32v a, int scale) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = ldexpf((float)a.lane[i], -scale); return r; }
`;
