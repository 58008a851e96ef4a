// Human-readable ranges of operand types for "out of range" diagnostics, derived from the operand
// codecs of xtensa/isa (every raw field value is decoded once and the results summarised).

import type { OperandType } from '../isa';
import { slicesWidth } from '../isa/fields';

const cache = new Map<OperandType, string>();

const hex = (v: number) => '0x' + (v >>> 0).toString(16);

function rawValues(t: OperandType, pc: number): number[] {
  const n = 2 ** slicesWidth(t.slices);
  const out: number[] = [];
  for (let raw = 0; raw < n; raw++) out.push(t.decode(raw, pc));
  return out;
}

function summarise(values: number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  if (sorted.length === 1) return String(sorted[0]);
  const step = sorted[1] - sorted[0];
  const progression = sorted.every((v, i) => i === 0 || v - sorted[i - 1] === step);
  if (progression) {
    const range = `${sorted[0]}..${sorted[sorted.length - 1]}`;
    return step === 1 ? range : `${range}, a multiple of ${step}`;
  }
  const runs: string[] = [];
  let from = sorted[0];
  for (let i = 1; i <= sorted.length; i++) {
    if (i === sorted.length || sorted[i] !== sorted[i - 1] + 1) {
      runs.push(from === sorted[i - 1] ? String(from) : `${from}..${sorted[i - 1]}`);
      from = sorted[i];
    }
  }
  if (runs.length > 3 && sorted.length <= 16) return `one of ${sorted.join(', ')}`;
  return runs.join(', ');
}

/** The values an immediate or register operand accepts, e.g. "-128..127" or "0..1020, a multiple of 4". */
export function describeRange(t: OperandType): string {
  let s = cache.get(t);
  if (s === undefined) {
    s = summarise(rawValues(t, 0));
    cache.set(t, s);
  }
  return s;
}

/** The addresses a target/literal operand of an instruction at `pc` can reach, e.g. "0x40..0x13f". */
export function describeReach(t: OperandType, pc: number): string {
  const values = rawValues(t, pc);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const step = sorted.length > 1 ? sorted[1] - sorted[0] : 1;
  return `${hex(lo)}..${hex(hi)}${step > 1 ? `, ${step}-byte aligned` : ''}`;
}

const REGISTER_PREFIX: Partial<Record<OperandType['kind'], string>> = { br: 'b', fr: 'f', vr: 'v', wr: 'wv', vb: 'vb', ua: 'u' };

/** The registers a register operand accepts, e.g. "b0, b4, b8 or b12". */
export function describeRegisters(t: OperandType): string {
  const prefix = REGISTER_PREFIX[t.kind] ?? 'a';
  const names = [...new Set(rawValues(t, 0))].sort((a, b) => a - b).map((v) => prefix + v);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
