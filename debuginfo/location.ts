// DWARF location expressions (DW_AT_location, DW_AT_frame_base): a stack machine over 32-bit
// addresses giving where a value lives — memory, a register, pieces of both, or a computed value.
// Registers, memory, the frame base and the CFA come from the caller (no I/O here).

import { Cursor, DwarfError } from './cursor';

export type Loc =
  | { readonly kind: 'memory'; readonly addr: number }
  | { readonly kind: 'register'; readonly reg: number }
  | { readonly kind: 'value'; readonly value: bigint }
  | { readonly kind: 'implicit'; readonly bytes: Uint8Array }
  | { readonly kind: 'pieces'; readonly pieces: readonly { readonly loc?: Loc; readonly size: number }[] }
  /** DW_OP_implicit_pointer: a pointer optimized away, to `offset` bytes into the variable at DIE `die`. */
  | { readonly kind: 'implicit-pointer'; readonly die: number; readonly offset: number };

export interface ExprContext {
  readRegister(reg: number): number | undefined;
  readMemory(addr: number, len: number): Uint8Array | undefined;
  /** The frame base (DW_OP_fbreg): the function's DW_AT_frame_base evaluated. */
  frameBase?(): number | undefined;
  /** The canonical frame address (DW_OP_call_frame_cfa). */
  cfa?(): number | undefined;
}

/** A location that cannot be computed here ("optimized out", a register the frame does not have). */
export class LocationError extends Error {}

const u32 = (v: number) => v >>> 0;

export function evalLocation(expr: Uint8Array, ctx: ExprContext): Loc {
  if (expr.length === 0) throw new LocationError('optimized out');
  const c = new Cursor(expr, 'location expression');
  const stack: number[] = [];
  const pieces: { loc?: Loc; size: number }[] = [];
  let pending: Loc | undefined;
  let stackValue = false;
  const pop = (): number => {
    if (stack.length === 0) throw new LocationError('malformed location expression (stack underflow)');
    return stack.pop()!;
  };
  const reg = (n: number): number => {
    const v = ctx.readRegister(n);
    if (v === undefined) throw new LocationError(`register ${n} is not available in this frame`);
    return v;
  };
  const deref = (addr: number, size: number): number => {
    const b = ctx.readMemory(u32(addr), size);
    if (!b) throw new LocationError(`cannot read memory at 0x${u32(addr).toString(16)}`);
    let v = 0;
    for (let k = Math.min(size, 4) - 1; k >= 0; k--) v = v * 256 + b[k];
    return v;
  };
  while (!c.atEnd) {
    const op = c.u8();
    if (op >= 0x30 && op <= 0x4f) { stack.push(op - 0x30); continue; } // lit0..31
    if (op >= 0x50 && op <= 0x6f) { pending = { kind: 'register', reg: op - 0x50 }; continue; } // reg0..31
    if (op >= 0x70 && op <= 0x8f) { stack.push(u32(reg(op - 0x70) + c.sleb())); continue; } // breg0..31
    switch (op) {
      case 0x03: stack.push(c.u32()); break; // addr
      case 0x06: stack.push(deref(pop(), 4)); break; // deref
      case 0x08: stack.push(c.u8()); break;
      case 0x09: stack.push(u32((c.u8() << 24) >> 24)); break;
      case 0x0a: stack.push(c.u16()); break;
      case 0x0b: stack.push(u32((c.u16() << 16) >> 16)); break;
      case 0x0c: stack.push(c.u32()); break;
      case 0x0d: stack.push(c.u32()); break;
      case 0x0e: stack.push(c.u32()); c.u32(); break; // const8u (low word: addresses are 32-bit)
      case 0x0f: stack.push(c.u32()); c.u32(); break;
      case 0x10: stack.push(u32(c.uleb())); break; // constu
      case 0x11: stack.push(u32(c.sleb())); break; // consts
      case 0x12: stack.push(stack[stack.length - 1] ?? pop()); break; // dup
      case 0x13: pop(); break; // drop
      case 0x14: stack.push(stack[stack.length - 2] ?? pop()); break; // over
      case 0x15: { const k = c.u8(); if (k >= stack.length) throw new LocationError('malformed location expression (pick)'); stack.push(stack[stack.length - 1 - k]); break; }
      case 0x16: { const a = pop(); const b = pop(); stack.push(a, b); break; } // swap
      case 0x17: { const a = pop(); const b = pop(); const d = pop(); stack.push(a, d, b); break; } // rot
      case 0x19: stack.push(Math.abs(pop() | 0)); break;
      case 0x1a: { const a = pop(); stack.push(u32(pop() & a)); break; }
      case 0x1b: { const a = pop() | 0; const b = pop() | 0; if (a === 0) throw new LocationError('division by zero in a location expression'); stack.push(u32(Math.trunc(b / a))); break; }
      case 0x1c: { const a = pop(); stack.push(u32(pop() - a)); break; }
      case 0x1d: { const a = pop(); const b = pop(); if (a === 0) throw new LocationError('division by zero in a location expression'); stack.push(u32(b % a)); break; }
      case 0x1e: { const a = pop(); stack.push(u32(Math.imul(pop(), a))); break; }
      case 0x1f: stack.push(u32(-pop())); break;
      case 0x20: stack.push(u32(~pop())); break;
      case 0x21: { const a = pop(); stack.push(u32(pop() | a)); break; }
      case 0x22: { const a = pop(); stack.push(u32(pop() + a)); break; }
      case 0x23: stack.push(u32(pop() + c.uleb())); break; // plus_uconst
      case 0x24: { const a = pop(); stack.push(a >= 32 ? 0 : u32(pop() << a)); break; }
      case 0x25: { const a = pop(); stack.push(a >= 32 ? 0 : pop() >>> a); break; }
      case 0x26: { const a = pop(); stack.push(u32((pop() | 0) >> Math.min(a, 31))); break; }
      case 0x27: { const a = pop(); stack.push(u32(pop() ^ a)); break; }
      case 0x29: { const a = pop(); stack.push(pop() === a ? 1 : 0); break; } // eq
      case 0x2e: { const a = pop(); stack.push(pop() !== a ? 1 : 0); break; } // ne
      case 0x96: break; // nop
      case 0x90: pending = { kind: 'register', reg: c.uleb() }; break; // regx
      case 0x91: { // fbreg
        const off = c.sleb();
        const fb = ctx.frameBase?.();
        if (fb === undefined) throw new LocationError('the frame base is not available');
        stack.push(u32(fb + off));
        break;
      }
      case 0x92: { const r = c.uleb(); stack.push(u32(reg(r) + c.sleb())); break; } // bregx
      case 0x93: { // piece
        const size = c.uleb();
        const loc = pending ?? (stack.length ? (stackValue ? { kind: 'value' as const, value: BigInt(pop()) } : { kind: 'memory' as const, addr: pop() }) : undefined);
        pieces.push({ loc, size });
        pending = undefined;
        stackValue = false;
        break;
      }
      case 0x94: { const size = c.u8(); stack.push(deref(pop(), size)); break; } // deref_size
      case 0x9c: { // call_frame_cfa
        const cfa = ctx.cfa?.();
        if (cfa === undefined) throw new LocationError('the frame address (CFA) is not available');
        stack.push(u32(cfa));
        break;
      }
      case 0x9e: { const n = c.uleb(); pending = { kind: 'implicit', bytes: expr.slice(c.pos, c.pos + n) }; c.skip(n); break; } // implicit_value
      case 0x9f: stackValue = true; break; // stack_value
      case 0xa0: case 0xf2: { const die = c.u32(); pending = { kind: 'implicit-pointer', die, offset: c.sleb() }; break; } // implicit_pointer
      case 0xa3: case 0xf3: throw new LocationError('optimized out (entry value)');
      case 0x2f: { const off = (c.u16() << 16) >> 16; c.pos += off; break; } // skip
      case 0x28: { const off = (c.u16() << 16) >> 16; if (pop() !== 0) c.pos += off; break; } // bra
      default:
        throw new LocationError(`unsupported location operation 0x${op.toString(16)}`);
    }
  }
  if (pieces.length) return { kind: 'pieces', pieces };
  if (pending) return pending;
  if (stack.length === 0) throw new LocationError('optimized out');
  const top = stack[stack.length - 1];
  return stackValue ? { kind: 'value', value: BigInt(top) } : { kind: 'memory', addr: top };
}

export { DwarfError };
