// What the disassembler may decode: the ISA options of a core, and the quirks of Debian's lx106
// objdump configuration, which shows every 16/24-bit word it does not know as `excw` (other
// targets show its first byte as `.byte`) and does not check the s field of RET and RET.N.

import { CORE_FEATURES, Feature } from '../isa/features';
import { Decoded, decode, decodeOperands, insnLength } from '../isa/decode';
import { INSN_BY_MNEMONIC, InsnDef } from '../isa/table';
import { F, Slice, sliceMask } from '../isa/fields';

export interface DisasmTarget {
  readonly core: string;
  readonly features: ReadonlySet<Feature>;
  /** How a word of valid length that matches no available row is shown. */
  readonly unknownWord: 'excw' | 'byte';
  /** Rows whose decoder ignores a field that the instruction table fixes (lx106: s of ret, ret.n). */
  readonly ignoredFields: readonly { readonly def: InsnDef; readonly field: Slice }[];
}

function row(mnemonic: string): InsnDef {
  const d = INSN_BY_MNEMONIC.get(mnemonic);
  if (!d) throw new Error(`disassembler target: no table row '${mnemonic}'`);
  return d;
}

/** The target of a core named in CORE_FEATURES (lx106 mimics Debian's xtensa-lx106-elf-objdump). */
export function targetForCore(core: string): DisasmTarget | undefined {
  const features = CORE_FEATURES[core];
  if (!features) return undefined;
  const lx106 = core === 'lx106';
  return {
    core,
    features,
    unknownWord: lx106 ? 'excw' : 'byte',
    ignoredFields: lx106 ? ['ret', 'ret.n'].map((m) => ({ def: row(m), field: F.s })) : [],
  };
}

export const LX106_TARGET: DisasmTarget = targetForCore('lx106')!;

const EXCW = row('excw');

/** A row of `target.ignoredFields` that matches `word` once its ignored field is disregarded. */
function looseMatch(word: number, size: number, target: DisasmTarget): InsnDef | undefined {
  for (const { def, field } of target.ignoredFields) {
    const mask = def.mask & ~sliceMask(field);
    if (def.size === size && ((word ^ def.match) & mask) === 0) return def;
  }
  return undefined;
}

/**
 * Decodes the instruction at `pc` from the bytes available there (fewer than three near the end of
 * a block). Returns undefined when the bytes are not an instruction of `target`.
 */
export function decodeForTarget(bytes: ArrayLike<number>, pc: number, target: DisasmTarget): Decoded | undefined {
  if (bytes.length === 0) return undefined;
  const size = insnLength(bytes[0]);
  if (size === 0 || size > bytes.length || (size === 4 && !target.features.has('ivp'))) return undefined;
  const d = decode(bytes[0], bytes[1] ?? 0, bytes[2] ?? 0, pc, bytes[3] ?? 0);
  if (d && target.features.has(d.def.feature)) return d;
  if (size === 4) return undefined;
  const word = size === 2 ? bytes[0] | (bytes[1] << 8) : bytes[0] | (bytes[1] << 8) | (bytes[2] << 16);
  const loose = looseMatch(word, size, target);
  if (loose) return { def: loose, size, word, ops: decodeOperands(loose, word, pc) };
  if (target.unknownWord === 'byte') return undefined;
  return { def: EXCW, size, word, ops: [] };
}
