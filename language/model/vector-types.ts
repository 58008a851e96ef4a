// The IVP vector unit's C types as the semantic model knows them: one builtin type kind per
// `<xtensa/tie/xt_ivp32.h>` type (narrow vectors, wide accumulators, predicates, alignment buffers)
// with its lane type, lane count and register file. The header names them through the reserved
// spellings `__xb_vecNx16`, … (`typedef __xb_vecNx16 xb_vecNx16;`), which no other code can declare.

/** The element of a lane: a C integer or float, a wide accumulator lane, a predicate bit, raw bytes. */
export type LaneKind =
  | 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float16' | 'float32'
  | 'int24' | 'int48' | 'int64' | 'bool' | 'byte';

/** The register file a value of the type lives in (§11.1): 512-bit `vec`, 1536-bit `wvec`, `vbool`, `valign`, gather `gvr`. */
export type VectorFile = 'vec' | 'wvec' | 'vbool' | 'valign' | 'gvr';

export interface VectorTypeInfo {
  /** The C name the header gives it: `xb_vecNx16`. */
  readonly name: string;
  readonly lane: LaneKind;
  readonly lanes: number;
  /** Bits of one lane's value (64 for `xb_vecN_2x64w`, whose lanes sit in 96-bit slices). */
  readonly laneBits: number;
  /** Bits of one lane's slice of the register (1536 / 16 = 96 for `xb_vecN_2x64w`). */
  readonly sliceBits: number;
  readonly file: VectorFile;
  /** Size and alignment in memory, bytes. */
  readonly size: number;
  readonly align: number;
}

/** The C scalar type a lane holds, as C spells it (for hovers and for broadcasting). */
export const LANE_C_TYPE: Record<LaneKind, string> = {
  int8: 'int8_t', uint8: 'uint8_t', int16: 'int16_t', uint16: 'uint16_t', int32: 'int32_t', uint32: 'uint32_t',
  float16: 'binary16', float32: 'float', int24: 'int24', int48: 'int48', int64: 'int64', bool: 'bool', byte: 'byte',
};

const VEC_BYTES = 64;
const WVEC_BYTES = 192;

function vec(name: string, lane: LaneKind, lanes: number): VectorTypeInfo {
  const bits = (VEC_BYTES * 8) / lanes;
  return { name, lane, lanes, laneBits: bits, sliceBits: bits, file: 'vec', size: VEC_BYTES, align: VEC_BYTES };
}
function wide(name: string, lane: LaneKind, lanes: number, laneBits: number): VectorTypeInfo {
  return { name, lane, lanes, laneBits, sliceBits: (WVEC_BYTES * 8) / lanes, file: 'wvec', size: WVEC_BYTES, align: VEC_BYTES };
}
function predicate(name: string, lanes: number): VectorTypeInfo {
  return { name, lane: 'bool', lanes, laneBits: 1, sliceBits: 64 / lanes, file: 'vbool', size: 8, align: 8 };
}

/** Every IVP type, by its C name (§11.2). */
export const VECTOR_TYPES: ReadonlyMap<string, VectorTypeInfo> = new Map(
  [
    vec('xb_vec2Nx8', 'int8', 64),
    vec('xb_vec2Nx8U', 'uint8', 64),
    vec('xb_vecNx16', 'int16', 32),
    vec('xb_vecNx16U', 'uint16', 32),
    vec('xb_vecN_2x32v', 'int32', 16),
    vec('xb_vecN_2x32Uv', 'uint32', 16),
    vec('xb_vecNxf16', 'float16', 32),
    vec('xb_vecN_2xf32', 'float32', 16),
    wide('xb_vec2Nx24', 'int24', 64, 24),
    wide('xb_vecNx48', 'int48', 32, 48),
    wide('xb_vecN_2x64w', 'int64', 16, 64),
    predicate('vbool2N', 64),
    predicate('vboolN', 32),
    predicate('vboolN_2', 16),
    { name: 'valign', lane: 'byte', lanes: 64, laneBits: 8, sliceBits: 8, file: 'valign', size: VEC_BYTES, align: VEC_BYTES } as VectorTypeInfo,
    { name: 'xb_gsr', lane: 'byte', lanes: 64, laneBits: 8, sliceBits: 8, file: 'gvr', size: VEC_BYTES, align: VEC_BYTES } as VectorTypeInfo,
  ].map((t) => [t.name, t]),
);

/** The reserved spelling the header uses for a type (`__xb_vecNx16`), or undefined. */
export function vectorTypeBySpelling(spelling: string): VectorTypeInfo | undefined {
  return spelling.startsWith('__') ? VECTOR_TYPES.get(spelling.slice(2)) : undefined;
}

export const isFloatLane = (l: LaneKind) => l === 'float16' || l === 'float32';
export const isSignedLane = (l: LaneKind) => l === 'int8' || l === 'int16' || l === 'int32' || l === 'int24' || l === 'int48' || l === 'int64' || isFloatLane(l);

/** Narrow integer or float vectors: the types the C operators work on. */
export const isDataVector = (v: VectorTypeInfo) => v.file === 'vec';

/** Two types of one register layout that differ only in the lanes' signedness (`xb_vecNx16`, `xb_vecNx16U`). */
export function signednessTwins(a: VectorTypeInfo, b: VectorTypeInfo): boolean {
  return a.file === 'vec' && b.file === 'vec' && a.lanes === b.lanes && !isFloatLane(a.lane) && !isFloatLane(b.lane);
}

/** `32 × int16 (16-bit lanes, 512-bit vec register)` — what a hover says about the type. */
export function describeVector(v: VectorTypeInfo): string {
  const lane = v.file === 'vbool' ? 'predicate' : LANE_C_TYPE[v.lane];
  const slice = v.sliceBits !== v.laneBits ? ` in ${v.sliceBits}-bit lane slices` : '';
  const reg = v.file === 'vbool' ? `${v.sliceBits} bit${v.sliceBits === 1 ? '' : 's'} per lane of a 64-bit vbool register`
    : `${v.size * 8}-bit ${v.file} register`;
  return `${v.lanes} × ${lane}${slice}; ${reg}`;
}
