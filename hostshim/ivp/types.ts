// The host shim's IVP vector types (C++ text): narrow vectors as structs of lanes (lane 0 first, as
// in memory), f16 lanes as their bits, wide accumulators as sign-extended 64-bit lanes, predicates as
// bool lanes, with the language's broadcasts, signedness conversions and C operators, and the lane
// helpers the intrinsics share (saturation, wrapping, binary16 rounding, the default NaN).

export const IVP_TYPES = String.raw`#pragma once
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <type_traits>

/** One IEEE binary16 lane: its bits. */
struct q7_f16 { uint16_t bits; };

inline double q7_f16_value(uint16_t h) {
  const int e = (h >> 10) & 31, m = h & 1023;
  const double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 31) return m ? (double)NAN : s * (double)INFINITY;
  return s * ldexp((double)(e ? m + 1024 : m), (e ? e : 1) - 25);
}
/** x rounded to binary16, nearest-even; a NaN is the default NaN 0x7e00. */
inline uint16_t q7_f16_round(double x) {
  if (x != x) return 0x7e00;
  const uint16_t sign = signbit(x) ? 0x8000 : 0;
  double a = fabs(x);
  if (a == 0) return sign;
  if (a >= 65520.0) return sign | 0x7c00;
  if (a < ldexp(1.0, -14)) return sign | (uint16_t)nearbyint(ldexp(a, 24));
  int ex;
  frexp(a, &ex);
  int e = ex - 1;
  double q = nearbyint(ldexp(a, 10 - e));
  if (q == 2048) { q = 1024; e++; }
  if (e > 15) return sign | 0x7c00;
  return sign | (uint16_t)((e + 15) << 10) | (uint16_t)(q - 1024);
}
inline float q7_f32_bits(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
inline uint32_t q7_bits_f32(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
/** A float lane result: a NaN becomes the default NaN 0x7fc00000 (the host's may carry a sign). */
inline float q7_f32(float r) { return r != r ? q7_f32_bits(0x7fc00000u) : r; }

template <typename T, int L> struct q7_vec {
  T lane[L];
  q7_vec() : lane() {}
  template <typename S, typename = typename std::enable_if<std::is_arithmetic<S>::value>::type>
  q7_vec(S x) { for (int i = 0; i < L; i++) lane[i] = (T)x; }
  template <typename U, typename = typename std::enable_if<sizeof(U) == sizeof(T) && std::is_integral<U>::value && std::is_integral<T>::value && !std::is_same<U, T>::value>::type>
  q7_vec(const q7_vec<U, L>& o) { memcpy(lane, o.lane, sizeof lane); }
};
template <int L> struct q7_vec<q7_f16, L> {
  q7_f16 lane[L];
  q7_vec() : lane() {}
  template <typename S, typename = typename std::enable_if<std::is_arithmetic<S>::value>::type>
  q7_vec(S x) { const uint16_t h = q7_f16_round((double)(float)x); for (int i = 0; i < L; i++) lane[i].bits = h; }
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
typedef q7_vec<q7_f16, 32> xb_vecNxf16;
typedef q7_vec<float, 16> xb_vecN_2xf32;
typedef q7_wide<64, 24> xb_vec2Nx24;
typedef q7_wide<32, 48> xb_vecNx48;
typedef q7_wide<16, 64> xb_vecN_2x64w;
typedef q7_bool<64> vbool2N;
typedef q7_bool<32> vboolN;
typedef q7_bool<16> vboolN_2;
struct valign { int unused; };
/** A gather in flight: the gathered lanes (IVP_GATHERD* reads them). */
struct xb_gsr { uint8_t bytes[64]; };
typedef struct { int8_t lane[32]; } xb_vecNx8;
typedef struct { uint8_t lane[32]; } xb_vecNx8U;
typedef struct { int16_t lane[16]; } xb_vecN_2x16;
typedef struct { uint16_t lane[16]; } xb_vecN_2x16U;
typedef int8_t xb_int8; typedef uint8_t xb_int8U; typedef int16_t xb_int16; typedef uint16_t xb_int16U;
typedef int32_t xb_int32; typedef uint32_t xb_int32U; typedef int32_t xb_int32pr; typedef int64_t xb_int64pr;
typedef uint16_t xb_f16;
inline uint16_t xb_int16U_rtor_uint16(xb_int16U x) { return x; }
inline int16_t xb_int16_rtor_int16(xb_int16 x) { return x; }
inline int32_t xb_int32_rtor_int32(xb_int32 x) { return x; }
inline uint32_t xb_int32U_rtor_uint32(xb_int32U x) { return x; }

/** Signed saturation of x to Bits. */
template <int Bits> inline int64_t q7_sat(int64_t x) {
  const int64_t hi = ((int64_t)1 << (Bits - 1)) - 1, lo = -hi - 1;
  return x > hi ? hi : x < lo ? lo : x;
}
template <typename V> inline V q7_bytes(const void* p) { V v; memcpy(&v, p, 64); return v; }

// C operators: lane-wise; integer lanes wrap (computed in the unsigned type of the lane).
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
template <typename T, int L> q7_vec<T, L> operator-(const q7_vec<T, L>& a) { return q7_vec<T, L>(0) - a; }
template <typename T, int L> q7_vec<T, L> operator~(const q7_vec<T, L>& a) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)~a.lane[i]; return r; }
template <typename T, int L> q7_vec<T, L> operator<<(const q7_vec<T, L>& a, int n) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = n >= (int)(8 * sizeof(T)) ? 0 : (T)((typename q7_u<T>::type)a.lane[i] << n); return r; }
template <typename T, int L> q7_vec<T, L> operator>>(const q7_vec<T, L>& a, int n) { q7_vec<T, L> r; for (int i = 0; i < L; i++) r.lane[i] = (T)(a.lane[i] >> (n >= (int)(8 * sizeof(T)) ? 8 * sizeof(T) - 1 : n)); return r; }
inline xb_vecN_2xf32 operator*(const xb_vecN_2xf32& a, const xb_vecN_2xf32& b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = q7_f32(a.lane[i] * b.lane[i]); return r; }
inline xb_vecN_2xf32 operator+(const xb_vecN_2xf32& a, const xb_vecN_2xf32& b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = q7_f32(a.lane[i] + b.lane[i]); return r; }
inline xb_vecN_2xf32 operator-(const xb_vecN_2xf32& a, const xb_vecN_2xf32& b) { xb_vecN_2xf32 r; for (int i = 0; i < 16; i++) r.lane[i] = q7_f32(a.lane[i] - b.lane[i]); return r; }
`;
