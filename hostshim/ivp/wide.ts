// The host shim's IVP wide-accumulator intrinsics (C++ text): multiplies and multiply-accumulates
// (8 × 8 → 24, 16 × 16 → 48, 32 × 32 → 64-bit lanes, wrapping in the lane; UU unsigned × unsigned,
// US unsigned × signed, P pairs, Q quads against the bytes of a scalar), widening adds, the packs
// (VR: add 2^(sh−1), arithmetic shift, signed saturation; VRU unsigned; VRNR shift only; V per-lane
// shifts; the shift clamped to 0..23 for 8-bit results and 0..32 otherwise) and the width conversions,
// as xtensa-ivp-spec.md §12.6–§12.7 and docs/ivp-encoding.md give them.

export const IVP_WIDE = String.raw`
template <typename W, int Bits, int L, typename A, typename B> inline W q7_mul(const A& a, const B& b) { W w; for (int i = 0; i < L; i++) w.lane[i] = q7_wrap<Bits>((int64_t)a.lane[i] * (int64_t)b.lane[i]); return w; }
template <typename W, int Bits, int L, typename A, typename B> inline void q7_mac(W& w, const A& a, const B& b, int sign) { for (int i = 0; i < L; i++) w.lane[i] = q7_wrap<Bits>((int64_t)((uint64_t)w.lane[i] + (uint64_t)(sign * (int64_t)a.lane[i] * (int64_t)b.lane[i]))); }
template <typename W, int Bits, int L, typename V> inline W q7_mulp(const V& a, const V& b, const V& c, const V& d) { W w; for (int i = 0; i < L; i++) w.lane[i] = q7_wrap<Bits>((int64_t)a.lane[i] * b.lane[i] + (int64_t)c.lane[i] * d.lane[i]); return w; }
template <typename W, int Bits, int L> inline void q7_addto(W& acc, const W& x) { for (int i = 0; i < L; i++) acc.lane[i] = q7_wrap<Bits>((int64_t)((uint64_t)acc.lane[i] + (uint64_t)x.lane[i])); }

// 8 x 8 -> 24
inline xb_vec2Nx24 IVP_MUL2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b) { return q7_mul<xb_vec2Nx24, 24, 64>(a, b); }
inline xb_vec2Nx24 IVP_MULUU2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b) { return q7_mul<xb_vec2Nx24, 24, 64>(a, b); }
inline xb_vec2Nx24 IVP_MULUS2NX8(xb_vec2Nx8U a, xb_vec2Nx8 b) { return q7_mul<xb_vec2Nx24, 24, 64>(a, b); }
inline void IVP_MULA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8 a, xb_vec2Nx8 b) { q7_mac<xb_vec2Nx24, 24, 64>(acc, a, b, 1); }
inline void IVP_MULUUA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8U a, xb_vec2Nx8U b) { q7_mac<xb_vec2Nx24, 24, 64>(acc, a, b, 1); }
inline void IVP_MULS2NX8(xb_vec2Nx24& acc, xb_vec2Nx8 a, xb_vec2Nx8 b) { q7_mac<xb_vec2Nx24, 24, 64>(acc, a, b, -1); }
inline xb_vec2Nx24 IVP_MULP2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b, xb_vec2Nx8 c, xb_vec2Nx8 d) { return q7_mulp<xb_vec2Nx24, 24, 64>(a, b, c, d); }
inline xb_vec2Nx24 IVP_MULUUP2NX8(xb_vec2Nx8U a, xb_vec2Nx8U b, xb_vec2Nx8U c, xb_vec2Nx8U d) { return q7_mulp<xb_vec2Nx24, 24, 64>(a, b, c, d); }
inline void IVP_MULPA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8 a, xb_vec2Nx8 b, xb_vec2Nx8 c, xb_vec2Nx8 d) { q7_addto<xb_vec2Nx24, 24, 64>(acc, IVP_MULP2NX8(a, b, c, d)); }
inline void IVP_MULUUPA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8U a, xb_vec2Nx8U b, xb_vec2Nx8U c, xb_vec2Nx8U d) { q7_addto<xb_vec2Nx24, 24, 64>(acc, IVP_MULUUP2NX8(a, b, c, d)); }
/** acc += d1 × c1 − d2 × c2 (the instruction has one c operand: kernels pass the same vector twice). */
inline void IVP_MULUUPDA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8U d1, xb_vec2Nx8U c1, xb_vec2Nx8U d2, xb_vec2Nx8U c2) {
  for (int i = 0; i < 64; i++) acc.lane[i] = q7_wrap<24>(acc.lane[i] + (int64_t)d1.lane[i] * c1.lane[i] - (int64_t)d2.lane[i] * c2.lane[i]);
}
template <typename V> inline void q7_quad(xb_vec2Nx24& acc, const V& v3, const V& v2, const V& v1, const V& v0, uint32_t s, bool sign) {
  const V* v[4] = {&v0, &v1, &v2, &v3};
  for (int i = 0; i < 64; i++) {
    int64_t sum = 0;
    for (int j = 0; j < 4; j++) { const uint8_t b = (uint8_t)(s >> (8 * j)); sum += (int64_t)v[j]->lane[i] * (sign ? (int64_t)(int8_t)b : (int64_t)b); }
    acc.lane[i] = q7_wrap<24>(acc.lane[i] + sum);
  }
}
inline void IVP_MULQA2N8XR8(xb_vec2Nx24& acc, xb_vec2Nx8 v3, xb_vec2Nx8 v2, xb_vec2Nx8 v1, xb_vec2Nx8 v0, xb_int32pr s) { q7_quad(acc, v3, v2, v1, v0, (uint32_t)s, true); }
inline void IVP_MULUUQA2N8XR8(xb_vec2Nx24& acc, xb_vec2Nx8U v3, xb_vec2Nx8U v2, xb_vec2Nx8U v1, xb_vec2Nx8U v0, xb_int32pr s) { q7_quad(acc, v3, v2, v1, v0, (uint32_t)s, false); }
inline void IVP_DMULQA2N8XR8(xb_vec2Nx24& accHi, xb_vec2Nx24& accLo, xb_vec2Nx8 v3, xb_vec2Nx8 v2, xb_vec2Nx8 v1, xb_vec2Nx8 v0, xb_int64pr s) {
  q7_quad(accLo, v3, v2, v1, v0, (uint32_t)(uint64_t)s, true);
  q7_quad(accHi, v3, v2, v1, v0, (uint32_t)((uint64_t)s >> 32), true);
}
inline void IVP_DMULUUQA2N8XR8(xb_vec2Nx24& accHi, xb_vec2Nx24& accLo, xb_vec2Nx8U v3, xb_vec2Nx8U v2, xb_vec2Nx8U v1, xb_vec2Nx8U v0, xb_int64pr s) {
  q7_quad(accLo, v3, v2, v1, v0, (uint32_t)(uint64_t)s, false);
  q7_quad(accHi, v3, v2, v1, v0, (uint32_t)((uint64_t)s >> 32), false);
}

// 16 x 16 -> 48
inline xb_vecNx48 IVP_MULNX16(xb_vecNx16 a, xb_vecNx16 b) { return q7_mul<xb_vecNx48, 48, 32>(a, b); }
inline xb_vecNx48 IVP_MULUUNX16U(xb_vecNx16U a, xb_vecNx16U b) { return q7_mul<xb_vecNx48, 48, 32>(a, b); }
inline xb_vecNx48 IVP_MULUSNX16(xb_vecNx16U a, xb_vecNx16 b) { return q7_mul<xb_vecNx48, 48, 32>(a, b); }
inline void IVP_MULANX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b) { q7_mac<xb_vecNx48, 48, 32>(acc, a, b, 1); }
inline void IVP_MULUUANX16(xb_vecNx48& acc, xb_vecNx16U a, xb_vecNx16U b) { q7_mac<xb_vecNx48, 48, 32>(acc, a, b, 1); }
inline void IVP_MULSNX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b) { q7_mac<xb_vecNx48, 48, 32>(acc, a, b, -1); }
inline xb_vecNx48 IVP_MULPNX16(xb_vecNx16 a, xb_vecNx16 b, xb_vecNx16 c, xb_vecNx16 d) { return q7_mulp<xb_vecNx48, 48, 32>(a, b, c, d); }
inline xb_vecNx48 IVP_MULUUPNX16(xb_vecNx16U a, xb_vecNx16U b, xb_vecNx16U c, xb_vecNx16U d) { return q7_mulp<xb_vecNx48, 48, 32>(a, b, c, d); }
inline void IVP_MULPANX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b, xb_vecNx16 c, xb_vecNx16 d) { q7_addto<xb_vecNx48, 48, 32>(acc, IVP_MULPNX16(a, b, c, d)); }
/** a × s[31:16] + b × s[15:0] with signed halves (SU: the halves unsigned). */
inline xb_vecNx48 IVP_MULPN16XR16(xb_vecNx16 a, xb_vecNx16 b, xb_int32pr s) { const int64_t h = (int16_t)((uint32_t)s >> 16), l = (int16_t)s; xb_vecNx48 w; for (int i = 0; i < 32; i++) w.lane[i] = a.lane[i] * h + b.lane[i] * l; return w; }
inline xb_vecNx48 IVP_MULSUPN16XR16(xb_vecNx16 a, xb_vecNx16 b, xb_int32pr s) { const int64_t h = (uint16_t)((uint32_t)s >> 16), l = (uint16_t)s; xb_vecNx48 w; for (int i = 0; i < 32; i++) w.lane[i] = a.lane[i] * h + b.lane[i] * l; return w; }

// 32 x 32 -> 64
inline int64_t q7_mul64(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }
inline xb_vecN_2x64w IVP_MULN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b) { xb_vecN_2x64w w; for (int i = 0; i < 16; i++) w.lane[i] = q7_mul64(a.lane[i], b.lane[i]); return w; }
inline xb_vecN_2x64w IVP_MULUSN_2X32(xb_vecN_2x32Uv a, xb_vecN_2x32v b) { xb_vecN_2x64w w; for (int i = 0; i < 16; i++) w.lane[i] = q7_mul64(a.lane[i], b.lane[i]); return w; }
inline xb_vecN_2x64w IVP_MULUUN_2X16X32_0(xb_vecNx16U a, xb_vecN_2x32Uv b) { xb_vecN_2x64w w; for (int i = 0; i < 16; i++) w.lane[i] = q7_mul64(a.lane[2 * i], b.lane[i]); return w; }
inline void IVP_MULAN_2X32(xb_vecN_2x64w& acc, xb_vecN_2x32v a, xb_vecN_2x32v b) { for (int i = 0; i < 16; i++) acc.lane[i] = (int64_t)((uint64_t)acc.lane[i] + (uint64_t)q7_mul64(a.lane[i], b.lane[i])); }
inline void IVP_MULSN_2X32(xb_vecN_2x64w& acc, xb_vecN_2x32v a, xb_vecN_2x32v b) { for (int i = 0; i < 16; i++) acc.lane[i] = (int64_t)((uint64_t)acc.lane[i] - (uint64_t)q7_mul64(a.lane[i], b.lane[i])); }

// Widening adds, the symmetric-rounding decrement, zero accumulators.
template <typename W, int Bits, int L, typename V> inline W q7_addw(const V& a, const V& b) { W w; for (int i = 0; i < L; i++) w.lane[i] = q7_wrap<Bits>((int64_t)a.lane[i] + b.lane[i]); return w; }
inline xb_vecNx48 IVP_ADDWNX16(xb_vecNx16 a, xb_vecNx16 b) { return q7_addw<xb_vecNx48, 48, 32>(a, b); }
inline xb_vecNx48 IVP_ADDWUNX16U(xb_vecNx16U a, xb_vecNx16U b) { return q7_addw<xb_vecNx48, 48, 32>(a, b); }
inline xb_vec2Nx24 IVP_ADDW2NX8(xb_vec2Nx8 a, xb_vec2Nx8 b) { return q7_addw<xb_vec2Nx24, 24, 64>(a, b); }
inline xb_vec2Nx24 IVP_ADDWU2NX8U(xb_vec2Nx8U a, xb_vec2Nx8U b) { return q7_addw<xb_vec2Nx24, 24, 64>(a, b); }
inline void IVP_ADDWANX16(xb_vecNx48& acc, xb_vecNx16 a, xb_vecNx16 b) { q7_addto<xb_vecNx48, 48, 32>(acc, IVP_ADDWNX16(a, b)); }
inline void IVP_ADDWUANX16U(xb_vecNx48& acc, xb_vecNx16U a, xb_vecNx16U b) { q7_addto<xb_vecNx48, 48, 32>(acc, IVP_ADDWUNX16U(a, b)); }
inline void IVP_ADDWA2NX8(xb_vec2Nx24& acc, xb_vec2Nx8 a, xb_vec2Nx8 b) { q7_addto<xb_vec2Nx24, 24, 64>(acc, IVP_ADDW2NX8(a, b)); }
inline void IVP_ADDWUA2NX8U(xb_vec2Nx24& acc, xb_vec2Nx8U a, xb_vec2Nx8U b) { q7_addto<xb_vec2Nx24, 24, 64>(acc, IVP_ADDWU2NX8U(a, b)); }
inline void IVP_DECNEGWNX48(xb_vecNx48& acc) { for (int i = 0; i < 32; i++) if (acc.lane[i] < 0) acc.lane[i] = q7_wrap<48>(acc.lane[i] - 1); }
inline xb_vecNx48 IVP_ZERONX48() { return xb_vecNx48(); }
inline xb_vec2Nx24 IVP_ZERO2NX24() { return xb_vec2Nx24(); }

// C operators: * of integer vectors widens into the accumulator.
inline xb_vecNx48 operator*(const xb_vecNx16& a, const xb_vecNx16& b) { return IVP_MULNX16(a, b); }
inline xb_vecNx48 operator*(const xb_vecNx16U& a, const xb_vecNx16U& b) { return IVP_MULUUNX16U(a, b); }
inline xb_vec2Nx24 operator*(const xb_vec2Nx8& a, const xb_vec2Nx8& b) { return IVP_MUL2NX8(a, b); }
inline xb_vec2Nx24 operator*(const xb_vec2Nx8U& a, const xb_vec2Nx8U& b) { return IVP_MULUU2NX8(a, b); }
inline xb_vecN_2x64w operator*(const xb_vecN_2x32v& a, const xb_vecN_2x32v& b) { return IVP_MULN_2X32(a, b); }

// Packs: per lane, the shift clamped; round = add 2^(sh-1) before the arithmetic shift.
inline int q7_clamp_shift(int s, int max) { return s < 0 ? 0 : s > max ? max : s; }
inline __int128 q7_round_shift(int64_t v, int sh) { return sh == 0 ? (__int128)v : ((__int128)v + ((__int128)1 << (sh - 1))) >> sh; }
inline int64_t q7_sat_range(__int128 v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : (int64_t)v; }
template <typename V, typename E, int L, int Bits, int Max, typename W> inline V q7_packvr(const W& w, int sh) {
  const int s = q7_clamp_shift(sh, Max); const int64_t hi = ((int64_t)1 << (Bits - 1)) - 1;
  V r; for (int i = 0; i < L; i++) r.lane[i] = (E)q7_sat_range(q7_round_shift(w.lane[i], s), -hi - 1, hi); return r;
}
template <typename V, typename E, int L, int Max, typename W> inline V q7_packvrnr(const W& w, int sh) {
  const int s = q7_clamp_shift(sh, Max); V r; for (int i = 0; i < L; i++) r.lane[i] = (E)(w.lane[i] >> s); return r;
}
template <typename V, typename E, int L, int Bits, int Max, typename W, typename S> inline V q7_packv(const W& w, const S& vsh) {
  const int64_t hi = ((int64_t)1 << (Bits - 1)) - 1;
  V r; for (int i = 0; i < L; i++) r.lane[i] = (E)q7_sat_range(q7_round_shift(w.lane[i], q7_clamp_shift(vsh.lane[i], Max)), -hi - 1, hi); return r;
}
template <typename V, typename E, int L, typename W> inline V q7_packl(const W& w) { V r; for (int i = 0; i < L; i++) r.lane[i] = (E)w.lane[i]; return r; }
inline xb_vecNx16 IVP_PACKVRNX48(xb_vecNx48 w, int sh) { return q7_packvr<xb_vecNx16, int16_t, 32, 16, 32>(w, sh); }
inline xb_vecNx16 IVP_PACKVRNRNX48(xb_vecNx48 w, int sh) { return q7_packvrnr<xb_vecNx16, int16_t, 32, 32>(w, sh); }
inline xb_vecNx16 IVP_PACKVNX48(xb_vecNx48 w, xb_vecNx16 vsh) { return q7_packv<xb_vecNx16, int16_t, 32, 16, 32>(w, vsh); }
inline xb_vecNx16 IVP_PACKLNX48(xb_vecNx48 w) { return q7_packl<xb_vecNx16, int16_t, 32>(w); }
inline xb_vec2Nx8 IVP_PACKVR2NX24(xb_vec2Nx24 w, int sh) { return q7_packvr<xb_vec2Nx8, int8_t, 64, 8, 23>(w, sh); }
inline xb_vec2Nx8 IVP_PACKVRNR2NX24(xb_vec2Nx24 w, int sh) { return q7_packvrnr<xb_vec2Nx8, int8_t, 64, 23>(w, sh); }
inline xb_vec2Nx8 IVP_PACKV2NX24(xb_vec2Nx24 w, xb_vec2Nx8 vsh) { return q7_packv<xb_vec2Nx8, int8_t, 64, 8, 23>(w, vsh); }
inline xb_vec2Nx8 IVP_PACKL2NX24(xb_vec2Nx24 w) { return q7_packl<xb_vec2Nx8, int8_t, 64>(w); }
inline xb_vecN_2x32v IVP_PACKVRN_2X64W(xb_vecN_2x64w w, int sh) { return q7_packvr<xb_vecN_2x32v, int32_t, 16, 32, 32>(w, sh); }
inline xb_vecN_2x32v IVP_PACKVRNRN_2X64W(xb_vecN_2x64w w, int sh) { return q7_packvrnr<xb_vecN_2x32v, int32_t, 16, 32>(w, sh); }
inline xb_vecN_2x32v IVP_PACKVN_2X64W(xb_vecN_2x64w w, xb_vecN_2x32v vsh) { return q7_packv<xb_vecN_2x32v, int32_t, 16, 32, 32>(w, vsh); }
inline xb_vecN_2x32v IVP_PACKLN_2X64W(xb_vecN_2x64w w) { return q7_packl<xb_vecN_2x32v, int32_t, 16>(w); }
inline xb_vecN_2x32v IVP_PACKLN_2X96(xb_vecN_2x64w w) { return IVP_PACKLN_2X64W(w); }
inline xb_vec2Nx8U IVP_PACKVRU2NX24(xb_vec2Nx24 w, int sh) { const int s = q7_clamp_shift(sh, 23); xb_vec2Nx8U r; for (int i = 0; i < 64; i++) r.lane[i] = (uint8_t)q7_sat_range(q7_round_shift(w.lane[i], s), 0, 255); return r; }
inline xb_vecN_2x32v IVP_PACKVRNRNX48_0(xb_vecNx48 w, int sh) { const int s = q7_clamp_shift(sh, 32); xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)(w.lane[2 * i] >> s); return r; }
inline xb_vecN_2x32v IVP_PACKVRNRNX48_1(xb_vecNx48 w, int sh) { const int s = q7_clamp_shift(sh, 32); xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)(w.lane[2 * i + 1] >> s); return r; }
inline xb_vecNx16 IVP_PACKVRNR2NX24_0(xb_vec2Nx24 w, int sh) { const int s = q7_clamp_shift(sh, 23); xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)(w.lane[2 * i] >> s); return r; }
inline xb_vecNx16 IVP_PACKVRNR2NX24_1(xb_vec2Nx24 w, int sh) { const int s = q7_clamp_shift(sh, 23); xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)(w.lane[2 * i + 1] >> s); return r; }
inline xb_vecN_2x32v IVP_PACKHN_2X64W(xb_vecN_2x64w w) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)(w.lane[i] >> 32); return r; }
inline xb_vecNx16 IVP_PACKMNX48(xb_vecNx48 w) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)(w.lane[i] >> 16); return r; }
inline xb_vecNx16 IVP_PACKQNX48(xb_vecNx48 w) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)((w.lane[i] + (1 << 14)) >> 15); return r; }

// Conversions between widths ((hi, lo) argument order; L/H the low/high lanes).
inline xb_vecNx48 IVP_CVT48SNX32(xb_vecN_2x32v hi, xb_vecN_2x32v lo) { xb_vecNx48 w; for (int i = 0; i < 16; i++) { w.lane[i] = lo.lane[i]; w.lane[16 + i] = hi.lane[i]; } return w; }
inline xb_vecNx48 IVP_CVT48UNX32(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo) { xb_vecNx48 w; for (int i = 0; i < 16; i++) { w.lane[i] = lo.lane[i]; w.lane[16 + i] = hi.lane[i]; } return w; }
inline xb_vecN_2x32v IVP_CVT32SNX48L(xb_vecNx48 w) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)w.lane[i]; return r; }
inline xb_vecN_2x32Uv IVP_CVT32UNX48L(xb_vecNx48 w) { xb_vecN_2x32Uv r; for (int i = 0; i < 16; i++) r.lane[i] = (uint32_t)w.lane[i]; return r; }
inline xb_vecN_2x32v IVP_CVT32SNX48H(xb_vecNx48 w) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)w.lane[16 + i]; return r; }
inline xb_vecN_2x32Uv IVP_CVT32UNX48H(xb_vecNx48 w) { xb_vecN_2x32Uv r; for (int i = 0; i < 16; i++) r.lane[i] = (uint32_t)w.lane[16 + i]; return r; }
inline xb_vec2Nx24 IVP_CVT24S2NX16(xb_vecNx16 hi, xb_vecNx16 lo) { xb_vec2Nx24 w; for (int i = 0; i < 32; i++) { w.lane[i] = lo.lane[i]; w.lane[32 + i] = hi.lane[i]; } return w; }
inline xb_vecNx16 IVP_CVT16S2NX24L(xb_vec2Nx24 w) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)w.lane[i]; return r; }
inline xb_vecNx16U IVP_CVT16U2NX24L(xb_vec2Nx24 w) { xb_vecNx16U r; for (int i = 0; i < 32; i++) r.lane[i] = (uint16_t)w.lane[i]; return r; }
inline xb_vecNx16 IVP_CVT16S2NX24H(xb_vec2Nx24 w) { xb_vecNx16 r; for (int i = 0; i < 32; i++) r.lane[i] = (int16_t)w.lane[32 + i]; return r; }
inline xb_vecNx16U IVP_CVT16U2NX24H(xb_vec2Nx24 w) { xb_vecNx16U r; for (int i = 0; i < 32; i++) r.lane[i] = (uint16_t)w.lane[32 + i]; return r; }
inline xb_vecN_2x32v q7_cvt32_24(const xb_vec2Nx24& w, int q) { xb_vecN_2x32v r; for (int i = 0; i < 16; i++) r.lane[i] = (int32_t)w.lane[16 * q + i]; return r; }
inline xb_vecN_2x32v IVP_CVT32S2NX24LL(xb_vec2Nx24 w) { return q7_cvt32_24(w, 0); }
inline xb_vecN_2x32v IVP_CVT32S2NX24LH(xb_vec2Nx24 w) { return q7_cvt32_24(w, 1); }
inline xb_vecN_2x32v IVP_CVT32S2NX24HL(xb_vec2Nx24 w) { return q7_cvt32_24(w, 2); }
inline xb_vecN_2x32v IVP_CVT32S2NX24HH(xb_vec2Nx24 w) { return q7_cvt32_24(w, 3); }
/** The low 24 bits of u32 lanes: L fills 24-bit lanes 0..31 (the others zero), H lanes 32..63 (the others kept). */
inline xb_vec2Nx24 IVP_CVT24UNX32L(xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo) { xb_vec2Nx24 w; for (int i = 0; i < 16; i++) { w.lane[i] = q7_wrap<24>(lo.lane[i]); w.lane[16 + i] = q7_wrap<24>(hi.lane[i]); } return w; }
inline void IVP_CVT24UNX32H(xb_vec2Nx24& w, xb_vecN_2x32Uv hi, xb_vecN_2x32Uv lo) { for (int i = 0; i < 16; i++) { w.lane[32 + i] = q7_wrap<24>(lo.lane[i]); w.lane[48 + i] = q7_wrap<24>(hi.lane[i]); } }
template <typename R, typename V, int L> inline R q7_unpk(const V& a, int from) { R r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[from + i]; return r; }
inline xb_vecN_2x32v IVP_UNPKSNX16_L(xb_vecNx16 a) { return q7_unpk<xb_vecN_2x32v, xb_vecNx16, 16>(a, 0); }
inline xb_vecN_2x32Uv IVP_UNPKUNX16_L(xb_vecNx16U a) { return q7_unpk<xb_vecN_2x32Uv, xb_vecNx16U, 16>(a, 0); }
inline xb_vecNx16 IVP_UNPKS2NX8_L(xb_vec2Nx8 a) { return q7_unpk<xb_vecNx16, xb_vec2Nx8, 32>(a, 0); }
inline xb_vecNx16U IVP_UNPKU2NX8_L(xb_vec2Nx8U a) { return q7_unpk<xb_vecNx16U, xb_vec2Nx8U, 32>(a, 0); }
inline xb_vecN_2x32v IVP_UNPKSNX16_H(xb_vecNx16 a) { return q7_unpk<xb_vecN_2x32v, xb_vecNx16, 16>(a, 16); }
inline xb_vecN_2x32Uv IVP_UNPKUNX16_H(xb_vecNx16U a) { return q7_unpk<xb_vecN_2x32Uv, xb_vecNx16U, 16>(a, 16); }
inline xb_vecNx16 IVP_UNPKS2NX8_H(xb_vec2Nx8 a) { return q7_unpk<xb_vecNx16, xb_vec2Nx8, 32>(a, 32); }
inline xb_vecNx16U IVP_UNPKU2NX8_H(xb_vec2Nx8U a) { return q7_unpk<xb_vecNx16U, xb_vec2Nx8U, 32>(a, 32); }
`;
