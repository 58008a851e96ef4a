// The host shim's IVP memory intrinsics (C++ text), as the project's encoding documents them
// (docs/ivp-encoding.md): aligned loads and stores access the 64-byte block containing the address
// (its low six bits ignored); the aligning streams are plain unaligned accesses; LAV/SAV move
// min(max(n, 0), 64) bytes and advance the pointer by that; widening loads extend, narrowing stores
// truncate (U) or saturate (S); scalar loads replicate; gathers read byte offsets, scatters store in
// increasing lane order.

export const IVP_MEMORY = String.raw`
template <typename P> inline P* q7_at(P* p, int off) { return (P*)((char*)p + off); }
template <typename P> inline const P* q7_at(const P* p, int off) { return (const P*)((const char*)p + off); }
inline const void* q7_block(const void* p) { return (const void*)((uintptr_t)p & ~(uintptr_t)63); }
inline void* q7_block(void* p) { return (void*)((uintptr_t)p & ~(uintptr_t)63); }
inline int q7_var_bytes(int n) { return n < 0 ? 0 : n > 64 ? 64 : n; }

#define Q7_LDST(K, V) \
  inline V IVP_LV##K##_I(const V* p, int imm) { V v; memcpy(&v, q7_block(q7_at(p, imm)), 64); return v; } \
  inline void IVP_LV##K##_IP(V& v, const V*& p, int imm) { memcpy(&v, q7_block(p), 64); p = q7_at(p, imm); } \
  inline V IVP_LV##K##_X(const V* p, int off) { return IVP_LV##K##_I(p, off); } \
  inline void IVP_LV##K##_XP(V& v, const V*& p, int inc) { IVP_LV##K##_IP(v, p, inc); } \
  inline void IVP_SV##K##_I(V v, V* p, int imm) { memcpy(q7_block(q7_at(p, imm)), &v, 64); } \
  inline void IVP_SV##K##_IP(V v, V*& p, int imm) { memcpy(q7_block(p), &v, 64); p = q7_at(p, imm); } \
  inline void IVP_SV##K##_X(V v, V* p, int off) { IVP_SV##K##_I(v, p, off); } \
  inline void IVP_SV##K##_XP(V v, V*& p, int inc) { IVP_SV##K##_IP(v, p, inc); } \
  inline void IVP_LA##K##_IP(V& v, valign&, const V*& p) { memcpy(&v, p, 64); p = q7_at(p, 64); } \
  inline void IVP_LAV##K##_XP(V& v, valign&, const V*& p, int n) { const int k = q7_var_bytes(n); uint8_t b[64] = {0}; memcpy(b, p, k); memcpy(&v, b, 64); p = q7_at(p, k); } \
  inline void IVP_SA##K##_IP(V v, valign&, V*& p) { memcpy(p, &v, 64); p = q7_at(p, 64); } \
  inline void IVP_SAV##K##_XP(V v, valign&, V*& p, int n) { const int k = q7_var_bytes(n); memcpy(p, &v, k); p = q7_at(p, k); } \
  inline void IVP_SAPOS##K##_FP(valign&, V*) {}
Q7_LDST(2NX8, xb_vec2Nx8) Q7_LDST(2NX8U, xb_vec2Nx8U) Q7_LDST(NX16, xb_vecNx16) Q7_LDST(NX16U, xb_vecNx16U)
Q7_LDST(N_2X32, xb_vecN_2x32v) Q7_LDST(N_2X32U, xb_vecN_2x32Uv) Q7_LDST(NXF16, xb_vecNxf16) Q7_LDST(N_2XF32, xb_vecN_2xf32)
#undef Q7_LDST
inline valign IVP_LA_PP(const void*) { return valign(); }
inline valign IVP_ZALIGN() { return valign(); }
inline void IVP_L2U2NX8U_XP(xb_vec2Nx8U& v, const xb_vec2Nx8U*& p, int inc) { memcpy(&v, p, 64); p = q7_at(p, inc); }

// Widening loads and narrowing stores: 32 bytes in memory, p += 32.
inline void IVP_LANX8S_IP(xb_vecNx16& v, valign&, const xb_vecNx8*& p) { for (int i = 0; i < 32; i++) v.lane[i] = p->lane[i]; p = q7_at(p, 32); }
inline void IVP_LANX8U_IP(xb_vecNx16U& v, valign&, const xb_vecNx8U*& p) { for (int i = 0; i < 32; i++) v.lane[i] = p->lane[i]; p = q7_at(p, 32); }
inline void IVP_LAN_2X16S_IP(xb_vecN_2x32v& v, valign&, const xb_vecN_2x16*& p) { int16_t h[16]; memcpy(h, p, 32); for (int i = 0; i < 16; i++) v.lane[i] = h[i]; p = q7_at(p, 32); }
inline void IVP_LAN_2X16U_IP(xb_vecN_2x32Uv& v, valign&, const xb_vecN_2x16U*& p) { uint16_t h[16]; memcpy(h, p, 32); for (int i = 0; i < 16; i++) v.lane[i] = h[i]; p = q7_at(p, 32); }
inline void IVP_SANX8U_IP(xb_vecNx16U v, valign&, xb_vecNx8U*& p) { uint8_t b[32]; for (int i = 0; i < 32; i++) b[i] = (uint8_t)v.lane[i]; memcpy(p, b, 32); p = q7_at(p, 32); }
inline void IVP_SANX8S_IP(xb_vecNx16 v, valign&, xb_vecNx8*& p) { int8_t b[32]; for (int i = 0; i < 32; i++) b[i] = (int8_t)q7_sat<8>(v.lane[i]); memcpy(p, b, 32); p = q7_at(p, 32); }
inline void IVP_SAN_2X16U_IP(xb_vecN_2x32Uv v, valign&, xb_vecN_2x16U*& p) { uint16_t h[16]; for (int i = 0; i < 16; i++) h[i] = (uint16_t)v.lane[i]; memcpy(p, h, 32); p = q7_at(p, 32); }
inline void IVP_SAN_2X16S_IP(xb_vecN_2x32v v, valign&, xb_vecN_2x16*& p) { int16_t h[16]; for (int i = 0; i < 16; i++) h[i] = (int16_t)q7_sat<16>(v.lane[i]); memcpy(p, h, 32); p = q7_at(p, 32); }

// One element loaded and replicated to every lane (byte offsets).
#define Q7_LSR(K, V, E) \
  inline V IVP_LSR##K##_I(const E* p, int imm) { E x; memcpy(&x, q7_at(p, imm), sizeof x); V v; for (auto& l : v.lane) memcpy(&l, &x, sizeof x); return v; } \
  inline void IVP_LSR##K##_IP(V& v, const E*& p, int inc) { v = IVP_LSR##K##_I(p, 0); p = q7_at(p, inc); } \
  inline void IVP_LSR##K##_XP(V& v, const E*& p, int inc) { IVP_LSR##K##_IP(v, p, inc); }
Q7_LSR(2NX8, xb_vec2Nx8, int8_t) Q7_LSR(NX16, xb_vecNx16, int16_t) Q7_LSR(N_2X32, xb_vecN_2x32v, int32_t) Q7_LSR(N_2XF32, xb_vecN_2xf32, float)
#undef Q7_LSR

// Gathers (lane i reads the element at base + offsets[i] bytes) and scatters (in increasing lane order).
template <typename E, typename R, typename V, typename O, int L> inline xb_gsr q7_gather(const E* base, const O& off) {
  V v;
  for (int i = 0; i < L; i++) { E x; memcpy(&x, (const char*)base + off.lane[i], sizeof x); R r = (R)x; memcpy(&v.lane[i], &r, sizeof r); }
  xb_gsr g; memcpy(g.bytes, &v, 64); return g;
}
#define Q7_GATHER(K, E, R, V, O, L) \
  inline xb_gsr IVP_GATHERA##K(const E* base, O off) { return q7_gather<E, R, V, O, L>(base, off); } \
  inline V IVP_GATHERD##K(xb_gsr g) { return q7_bytes<V>(g.bytes); }
Q7_GATHER(NX16, int16_t, int16_t, xb_vecNx16, xb_vecNx16U, 32)
Q7_GATHER(NX16U, uint16_t, uint16_t, xb_vecNx16U, xb_vecNx16U, 32)
Q7_GATHER(NX8S, int8_t, int16_t, xb_vecNx16, xb_vecNx16U, 32)
Q7_GATHER(NX8U, uint8_t, uint16_t, xb_vecNx16U, xb_vecNx16U, 32)
Q7_GATHER(N_2X32, int32_t, int32_t, xb_vecN_2x32v, xb_vecN_2x32Uv, 16)
Q7_GATHER(N_2X32U, uint32_t, uint32_t, xb_vecN_2x32Uv, xb_vecN_2x32Uv, 16)
Q7_GATHER(NXF16, xb_f16, uint16_t, xb_vecNxf16, xb_vecNx16U, 32)
Q7_GATHER(N_2XF32, float, float, xb_vecN_2xf32, xb_vecN_2x32Uv, 16)
#undef Q7_GATHER
#define Q7_SCATTER(K, V, E, O, L) \
  inline void IVP_SCATTER##K(V v, E* base, O off) { for (int i = 0; i < L; i++) memcpy((char*)base + off.lane[i], &v.lane[i], sizeof(E)); }
Q7_SCATTER(NX16, xb_vecNx16, int16_t, xb_vecNx16U, 32) Q7_SCATTER(NX16U, xb_vecNx16U, uint16_t, xb_vecNx16U, 32)
Q7_SCATTER(N_2X32, xb_vecN_2x32v, int32_t, xb_vecN_2x32Uv, 16) Q7_SCATTER(N_2X32U, xb_vecN_2x32Uv, uint32_t, xb_vecN_2x32Uv, 16)
Q7_SCATTER(NXF16, xb_vecNxf16, xb_f16, xb_vecNx16U, 32) Q7_SCATTER(N_2XF32, xb_vecN_2xf32, float, xb_vecN_2x32Uv, 16)
#undef Q7_SCATTER
`;
