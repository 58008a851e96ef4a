// Special registers (RSR/WSR/XSR) and user registers (RUR/WUR) by number, with the write masks and
// side effects QEMU's XEA2 model gives them (SAR 6 bits, PS mask, WINDOWBASE rotates, WINDOWSTART
// masked to the pane count, LITBASE 0xfffff001, CCOUNT counts retired instructions, …). Numbers come
// from xtensa/isa/registers.ts; registers it does not list are still reachable by number here.

import { SR, UR_BY_NAME } from '../../xtensa/isa';
import { Cpu } from './cpu';
import { psChanged, updateLoopArm } from './derived';
import { psWriteMask } from './ps';
import { rotateTo, updateWindowCheck } from './window';

const UR_THREADPTR = UR_BY_NAME.get('threadptr')!.num;
const UR_FCR = UR_BY_NAME.get('fcr')!.num;
const UR_FSR = UR_BY_NAME.get('fsr')!.num;

// Numbered families around the registers the table lists (EPCn, EPSn, EXCSAVEn, …).
const EPC1 = SR.EPC1;
const EPS2 = SR.EPS2;
const EXCSAVE1 = SR.EXCSAVE1;
const CCOMPARE0 = SR.CCOMPARE0;
const MISC0 = SR.MISC0;
const IBREAKA0 = SR.IBREAKA0;
const DBREAKA0 = SR.DBREAKA0;
const DBREAKC0 = SR.DBREAKC0;

/** CCOUNT now. */
export function ccount(c: Cpu): number {
  return (c.ccountBase + c.icount) | 0;
}

export function readSR(c: Cpu, n: number): number {
  switch (n) {
    case SR.LBEG: return c.lbeg | 0;
    case SR.LEND: return c.lend | 0;
    case SR.LCOUNT: return c.lcount | 0;
    case SR.SAR: return c.sar;
    case SR.BR: return c.br;
    case SR.LITBASE: return c.litbase | 0;
    case SR.SCOMPARE1: return c.scompare1;
    case SR.ATOMCTL: return c.atomctl;
    case SR.WINDOWBASE: return c.windowbase;
    case SR.WINDOWSTART: return c.windowstart;
    case SR.IBREAKENABLE: return c.ibreakenable;
    case SR.DDR: return c.ddr;
    case SR.DEPC: return c.depc;
    case SR.CPENABLE: return c.cpenable;
    case SR.INTERRUPT: return c.interrupt;
    case SR.INTENABLE: return c.intenable;
    case SR.PS: return c.ps | 0;
    case SR.VECBASE: return c.vecbase | 0;
    case SR.EXCCAUSE: return c.exccause;
    case SR.DEBUGCAUSE: return c.debugcause;
    case SR.CCOUNT: return ccount(c);
    case SR.PRID: return c.prid | 0;
    case SR.ICOUNT: return c.icountReg;
    case SR.ICOUNTLEVEL: return c.icountlevel;
    case SR.EXCVADDR: return c.excvaddr;
  }
  if (n >= EPC1 && n < EPC1 + 7) return c.epc[n - EPC1 + 1];
  if (n >= EPS2 && n < EPS2 + 6) return c.eps[n - EPS2 + 2];
  if (n >= EXCSAVE1 && n < EXCSAVE1 + 7) return c.excsave[n - EXCSAVE1 + 1];
  if (n >= CCOMPARE0 && n < CCOMPARE0 + 3) return c.ccompare[n - CCOMPARE0];
  if (n >= MISC0 && n < MISC0 + 4) return c.misc[n - MISC0];
  if (n >= IBREAKA0 && n < IBREAKA0 + 2) return c.ibreaka[n - IBREAKA0];
  if (n >= DBREAKA0 && n < DBREAKA0 + 2) return c.dbreaka[n - DBREAKA0];
  if (n >= DBREAKC0 && n < DBREAKC0 + 2) return c.dbreakc[n - DBREAKC0];
  return 0;
}

export function writeSR(c: Cpu, n: number, value: number): void {
  const v = value | 0;
  switch (n) {
    case SR.LBEG: c.lbeg = v >>> 0; return;
    case SR.LEND: c.lend = v >>> 0; updateLoopArm(c); return;
    case SR.LCOUNT: c.lcount = v >>> 0; return;
    case SR.SAR: c.sar = v & 0x3f; return;
    case SR.BR: c.br = v & 0xffff; return;
    case SR.LITBASE: {
      const old = c.litbase;
      c.litbase = (v & 0xfffff001) >>> 0;
      if (old !== c.litbase) c.onCodeStateChange();
      return;
    }
    case SR.SCOMPARE1: c.scompare1 = v; return;
    case SR.ATOMCTL: c.atomctl = v & 0x3f; return;
    case SR.WINDOWBASE: rotateTo(c, v); return;
    case SR.WINDOWSTART: c.windowstart = v & ((1 << c.npanes) - 1); updateWindowCheck(c); return;
    case SR.IBREAKENABLE: c.ibreakenable = v & 3; return;
    case SR.DDR: c.ddr = v; return;
    case SR.DEPC: c.depc = v; return;
    case SR.CPENABLE: {
      const old = c.cpenable;
      c.cpenable = v & 0xff;
      if (old !== c.cpenable) c.onCodeStateChange();
      return;
    }
    case SR.INTERRUPT: c.interrupt |= v; return; // WSR.INTSET
    case SR.INTCLEAR: c.interrupt &= ~v; return;
    case SR.INTENABLE: c.intenable = v; return;
    case SR.PS: c.ps = (v & psWriteMask(c.config.rings)) >>> 0; psChanged(c); return;
    case SR.VECBASE: c.vecbase = v >>> 0; return;
    case SR.EXCCAUSE: c.exccause = v; return;
    case SR.CCOUNT: c.ccountBase = v - c.icount; return;
    case SR.ICOUNT: c.icountReg = v; return;
    case SR.ICOUNTLEVEL: c.icountlevel = v & 0xf; return;
    case SR.EXCVADDR: c.excvaddr = v; return;
    case SR.DEBUGCAUSE:
    case SR.PRID:
      return; // read-only
  }
  if (n >= EPC1 && n < EPC1 + 7) c.epc[n - EPC1 + 1] = v;
  else if (n >= EPS2 && n < EPS2 + 6) c.eps[n - EPS2 + 2] = v;
  else if (n >= EXCSAVE1 && n < EXCSAVE1 + 7) c.excsave[n - EXCSAVE1 + 1] = v;
  else if (n >= CCOMPARE0 && n < CCOMPARE0 + 3) c.ccompare[n - CCOMPARE0] = v;
  else if (n >= MISC0 && n < MISC0 + 4) c.misc[n - MISC0] = v;
  else if (n >= IBREAKA0 && n < IBREAKA0 + 2) c.ibreaka[n - IBREAKA0] = v;
  else if (n >= DBREAKA0 && n < DBREAKA0 + 2) c.dbreaka[n - DBREAKA0] = v;
  else if (n >= DBREAKC0 && n < DBREAKC0 + 2) c.dbreakc[n - DBREAKC0] = v & 0xc000003f;
}

export function readUR(c: Cpu, n: number): number {
  switch (n) {
    case UR_THREADPTR: return c.threadptr;
    case UR_FCR: return c.fcr;
    case UR_FSR: return c.fsr;
  }
  return 0;
}

export function writeUR(c: Cpu, n: number, value: number): void {
  const v = value | 0;
  switch (n) {
    case UR_THREADPTR: c.threadptr = v; return;
    case UR_FCR: c.fcr = v & 0x7f; return;
    case UR_FSR: c.fsr = v & 0xf80; return;
  }
}
