// IEEE binary16 ↔ number, the one codec of half precision: float16 tensor elements (.npy) and the IVP's
// half-precision lanes. Decoding is exact; encoding rounds the number directly (never through binary32, which
// would round twice) to nearest, ties to even, with overflow to infinity, gradual underflow, and NaN → the
// default NaN 0x7e00 — as NumPy's float64 → float16 conversion does.

const F32 = new Float32Array(1);
const U32 = new Uint32Array(F32.buffer);

/** The value of binary16 `h` (low 16 bits). */
export function halfToNumber(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 31;
  const m = h & 1023;
  if (e === 31) return m ? NaN : s * Infinity;
  if (e === 0) return s * m * 2 ** -24;
  return s * (1024 + m) * 2 ** (e - 25);
}

/** `v` rounded to binary16 (nearest, ties to even). */
export function numberToHalf(v: number): number {
  if (Number.isNaN(v)) return 0x7e00;
  const sign = v < 0 || Object.is(v, -0) ? 0x8000 : 0;
  const a = Math.abs(v);
  if (a >= 65520) return sign | 0x7c00;
  if (a === 0) return sign;
  if (a < 2 ** -14) return sign | roundEven(a / 2 ** -24); // subnormal (1024 carries into the first normal)
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (2 ** (e + 1) <= a) e++;
  let r = roundEven(a / 2 ** (e - 10));
  if (r === 2048) {
    r = 1024;
    e++;
  }
  return sign | ((e + 15) << 10) | (r - 1024);
}

function roundEven(n: number): number {
  const r = Math.floor(n);
  const d = n - r;
  return d > 0.5 || (d === 0.5 && r % 2 === 1) ? r + 1 : r;
}

/** binary16 → binary32 bits (exact). */
export function halfToSingleBits(h: number): number {
  if (((h >>> 10) & 31) === 31 && h & 1023) return 0x7fc00000 | ((h & 0x8000) << 16);
  F32[0] = halfToNumber(h);
  return U32[0] | 0;
}
