// The host shim's IVP reductions (C++ text), as docs/ivp-encoding.md chooses: integer sums wrap in
// 32 bits (the result type then keeps its low bits), max/min signed or unsigned (U); the float sum adds
// pairwise ((l0 + l1) + (l2 + l3)) …, each addition rounded to f32; RMAXN/RMINN give NaN if any lane is
// NaN, RMAXNUM/RMINNUM skip NaN lanes; a NaN result is the default NaN.

export const IVP_REDUCE = String.raw`
#define Q7_RINT(K, V, VU, L, R, RU) \
  inline R IVP_RMAX##K(V v) { auto m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] > m) m = v.lane[i]; return m; } \
  inline R IVP_RMIN##K(V v) { auto m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] < m) m = v.lane[i]; return m; } \
  inline RU IVP_RMAXU##K##U(VU v) { auto m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] > m) m = v.lane[i]; return m; } \
  inline RU IVP_RMINU##K##U(VU v) { auto m = v.lane[0]; for (int i = 1; i < L; i++) if (v.lane[i] < m) m = v.lane[i]; return m; }
Q7_RINT(2NX8, xb_vec2Nx8, xb_vec2Nx8U, 64, xb_int8, xb_int8U)
Q7_RINT(NX16, xb_vecNx16, xb_vecNx16U, 32, xb_int16, xb_int16U)
Q7_RINT(N_2X32, xb_vecN_2x32v, xb_vecN_2x32Uv, 16, xb_int32, xb_int32U)
#undef Q7_RINT
template <typename V, int L> inline uint32_t q7_sum32(const V& v) { uint32_t s = 0; for (int i = 0; i < L; i++) s += (uint32_t)(int64_t)v.lane[i]; return s; }
inline xb_int16 IVP_RADD2NX8(xb_vec2Nx8 v) { return (int16_t)q7_sum32<xb_vec2Nx8, 64>(v); }
inline xb_int32 IVP_RADDNX16(xb_vecNx16 v) { return (int32_t)q7_sum32<xb_vecNx16, 32>(v); }
inline xb_int32 IVP_RADDN_2X32(xb_vecN_2x32v v) { return (int32_t)q7_sum32<xb_vecN_2x32v, 16>(v); }
inline xb_int16U IVP_RADDU2NX8(xb_vec2Nx8U v) { return (uint16_t)q7_sum32<xb_vec2Nx8U, 64>(v); }

inline float IVP_RADDN_2XF32(xb_vecN_2xf32 v) {
  float t[16];
  for (int i = 0; i < 16; i++) t[i] = v.lane[i];
  for (int n = 16; n > 1; n /= 2) for (int i = 0; i < n / 2; i++) t[i] = t[2 * i] + t[2 * i + 1];
  return q7_f32(t[0]);
}
template <typename F> inline float q7_rfold(const xb_vecN_2xf32& v, F f) { double m = v.lane[0]; for (int i = 1; i < 16; i++) m = f(m, (double)v.lane[i]); return q7_f32((float)m); }
inline float IVP_RMAXN_2XF32(xb_vecN_2xf32 v) { return q7_rfold(v, q7_fmax); }
inline float IVP_RMINN_2XF32(xb_vecN_2xf32 v) { return q7_rfold(v, q7_fmin); }
inline float IVP_RMAXNUMN_2XF32(xb_vecN_2xf32 v) { return q7_rfold(v, q7_fmaxnum); }
inline float IVP_RMINNUMN_2XF32(xb_vecN_2xf32 v) { return q7_rfold(v, q7_fminnum); }
`;
