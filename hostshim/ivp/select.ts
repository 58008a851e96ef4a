// The host shim's IVP permutes (C++ text): SEL picks from the concatenation (lo, hi) by an index
// vector (index modulo 2L), SHFL from one vector (index modulo L), SEL*I and DSEL*I by the immediate
// patterns of docs/ivp-encoding.md, whose element size is part of the pattern whatever the vector
// type: SEL*I element size << 7 | kind (0/1 INTERLEAVE_1_LO/HI, 2/3 INTERLEAVE_2_LO/HI, 4/5
// EXTRACT_1_OF_2_OFF_0/1, 64 + k ROTATE_RIGHT_k; other kinds give zero lanes), DSEL*I element size
// << 2 | kind (INTERLEAVE_1, INTERLEAVE_2, DEINTERLEAVE_1, DEINTERLEAVE_2), 12..15 the 3-channel steps. The index-vector DSEL
// (this project's rule): outLo lane i is element idx[i] of the 2L-lane concat(lo, hi), outHi lane i
// element idx[i] + L (mod 2L).

export const IVP_SELECT = String.raw`
#define Q7_SEL(K, V, I, L) \
  inline V IVP_SEL##K(V hi, V lo, I idx) { V r; for (int i = 0; i < L; i++) { const unsigned j = (unsigned)idx.lane[i] % (2 * L); r.lane[i] = j < L ? lo.lane[j] : hi.lane[j - L]; } return r; } \
  inline V IVP_SHFL##K(V a, I idx) { V r; for (int i = 0; i < L; i++) r.lane[i] = a.lane[(unsigned)idx.lane[i] % L]; return r; }
Q7_SEL(2NX8, xb_vec2Nx8, xb_vec2Nx8, 64u) Q7_SEL(2NX8U, xb_vec2Nx8U, xb_vec2Nx8, 64u)
Q7_SEL(NX16, xb_vecNx16, xb_vecNx16, 32u) Q7_SEL(NX16U, xb_vecNx16U, xb_vecNx16, 32u) Q7_SEL(NXF16, xb_vecNxf16, xb_vecNx16, 32u)
Q7_SEL(N_2X32, xb_vecN_2x32v, xb_vecN_2x32v, 16u) Q7_SEL(N_2X32U, xb_vecN_2x32Uv, xb_vecN_2x32v, 16u) Q7_SEL(N_2XF32, xb_vecN_2xf32, xb_vecN_2x32v, 16u)
#undef Q7_SEL
#define Q7_DSEL(K, V, L) \
  inline void IVP_DSEL##K(V& outHi, V& outLo, V hi, V lo, V idx) { \
    V h, l; \
    for (int i = 0; i < L; i++) { \
      const unsigned j = (unsigned)idx.lane[i] % (2 * L), k = (j + L) % (2 * L); \
      l.lane[i] = j < L ? lo.lane[j] : hi.lane[j - L]; \
      h.lane[i] = k < L ? lo.lane[k] : hi.lane[k - L]; \
    } \
    outHi = h; outLo = l; \
  }
Q7_DSEL(2NX8, xb_vec2Nx8, 64u) Q7_DSEL(NX16, xb_vecNx16, 32u) Q7_DSEL(N_2X32, xb_vecN_2x32v, 16u)
#undef Q7_DSEL

/** Element j of concat(lo, hi) in elements of e bytes (64 / e per vector), copied to out. */
inline void q7_elem(uint8_t* out, const uint8_t* hi, const uint8_t* lo, int e, int j) {
  const int L = 64 / e;
  memcpy(out, j < L ? lo + j * e : hi + (j - L) * e, e);
}
inline int q7_pattern_bytes(int code) { return code == 1 ? 2 : code == 2 ? 4 : 1; }
/** The element of concat(lo, hi) that output element k of SEL*I kind takes (L elements a vector); −1: zero. */
inline int q7_seli_source(int kind, int L, int k) {
  if (kind == 0 || kind == 1) return (k & 1) * L + k / 2 + (kind == 1 ? L / 2 : 0);
  if (kind == 2 || kind == 3) return ((k / 2) & 1) * L + (k / 4) * 2 + (k & 1) + (kind == 3 ? L / 2 : 0);
  if (kind == 4 || kind == 5) return 2 * k + (kind - 4);
  if (kind >= 64) return (k + kind - 64) % (2 * L);
  return -1;
}
inline void q7_seli(uint8_t* out, const uint8_t* hi, const uint8_t* lo, int e, int kind) {
  const int L = 64 / e;
  for (int k = 0; k < L; k++) {
    const int j = q7_seli_source(kind, L, k);
    if (j < 0) memset(out + k * e, 0, e); else q7_elem(out + k * e, hi, lo, e, j);
  }
}
template <typename V> inline V q7_seli_v(V hi, V lo, int pattern) {
  uint8_t h[64], l[64], o[64];
  memcpy(h, &hi, 64); memcpy(l, &lo, 64);
  q7_seli(o, h, l, q7_pattern_bytes((pattern >> 7) & 3), pattern & 127);
  return q7_bytes<V>(o);
}
/** The 3-channel DSEL*I steps (patterns 12..15, bytes): the byte of concat(lo, hi) that output byte k takes; −1: zero. */
inline int q7_c3_source(int pattern, bool outLo, int k) {
  if (pattern == 12) return outLo ? 3 * (k / 2) + (k & 1) : k < 32 ? 3 * k + 2 : -1;
  if (pattern == 13) return outLo ? 32 + 3 * (k / 2) + (k & 1) : k >= 32 ? 3 * k - 62 : -1;
  const int base = pattern == 14 ? 0 : 32;
  int s;
  if (pattern == 14) s = outLo ? k : k < 32 ? 64 + k : -1;
  else s = outLo ? (k >= 32 ? 64 + k : -1) : 128 + k;
  if (s < 0) return -1;
  return s % 3 == 2 ? 64 + s / 3 : 2 * (s / 3 - base) + s % 3;
}
template <typename V> inline void q7_dseli_v(V& outHi, V& outLo, V hi, V lo, int pattern) {
  uint8_t h[64], l[64], oh[64], ol[64];
  memcpy(h, &hi, 64); memcpy(l, &lo, 64);
  const int e = q7_pattern_bytes((pattern >> 2) & 3), L = 64 / e;
  if (pattern >= 12) {
    for (int k = 0; k < 64; k++) {
      const int jl = q7_c3_source(pattern, true, k), jh = q7_c3_source(pattern, false, k);
      ol[k] = jl < 0 ? 0 : jl < 64 ? l[jl] : h[jl - 64];
      oh[k] = jh < 0 ? 0 : jh < 64 ? l[jh] : h[jh - 64];
    }
    outHi = q7_bytes<V>(oh);
    outLo = q7_bytes<V>(ol);
    return;
  }
  switch (pattern & 3) {
    case 0: q7_seli(ol, h, l, e, 0); q7_seli(oh, h, l, e, 1); break;
    case 1: q7_seli(ol, h, l, e, 2); q7_seli(oh, h, l, e, 3); break;
    case 2: q7_seli(ol, h, l, e, 4); q7_seli(oh, h, l, e, 5); break;
    default:
      for (int k = 0; k < L; k++) {
        q7_elem(ol + k * e, h, l, e, 4 * (k / 2) + (k & 1));
        q7_elem(oh + k * e, h, l, e, 4 * (k / 2) + (k & 1) + 2);
      }
  }
  outHi = q7_bytes<V>(oh);
  outLo = q7_bytes<V>(ol);
}
#define Q7_SELI(K, V) inline V IVP_SEL##K##I(V hi, V lo, int pattern) { return q7_seli_v(hi, lo, pattern); }
Q7_SELI(2NX8, xb_vec2Nx8) Q7_SELI(2NX8U, xb_vec2Nx8U) Q7_SELI(NX16, xb_vecNx16) Q7_SELI(NX16U, xb_vecNx16U)
Q7_SELI(N_2X32, xb_vecN_2x32v) Q7_SELI(N_2X32U, xb_vecN_2x32Uv) Q7_SELI(NXF16, xb_vecNxf16) Q7_SELI(N_2XF32, xb_vecN_2xf32)
#undef Q7_SELI
#define Q7_DSELI(K, V) inline void IVP_DSEL##K##I(V& outHi, V& outLo, V hi, V lo, int pattern) { q7_dseli_v(outHi, outLo, hi, lo, pattern); }
Q7_DSELI(2NX8, xb_vec2Nx8) Q7_DSELI(NX16, xb_vecNx16) Q7_DSELI(N_2X32, xb_vecN_2x32v) Q7_DSELI(N_2XF32, xb_vecN_2xf32)
#undef Q7_DSELI
`;
