// The windowed register file (xtensa-ivp-spec.md §7): rotation of the 16-register window over the
// physical ARs, the free-pane count that drives overflow detection, and the WindowOverflow /
// WindowUnderflow exceptions (QEMU's XEA2 model: EPC1, PS.OWB, PS.EXCM, vector by frame size).

import { Cpu } from './cpu';
import { PS_EXCM, PS_OWB, PS_OWB_SHIFT, PS_RING, PS_WOE } from './ps';
import { vectorTo } from './vector';

/** Copies the current window back into the physical file when it is the wrap-around copy (a view needs nothing). */
export function syncOut(c: Cpu): void {
  if (!c.windowed || c.a !== c.wrap) return;
  const base = c.windowbase * 4;
  const phys = c.phys;
  const mask = phys.length - 1;
  const a = c.a;
  for (let i = 0; i < 16; i++) phys[(base + i) & mask] = a[i];
}

/** Loads the current window from the physical file when it is the wrap-around copy. */
export function syncIn(c: Cpu): void {
  if (!c.windowed || c.a !== c.wrap) return;
  const base = c.windowbase * 4;
  const phys = c.phys;
  const mask = phys.length - 1;
  const a = c.a;
  for (let i = 0; i < 16; i++) a[i] = phys[(base + i) & mask];
}

/**
 * Points `a` at the window of WINDOWBASE (after a reset or a restore changed it without a rotation);
 * `values`, when given, become the window's registers.
 */
export function placeWindow(c: Cpu, values?: Int32Array): void {
  if (!c.windowed) {
    if (values) c.a.set(values);
    return;
  }
  c.a = c.panes[c.windowbase];
  if (values) c.a.set(values);
  else syncIn(c);
}

/**
 * Sets WINDOWBASE (modulo the pane count). The window is a view of the physical file, so a rotation
 * (every CALLn/ENTRY/RETW and window exception) only points `a` at the new pane's view; only a
 * window that wraps around the end of the file is a copy, written back when it is left and loaded
 * when it is entered.
 */
export function rotateTo(c: Cpu, wb: number): void {
  const to = wb & (c.npanes - 1);
  if (c.windowed) {
    if (c.a === c.wrap) syncOut(c);
    c.windowbase = to;
    const a = c.panes[to];
    c.a = a;
    if (a === c.wrap) syncIn(c);
  } else c.windowbase = to;
  updateWindowCheck(c);
}

function ctz(x: number): number {
  return x === 0 ? 32 : 31 - Math.clz32(x & -x);
}

/** WINDOWSTART rotated so that bit 0 is the pane above the current one (wrapping around). */
function startsAbove(c: Cpu): number {
  const ws = c.windowstart;
  return ((ws | (ws << c.npanes)) >>> (c.windowbase + 1)) >>> 0;
}

/** True when windowed instructions are enabled: PS.WOE = 1 and PS.EXCM = 0. */
export function windowChecksOn(c: Cpu): boolean {
  return c.windowed && (c.ps & (PS_WOE | PS_EXCM)) === PS_WOE;
}

/**
 * Recomputes `wfree` after a change of PS, WINDOWBASE or WINDOWSTART. On cores with rings, -1 while
 * the current ring is not 0: the run loop then faults every fetch (see exec/run-loop.ts precheck).
 */
export function updateWindowCheck(c: Cpu): void {
  if (c.config.rings && (c.ps & PS_EXCM) === 0 && (c.ps & PS_RING) !== 0) c.wfree = -1;
  else c.wfree = windowChecksOn(c) ? ctz(startsAbove(c) | 8) : 3;
}

/**
 * WindowOverflow before the instruction at `pc`: rotates to the live frame that is in the way,
 * records the old WINDOWBASE in PS.OWB, sets EXCM and EPC1, and returns the vector for the size of
 * that frame (distance to the next live frame above it: 1 → 4 registers, 2 → 8, more → 12).
 */
export function windowOverflow(c: Cpu, pc: number): number {
  const above = startsAbove(c);
  const n = ctz(above) + 1;
  const oldWb = c.windowbase;
  rotateTo(c, c.windowbase + n);
  setExceptionPs(c, oldWb);
  c.epc[1] = pc;
  const w = c.config.vectors.window!;
  const dist = ctz(above >>> n);
  return vectorTo(c, dist === 0 ? w.overflow4 : dist === 1 ? w.overflow8 : w.overflow12);
}

/** WindowUnderflow for the RETW at `pc` returning `n` panes to a spilled caller frame. */
export function windowUnderflow(c: Cpu, pc: number, n: number): number {
  const oldWb = c.windowbase;
  rotateTo(c, c.windowbase - n);
  setExceptionPs(c, oldWb);
  c.epc[1] = pc;
  const w = c.config.vectors.window!;
  return vectorTo(c, n === 1 ? w.underflow4 : n === 2 ? w.underflow8 : w.underflow12);
}

function setExceptionPs(c: Cpu, owb: number): void {
  c.ps = ((c.ps & ~PS_OWB) | (owb << PS_OWB_SHIFT) | PS_EXCM) >>> 0;
  c.excTaken = true;
  updateWindowCheck(c);
  c.lendActive = -1;
}

/** WINDOWSTART bit of pane `wb` (modulo the pane count). */
export function wsBit(c: Cpu, wb: number): number {
  return 1 << (wb & (c.npanes - 1));
}

/** Distance (1..3) to the nearest live frame below the current one, or 0 if none within 3. */
export function liveFrameBelow(c: Cpu): number {
  for (let m = 1; m <= 3; m++) if (c.windowstart & wsBit(c, c.windowbase - m)) return m;
  return 0;
}
