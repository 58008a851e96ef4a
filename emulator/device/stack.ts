// The windowed call stack of a stopped core, innermost frame first. Frame k's return address is its
// a0 (top two bits = the caller's CALLn increment, the rest the low 30 bits of the return PC). The
// caller's a0/a1 are read from the register file while the caller's pane is live (its WINDOWSTART
// bit is set, at WINDOWBASE minus the accumulated increments), and otherwise from the base save area
// the window-overflow handler wrote: the 16 bytes below the callee's stack pointer (a0 at sp−16, a1 at
// sp−12). A return address of 0 ends the chain (the ROM's _start clears a0).

import type { Machine } from '../machine';

export interface Frame {
  /** The PC of the frame: the stopped PC for the innermost, the call instruction for callers. */
  readonly pc: number;
  readonly sp: number;
}

const MAX_FRAMES = 64;

export function callStack(m: Machine): Frame[] {
  const nareg = m.config.nareg;
  const npanes = nareg / 4;
  let wb = m.readSR('windowbase');
  const ws = m.readSR('windowstart');
  let pc = m.pc >>> 0;
  let a0 = m.readAR(0);
  let sp = m.readAR(1);
  let live = true;
  const frames: Frame[] = [{ pc, sp }];
  while (frames.length < MAX_FRAMES && a0 !== 0) {
    const inc = a0 >>> 30;
    if (inc === 0) break; // a CALL0-style return address: not a windowed chain
    const ret = ((a0 & 0x3fffffff) | (pc & 0xc0000000)) >>> 0;
    const callerWb = (wb - inc + npanes) % npanes;
    live = live && ((ws >>> callerWb) & 1) === 1 && callerWb !== wb;
    let callerA0: number;
    let callerSp: number;
    if (live) {
      callerA0 = m.readPhysAR(callerWb * 4);
      callerSp = m.readPhysAR(callerWb * 4 + 1);
    } else {
      const save = m.readMemory((sp - 16) >>> 0, 8);
      if (!save) break;
      const dv = new DataView(save.buffer);
      callerA0 = dv.getUint32(0, true);
      callerSp = dv.getUint32(4, true);
    }
    // the CALLn instruction is the 3 bytes before the return address
    pc = (ret - 3) >>> 0;
    frames.push({ pc, sp: callerSp });
    wb = callerWb;
    a0 = callerA0;
    sp = callerSp;
  }
  return frames;
}
