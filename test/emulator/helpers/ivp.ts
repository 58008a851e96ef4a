// A Q7 machine for IVP instruction tests: executes one instruction (encoded from the table) with
// chosen register contents and reads lanes back through the debugger-facing state API
// (readVector/writeVector, readPredicate/writePredicate, readWide/writeWide). Operand generators
// mix the edge values of a lane width with seeded random values.

import { strict as assert } from 'node:assert';
import { Machine } from '../../../emulator';
import { INSN_BY_MNEMONIC, encode, wordBytes } from '../../../xtensa/isa';

export const CODE = 0x40000400;
export const DATA = 0x3fe00000;

export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s;
  };
}

/** Lane values as BigInt of `bits`, signed or not, from little-endian bytes. */
export function bytesToLanes(bytes: Uint8Array, bits: number, signed: boolean): bigint[] {
  const out: bigint[] = [];
  const n = bits / 8;
  for (let i = 0; i < bytes.length / n; i++) {
    let v = 0n;
    for (let k = n - 1; k >= 0; k--) v = (v << 8n) | BigInt(bytes[i * n + k]);
    out.push(signed ? BigInt.asIntN(bits, v) : v);
  }
  return out;
}

export function lanesToBytes(lanes: readonly bigint[], bits: number): Uint8Array {
  const n = bits / 8;
  const out = new Uint8Array(lanes.length * n);
  lanes.forEach((v, i) => {
    let u = BigInt.asUintN(bits, v);
    for (let k = 0; k < n; k++) {
      out[i * n + k] = Number(u & 255n);
      u >>= 8n;
    }
  });
  return out;
}

/** Edge values of a `bits`-wide lane: 0, ±1, the bounds and their neighbours, a sign boundary. */
export function edges(bits: number): bigint[] {
  const max = (1n << BigInt(bits - 1)) - 1n;
  const min = -max - 1n;
  return [0n, 1n, -1n, max, min, max - 1n, min + 1n, 2n, -2n, max >> 1n, (min >> 1n) - 1n];
}

/** `n` lanes of `bits`: edge values first (shuffled by the generator), then random ones. */
export function operand(next: () => number, bits: number, n: number, edgeShare = 0.4): bigint[] {
  const e = edges(bits);
  return Array.from({ length: n }, () => {
    if (next() % 1000 < edgeShare * 1000) return e[next() % e.length];
    return BigInt.asIntN(bits, (BigInt(next()) << 32n) | BigInt(next()));
  });
}

export class IvpMachine {
  readonly m: Machine;

  constructor(opts: { jit?: boolean } = {}) {
    this.m = new Machine('q7', { jit: opts.jit ?? false, stopOnException: true });
    this.m.writeMemory(CODE, new Uint8Array(64));
  }

  /** Executes `mnemonic ops` once at CODE; fails the test if it raised. */
  exec(mnemonic: string, ops: readonly number[]): void {
    const def = INSN_BY_MNEMONIC.get(mnemonic);
    assert.ok(def, `no row ${mnemonic}`);
    this.m.writeMemory(CODE, Uint8Array.from(wordBytes(encode(def, ops, CODE), def.size)));
    this.m.pc = CODE;
    const stop = this.m.step(1);
    assert.equal(this.m.pc, CODE + def.size, `${mnemonic} did not fall through: ${JSON.stringify(stop)}`);
  }

  setVec(r: number, bits: number, lanes: readonly bigint[]): void {
    this.m.writeVector(r, lanesToBytes(lanes, bits));
  }

  vec(r: number, bits: number, signed = true): bigint[] {
    return bytesToLanes(this.m.readVector(r), bits, signed);
  }

  /** The lowest bit of each lane of an `lanes`-lane view of vb[r]. */
  predLanes(r: number, lanes: number): number[] {
    const mask = this.m.readPredicate(r);
    const per = BigInt(64 / lanes);
    return Array.from({ length: lanes }, (_, i) => Number((mask >> (BigInt(i) * per)) & 1n));
  }

  /** Sets vb[r] from per-lane bits (every bit of a lane). */
  setPredLanes(r: number, bits: readonly number[]): void {
    const per = 64 / bits.length;
    let mask = 0n;
    bits.forEach((b, i) => {
      if (b) for (let k = 0; k < per; k++) mask |= 1n << BigInt(i * per + k);
    });
    this.m.writePredicate(r, mask);
  }
}
