// Test-program builder: lays out instructions (encoded with xtensa/isa `encode`), words and labels
// at fixed addresses in two passes, so emulator tests and QEMU probes can be written as code
// without an assembler. Label operands are given as strings and resolve to absolute addresses.

import { INSN_BY_MNEMONIC, encode, wordBytes } from '../../../xtensa/isa';

type Operand = number | string;

type Item =
  | { kind: 'insn'; addr: number; mnemonic: string; ops: Operand[]; size: number }
  | { kind: 'word'; addr: number; value: Operand }
  | { kind: 'bytes'; addr: number; bytes: number[] };

export interface BuiltProgram {
  readonly addr: number;
  readonly bytes: Uint8Array;
  readonly symbols: ReadonlyMap<string, number>;
}

export class ProgramBuilder {
  private readonly items: Item[] = [];
  private readonly labels = new Map<string, number>();
  private pc: number;

  constructor(readonly origin: number) {
    this.pc = origin >>> 0;
  }

  /** Current address. */
  get here(): number {
    return this.pc;
  }

  label(name: string): this {
    if (this.labels.has(name)) throw new Error(`label ${name} defined twice`);
    this.labels.set(name, this.pc);
    return this;
  }

  /** One instruction; string operands are label names (absolute addresses). */
  i(mnemonic: string, ...ops: Operand[]): this {
    const def = INSN_BY_MNEMONIC.get(mnemonic);
    if (!def) throw new Error(`unknown mnemonic ${mnemonic}`);
    this.items.push({ kind: 'insn', addr: this.pc, mnemonic, ops, size: def.size });
    this.pc += def.size;
    return this;
  }

  /** A 32-bit little-endian word (number or label address). */
  word(value: Operand): this {
    this.items.push({ kind: 'word', addr: this.pc, value });
    this.pc += 4;
    return this;
  }

  bytes(bytes: number[]): this {
    this.items.push({ kind: 'bytes', addr: this.pc, bytes });
    this.pc += bytes.length;
    return this;
  }

  /** Pads with zero bytes (or NOP.N-free zero fill) up to a multiple of `n`. */
  align(n: number): this {
    const pad = (n - (this.pc % n)) % n;
    if (pad) this.bytes(new Array(pad).fill(0));
    return this;
  }

  /** Pads with zero bytes up to absolute address `addr`. */
  org(addr: number): this {
    if (addr < this.pc) throw new Error(`org 0x${addr.toString(16)} is behind 0x${this.pc.toString(16)}`);
    if (addr > this.pc) this.bytes(new Array(addr - this.pc).fill(0));
    return this;
  }

  /** Address of a label (after build, or for labels already defined). */
  addrOf(name: string): number {
    const a = this.labels.get(name);
    if (a === undefined) throw new Error(`undefined label ${name}`);
    return a;
  }

  build(): BuiltProgram {
    const out = new Uint8Array(this.pc - this.origin);
    const put = (addr: number, bs: number[]) => out.set(bs, addr - this.origin);
    const value = (o: Operand) => (typeof o === 'string' ? this.addrOf(o) : o);
    for (const it of this.items) {
      if (it.kind === 'bytes') put(it.addr, it.bytes);
      else if (it.kind === 'word') {
        const v = value(it.value) >>> 0;
        put(it.addr, [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24]);
      } else {
        const def = INSN_BY_MNEMONIC.get(it.mnemonic)!;
        let word: number;
        try {
          word = encode(def, it.ops.map(value), it.addr);
        } catch (e) {
          throw new Error(`at 0x${it.addr.toString(16)} ${it.mnemonic} ${it.ops.join(',')}: ${(e as Error).message}`);
        }
        put(it.addr, wordBytes(word, def.size));
      }
    }
    return { addr: this.origin, bytes: out, symbols: new Map(this.labels) };
  }
}
