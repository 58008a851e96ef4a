// The IVP vector unit's register files as the handlers read them (xtensa-ivp-spec.md §11.1): typed
// views over the Cpu's vr (32 × 512 bits) and wv (4 × 1536 bits) files, lane 0 at the lowest
// address, little-endian lanes; and the predicate-bit convention of the vbool file (one bit per
// byte lane; an L-lane predicate writes all 64/L bits of each lane and reads the lowest).

/** Views of the vector files; state lives in the Int32Arrays they alias. */
export interface IvpViews {
  readonly i8: Int8Array;
  readonly u8: Uint8Array;
  readonly i16: Int16Array;
  readonly u16: Uint16Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly f32: Float32Array;
  /** The wide accumulators' bytes (192 per register). */
  readonly w8: Uint8Array;
  /** The same bytes as 16-bit units, unsigned and signed (a 48-bit lane is units 3i..3i+2). */
  readonly w16: Uint16Array;
  readonly wi16: Int16Array;
}

export function ivpViews(vr: Int32Array, wv: Int32Array): IvpViews {
  const b = vr.buffer;
  return {
    i8: new Int8Array(b),
    u8: new Uint8Array(b),
    i16: new Int16Array(b),
    u16: new Uint16Array(b),
    i32: new Int32Array(b),
    u32: new Uint32Array(b),
    f32: new Float32Array(b),
    w8: new Uint8Array(wv.buffer),
    w16: new Uint16Array(wv.buffer),
    wi16: new Int16Array(wv.buffer),
  };
}

/** Bytes of a vector register, a wide accumulator and an alignment register. */
export const VEC_BYTES = 64;
export const WIDE_BYTES = 192;

/** Predicate bit of lane `i` of an `lanes`-lane view of vb[r] (the lowest of the lane's bits). */
export function predBit(vb: Int32Array, r: number, lanes: number, i: number): number {
  const k = i * (64 / lanes);
  return (vb[2 * r + (k >>> 5)] >>> (k & 31)) & 1;
}

/** A 64-bit predicate mask of `lanes` lanes from per-lane bits (each lane's 64/lanes bits all set). */
export function predMask(lanes: number, bit: (i: number) => number): [number, number] {
  const per = 64 / lanes;
  const laneBits = (1 << per) - 1; // per ≤ 4
  const half = lanes / 2;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < half; i++) if (bit(i)) lo |= laneBits << (i * per);
  for (let i = half; i < lanes; i++) if (bit(i)) hi |= laneBits << ((i - half) * per);
  return [lo, hi];
}
