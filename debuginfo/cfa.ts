// Call frame information (.debug_frame, DWARF 2–5 CIE/FDE): the rule giving the canonical frame
// address (CFA) at a PC — a register plus an offset — and where callers' registers were saved. GCC
// describes call0 frames this way (DW_AT_frame_base = DW_OP_call_frame_cfa); our compiler's frame
// base is a1 and it emits no CFI.

import { Cursor, DwarfError } from './cursor';

export interface CfaRule {
  /** CFA = register + offset (undefined register: the rule is an expression we do not evaluate). */
  readonly register?: number;
  readonly offset: number;
  /** Registers saved at CFA + offset. */
  readonly saved: ReadonlyMap<number, number>;
}

interface Cie {
  codeAlign: number;
  dataAlign: number;
  initial: Uint8Array;
}

interface Fde {
  cie: Cie;
  lo: number;
  hi: number;
  insns: Uint8Array;
}

interface State {
  register?: number;
  offset: number;
  saved: Map<number, number>;
}

export class FrameTable {
  private readonly fdes: Fde[] = [];

  constructor(section: Uint8Array | undefined) {
    if (!section) return;
    const cies = new Map<number, Cie>();
    const c = new Cursor(section, '.debug_frame');
    const pending: { at: number; cieAt: number; lo: number; hi: number; insns: Uint8Array }[] = [];
    while (!c.atEnd) {
      const at = c.pos;
      const end = c.initialLength();
      if (end === at + 4) continue; // zero terminator
      const id = c.u32();
      if (id === 0xffffffff) {
        const version = c.u8();
        const aug = c.cstr();
        if (version >= 4) c.skip(2); // address size, segment selector size
        const codeAlign = c.uleb();
        const dataAlign = c.sleb();
        if (version === 1) c.u8();
        else c.uleb();
        if (aug !== '' ) throw new DwarfError(`.debug_frame: CIE augmentation "${aug}" at offset 0x${at.toString(16)} is not supported`);
        cies.set(at, { codeAlign, dataAlign, initial: section.subarray(c.pos, end) });
      } else {
        const lo = c.u32();
        const len = c.u32();
        pending.push({ at, cieAt: id, lo, hi: lo + len, insns: section.subarray(c.pos, end) });
      }
      c.pos = end;
    }
    for (const p of pending) {
      const cie = cies.get(p.cieAt);
      if (cie) this.fdes.push({ cie, lo: p.lo, hi: p.hi, insns: p.insns });
    }
  }

  get empty(): boolean {
    return this.fdes.length === 0;
  }

  /** The CFA rule in force at `pc`, or undefined when no FDE covers it. */
  ruleAt(pc: number): CfaRule | undefined {
    const f = this.fdes.find((x) => pc >= x.lo && pc < x.hi);
    if (!f) return undefined;
    const st: State = { offset: 0, saved: new Map() };
    run(f.cie.initial, f.cie, st, Infinity, 0);
    const init: State = { register: st.register, offset: st.offset, saved: new Map(st.saved) };
    run(f.insns, f.cie, st, pc, f.lo, init);
    return { register: st.register, offset: st.offset, saved: st.saved };
  }
}

function run(bytes: Uint8Array, cie: Cie, st: State, pc: number, start: number, init?: State): void {
  const c = new Cursor(bytes, '.debug_frame');
  let loc = start;
  const stack: State[] = [];
  const advance = (n: number) => {
    loc += n * cie.codeAlign;
    return loc > pc;
  };
  while (!c.atEnd) {
    const op = c.u8();
    const hi = op & 0xc0;
    const low = op & 0x3f;
    if (hi === 0x40) {
      if (advance(low)) return;
      continue;
    }
    if (hi === 0x80) {
      st.saved.set(low, c.uleb() * cie.dataAlign);
      continue;
    }
    if (hi === 0xc0) {
      if (init?.saved.has(low)) st.saved.set(low, init.saved.get(low)!);
      else st.saved.delete(low);
      continue;
    }
    switch (op) {
      case 0x00: break;
      case 0x01: loc = c.u32(); if (loc > pc) return; break;
      case 0x02: if (advance(c.u8())) return; break;
      case 0x03: if (advance(c.u16())) return; break;
      case 0x04: if (advance(c.u32())) return; break;
      case 0x05: { const r = c.uleb(); st.saved.set(r, c.uleb() * cie.dataAlign); break; }
      case 0x06: case 0x07: case 0x08: st.saved.delete(c.uleb()); break;
      case 0x09: c.uleb(); c.uleb(); break;
      case 0x0a: stack.push({ register: st.register, offset: st.offset, saved: new Map(st.saved) }); break;
      case 0x0b: { const s = stack.pop(); if (s) { st.register = s.register; st.offset = s.offset; st.saved = s.saved; } break; }
      case 0x0c: st.register = c.uleb(); st.offset = c.uleb(); break;
      case 0x0d: st.register = c.uleb(); break;
      case 0x0e: st.offset = c.uleb(); break;
      case 0x0f: c.skip(c.uleb()); st.register = undefined; break;
      case 0x10: case 0x16: c.uleb(); c.skip(c.uleb()); break;
      case 0x11: { const r = c.uleb(); st.saved.set(r, c.sleb() * cie.dataAlign); break; }
      case 0x12: st.register = c.uleb(); st.offset = c.sleb() * cie.dataAlign; break;
      case 0x13: st.offset = c.sleb() * cie.dataAlign; break;
      case 0x14: case 0x15: c.uleb(); c.uleb(); break;
      case 0x2e: c.uleb(); break; // GNU_args_size
      default:
        throw new DwarfError(`.debug_frame: unknown call frame instruction 0x${op.toString(16)}`);
    }
  }
}
