// Bit fields of Xtensa instruction words: named slices of the little-endian 16/24-bit word and
// helpers to pack/unpack a value spread over several slices (most significant slice first).

/** A contiguous run of bits in the instruction word. */
export interface Slice {
  readonly lo: number;
  readonly len: number;
}

export const slice = (lo: number, len: number): Slice => ({ lo, len });

/** The named fields of the formats (xtensa-ivp-spec.md §2). */
export const F = {
  op0: slice(0, 4),
  t: slice(4, 4),
  s: slice(8, 4),
  r: slice(12, 4),
  op1: slice(16, 4),
  op2: slice(20, 4),
  imm8: slice(16, 8),
  imm12: slice(12, 12),
  imm16: slice(8, 16),
  offset18: slice(6, 18),
  n: slice(4, 2),
  m: slice(6, 2),
  sr: slice(8, 8),
  t0: slice(4, 1), // t[0]
  r0: slice(12, 1), // r[0]
  op1b0: slice(16, 1), // op1[0]
  op2b0: slice(20, 1), // op2[0]
  // narrow formats
  ri7lo: slice(12, 4), // imm7[3:0] in r
  ri7hi: slice(4, 3), // imm7[6:4] in t[2:0]
  ri6hi: slice(4, 2), // imm6[5:4]
  s32: slice(10, 2), // s[3:2] (ANY4/ALL4 bs/4)
  s3: slice(11, 1), // s[3] (ANY8/ALL8 bs/8)
} as const;

/**
 * Fields of the project-specific 32-bit IVP format (op0 = 14; docs/ivp-encoding.md): an 8-bit
 * opcode and four 5-bit operand slots A..D. Rows that leave slot D free use it as a sub-opcode.
 */
export const IVP_F = {
  opc: slice(4, 8),
  A: slice(12, 5),
  B: slice(17, 5),
  C: slice(22, 5),
  D: slice(27, 5),
  /** The low four bits of a slot (address and predicate registers). */
  A4: slice(12, 4),
  B4: slice(17, 4),
  C4: slice(22, 4),
  D4: slice(27, 4),
  /** The low three bits of slot B (a register quad's number). */
  B3: slice(17, 3),
  /** The low two bits of a slot (wide accumulators, alignment registers). */
  A2: slice(12, 2),
  B2: slice(17, 2),
  C2: slice(22, 2),
  /** Slot C and the low bit of D: a 6-bit immediate. */
  CD6: slice(22, 6),
  /** Slots C and D: a 10-bit immediate. */
  CD10: slice(22, 10),
  /** The low two bits of the opcode (an operand folded into the opcode: rows then own 4 opcodes). */
  opc2: slice(4, 2),
  /** The low bit of the opcode (rows then own 2 opcodes). */
  opc1: slice(4, 1),
  /** The low four bits of the opcode (rows then own 16 opcodes). */
  opc4: slice(4, 4),
} as const;

export function sliceMask(s: Slice): number {
  return (((1 << s.len) - 1) << s.lo) >>> 0;
}

/** Total width in bits of a list of slices. */
export function slicesWidth(slices: readonly Slice[]): number {
  let w = 0;
  for (const s of slices) w += s.len;
  return w;
}

/** Reads the value spread over `slices` (first slice = most significant bits). */
export function extract(word: number, slices: readonly Slice[]): number {
  let v = 0;
  for (const s of slices) v = (v << s.len) | ((word >>> s.lo) & ((1 << s.len) - 1));
  return v >>> 0;
}

/** Writes `value` over `slices` (first slice = most significant bits); `value` must fit. */
export function insert(word: number, slices: readonly Slice[], value: number): number {
  let v = value;
  for (let i = slices.length - 1; i >= 0; i--) {
    const s = slices[i];
    const m = (1 << s.len) - 1;
    word = (word & ~(m << s.lo)) | ((v & m) << s.lo);
    v >>>= s.len;
  }
  return word >>> 0;
}

/** Sign-extends the low `bits` bits of `v`. */
export function sext(v: number, bits: number): number {
  const shift = 32 - bits;
  return (v << shift) >> shift;
}
