// Special-register (RSR/WSR/XSR) and user-register (RUR/WUR) numbers and names, and the ISA
// option that provides each (xtensa-ivp-spec.md §9.1, §9.2). The instruction table generates one
// rsr./wsr./xsr. (or rur./wur.) row per register from these lists.

import type { Feature } from './features';

export interface SysReg {
  readonly num: number;
  readonly name: string;
  readonly feature: Feature;
  /** Which of the three accesses exist (RSR, WSR, XSR); default all. */
  readonly access?: 'r' | 'w' | 'rw';
}

export const SPECIAL_REGISTERS: readonly SysReg[] = [
  { num: 0, name: 'lbeg', feature: 'loops' },
  { num: 1, name: 'lend', feature: 'loops' },
  { num: 2, name: 'lcount', feature: 'loops' },
  { num: 3, name: 'sar', feature: 'core' },
  { num: 4, name: 'br', feature: 'booleans' },
  { num: 5, name: 'litbase', feature: 'litbase' },
  { num: 12, name: 'scompare1', feature: 's32c1i' },
  { num: 72, name: 'windowbase', feature: 'windowed' },
  { num: 73, name: 'windowstart', feature: 'windowed' },
  { num: 99, name: 'atomctl', feature: 's32c1i' },
  { num: 96, name: 'ibreakenable', feature: 'debug' },
  { num: 104, name: 'ddr', feature: 'debug' },
  { num: 128, name: 'ibreaka0', feature: 'debug' },
  { num: 144, name: 'dbreaka0', feature: 'debug' },
  { num: 160, name: 'dbreakc0', feature: 'debug' },
  { num: 177, name: 'epc1', feature: 'exceptions' },
  { num: 178, name: 'epc2', feature: 'interrupts' },
  { num: 192, name: 'depc', feature: 'exceptions' },
  { num: 194, name: 'eps2', feature: 'interrupts' },
  { num: 209, name: 'excsave1', feature: 'exceptions' },
  { num: 210, name: 'excsave2', feature: 'interrupts' },
  { num: 224, name: 'cpenable', feature: 'coprocessors' },
  { num: 226, name: 'intset', feature: 'interrupts', access: 'w' }, // SR 226 is INTSET when written
  { num: 226, name: 'interrupt', feature: 'interrupts', access: 'r' }, // and INTERRUPT when read
  { num: 227, name: 'intclear', feature: 'interrupts', access: 'w' },
  { num: 228, name: 'intenable', feature: 'interrupts' },
  { num: 230, name: 'ps', feature: 'exceptions' },
  { num: 231, name: 'vecbase', feature: 'exceptions' },
  { num: 232, name: 'exccause', feature: 'exceptions' },
  { num: 233, name: 'debugcause', feature: 'debug', access: 'r' },
  { num: 234, name: 'ccount', feature: 'timers' },
  { num: 235, name: 'prid', feature: 'prid', access: 'r' },
  { num: 236, name: 'icount', feature: 'debug' },
  { num: 237, name: 'icountlevel', feature: 'debug' },
  { num: 238, name: 'excvaddr', feature: 'exceptions' },
  { num: 240, name: 'ccompare0', feature: 'timers' },
  { num: 244, name: 'misc0', feature: 'misc' },
  { num: 245, name: 'misc1', feature: 'misc' },
];

export const USER_REGISTERS: readonly SysReg[] = [
  { num: 231, name: 'threadptr', feature: 'threadptr' },
  { num: 232, name: 'fcr', feature: 'fp' },
  { num: 233, name: 'fsr', feature: 'fp' },
];

export const SR = Object.fromEntries(SPECIAL_REGISTERS.map((r) => [r.name.toUpperCase(), r.num])) as Record<
  string,
  number
>;

export const SR_BY_NUM = new Map(SPECIAL_REGISTERS.map((r) => [r.num, r]));
export const UR_BY_NUM = new Map(USER_REGISTERS.map((r) => [r.num, r]));
export const SR_BY_NAME = new Map(SPECIAL_REGISTERS.map((r) => [r.name, r]));
export const UR_BY_NAME = new Map(USER_REGISTERS.map((r) => [r.name, r]));
