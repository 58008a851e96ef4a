// The lane types of the IVP register files as the Vector scope shows them (xtensa-ivp-spec.md §11.2):
// a narrow vector register's 64 bytes as int8×64 … f32×16, a wide accumulator's 192 bytes as 24-bit,
// 48-bit or 64-bit lanes (the 64-bit lanes live in 96-bit slices), lane 0 at the lowest address,
// little-endian. Reading a lane gives its text; writing parses text into the lane's bytes (range
// checked, errors say why). Integers go through BigInt so 48/64-bit lanes are exact.

import { halfToNumber, numberToHalf } from '../tensors';

export interface LaneType {
  readonly name: string;
  /** Bytes each lane occupies in the register. */
  readonly slot: number;
  /** Bits of the lane's value (≤ slot × 8; the value is the slot read as this many bits). */
  readonly bits: number;
  readonly kind: 'int' | 'uint' | 'float';
  readonly lanes: number;
}

function lane(name: string, kind: LaneType['kind'], bits: number, regBytes: number, slotBits = bits): LaneType {
  return { name, kind, bits, slot: slotBits / 8, lanes: regBytes / (slotBits / 8) };
}

/** A narrow vector register's views (64 bytes). */
export const VECTOR_LANES: readonly LaneType[] = [
  lane('int8x64', 'int', 8, 64),
  lane('uint8x64', 'uint', 8, 64),
  lane('int16x32', 'int', 16, 64),
  lane('uint16x32', 'uint', 16, 64),
  lane('int32x16', 'int', 32, 64),
  lane('uint32x16', 'uint', 32, 64),
  lane('f16x32', 'float', 16, 64),
  lane('f32x16', 'float', 32, 64),
];

/** A wide accumulator's views (192 bytes): xb_vec2Nx24, xb_vecNx48, xb_vecN_2x64w (96-bit slices). */
export const WIDE_LANES: readonly LaneType[] = [lane('int24x64', 'int', 24, 192), lane('int48x32', 'int', 48, 192), lane('int64x16', 'int', 64, 192, 96)];

export function laneType(list: readonly LaneType[], name: string): LaneType {
  const t = list.find((x) => x.name === name.trim());
  if (!t) throw new Error(`'${name}' is not a lane type (one of ${list.map((x) => x.name).join(', ')})`);
  return t;
}

function readInt(bytes: Uint8Array, at: number, t: LaneType): bigint {
  let v = 0n;
  for (let k = t.slot - 1; k >= 0; k--) v = (v << 8n) | BigInt(bytes[at + k]);
  return t.kind === 'int' ? BigInt.asIntN(t.bits, v) : BigInt.asUintN(t.bits, v);
}

/** Lane `i` of `bytes` as text: an integer in decimal, a float as JavaScript prints it. */
export function readLane(bytes: Uint8Array, t: LaneType, i: number): string {
  const at = i * t.slot;
  if (t.kind !== 'float') return readInt(bytes, at, t).toString();
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return String(t.bits === 16 ? halfToNumber(dv.getUint16(at, true)) : dv.getFloat32(at, true));
}

function parseInt64(text: string): bigint {
  const s = text.trim();
  const m = /^(-)?(0x[0-9a-f]+|\d+)$/i.exec(s);
  if (!m) throw new Error(`'${text}' is not an integer (decimal or 0x hex)`);
  const v = BigInt(m[2]);
  return m[1] ? -v : v;
}

/** Writes `text` into lane `i` of `bytes` (in place); throws when it is not a value of the lane type. */
export function writeLane(bytes: Uint8Array, t: LaneType, i: number, text: string): void {
  const at = i * t.slot;
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (t.kind === 'float') {
    const v = Number(text.trim());
    if (text.trim() === '' || (Number.isNaN(v) && !/^[-+]?nan$/i.test(text.trim()))) throw new Error(`'${text}' is not a number`);
    if (t.bits === 16) dv.setUint16(at, numberToHalf(v), true);
    else dv.setFloat32(at, v, true);
    return;
  }
  const v = parseInt64(text);
  const lo = t.kind === 'int' ? -(1n << BigInt(t.bits - 1)) : 0n;
  const hi = (1n << BigInt(t.kind === 'int' ? t.bits - 1 : t.bits)) - 1n;
  if (v < lo || v > hi) throw new Error(`${text.trim()} is outside ${t.name.replace(/x\d+$/, '')} (${lo}..${hi})`);
  // the slot holds the value sign-extended (a 64-bit lane's 96-bit slice)
  let w = BigInt.asUintN(t.slot * 8, v);
  for (let k = 0; k < t.slot; k++) {
    bytes[at + k] = Number(w & 0xffn);
    w >>= 8n;
  }
}
