// The slow paths of compiled loads, stores and handler calls. A compiled region has no `try` (V8 then
// keeps its register locals in machine registers across its loops), so these do not throw a memory
// fault at it: they keep it in Cpu.jitFault, the region leaves through its exit (which writes its
// registers back) and the run loop raises the fault as the interpreter would have. A faulting access
// changes nothing, so the instruction's destination is left as it was.

import type { Cpu } from '../../core/cpu';
import type { Handler } from '../insn';
import { MemFault } from '../../memory/fault';

function caught(c: Cpu, e: unknown): void {
  if (!(e instanceof MemFault)) throw e;
  c.jitFault = e;
}

/** mem[ad] of `size` bytes through the Memory (0 when it faulted: Cpu.jitFault is then set). */
export function jitRead(c: Cpu, ad: number, size: 1 | 2 | 4): number {
  try {
    return size === 4 ? c.mem.read32(ad) : size === 2 ? c.mem.read16(ad) : c.mem.read8(ad);
  } catch (e) {
    caught(c, e);
    return 0;
  }
}

/** mem[ad] = v of `size` bytes through the Memory (Cpu.jitFault set when it faulted). */
export function jitWrite(c: Cpu, ad: number, v: number, size: 1 | 2 | 4): void {
  try {
    if (size === 4) c.mem.write32(ad, v);
    else if (size === 2) c.mem.write16(ad, v);
    else c.mem.write8(ad, v);
  } catch (e) {
    caught(c, e);
  }
}

/** One wrapper per handler, each its own function (`new Function`), so that V8 sees one callee at its call and may inline it. */
const wrappers = new Map<Handler, Handler>();

/** `h` for a compiled region: a memory fault it throws is kept in Cpu.jitFault instead (the wrapper then returns -1). */
export function catching(h: Handler): Handler {
  let w = wrappers.get(h);
  if (w === undefined) {
    const make = new Function('h', 'caught', 'return function (c, i) { try { return h(c, i); } catch (e) { caught(c, e); return -1; } };');
    w = make(h, caught) as Handler;
    wrappers.set(h, w);
  }
  return w;
}
