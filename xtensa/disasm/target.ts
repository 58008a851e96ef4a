// What the disassembler may decode: the ISA options of a core and how a word that no available
// table row matches is shown. The lx106 configuration of Debian's objdump shows every such 16/24-bit
// word as `excw`; other targets show its first byte as `.byte`.

import { CORE_FEATURES, Feature } from '../isa/features';
import { Decoded, decode, insnLength } from '../isa/decode';
import { INSN_BY_MNEMONIC } from '../isa/table';

export interface DisasmTarget {
  readonly core: string;
  readonly features: ReadonlySet<Feature>;
  /** How a word of valid length that matches no available row is shown. */
  readonly unknownWord: 'excw' | 'byte';
}

/** The target of a core named in CORE_FEATURES (lx106 mimics Debian's xtensa-lx106-elf-objdump). */
export function targetForCore(core: string): DisasmTarget | undefined {
  const features = CORE_FEATURES[core];
  if (!features) return undefined;
  return { core, features, unknownWord: core === 'lx106' ? 'excw' : 'byte' };
}

export const LX106_TARGET: DisasmTarget = targetForCore('lx106')!;

const EXCW = INSN_BY_MNEMONIC.get('excw')!;

/**
 * Decodes the instruction at `pc` from the bytes available there (fewer than three near the end of
 * a block). Returns undefined when the bytes are not an instruction of `target`.
 */
export function decodeForTarget(bytes: ArrayLike<number>, pc: number, target: DisasmTarget): Decoded | undefined {
  if (bytes.length === 0) return undefined;
  const size = insnLength(bytes[0]);
  if (size === 0 || size > bytes.length) return undefined;
  const d = decode(bytes[0], bytes[1] ?? 0, bytes[2] ?? 0, pc);
  if (d && target.features.has(d.def.feature)) return d;
  if (target.unknownWord === 'byte') return undefined;
  const word = size === 2 ? bytes[0] | (bytes[1] << 8) : bytes[0] | (bytes[1] << 8) | (bytes[2] << 16);
  return { def: EXCW, size, word, ops: [] };
}
