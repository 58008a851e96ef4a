// QEMU's `-M sim -cpu dc233c` (LX4.0.1): windowed (32 ARs), loops, DIV32, MINMAX/SEXT/CLAMPS, MAC16
// (not emulated), no FP/booleans; MMU core whose reset mapping is the identity, so the sim machine's
// ROM at 0xfe000000 (32 MiB) and RAM at 0 (128 MiB) are used as is.

import { CORE_FEATURES } from '../../xtensa/isa';
import { CoreConfig, XEA2_WINDOW_VECTORS } from './types';

export const XEA2_VECTORS = {
  window: XEA2_WINDOW_VECTORS,
  debug: 0x280,
  nmi: 0x2c0,
  kernel: 0x300,
  user: 0x340,
  double: 0x3c0,
} as const;

export const MMU_SIM_MEMORY = [
  { name: 'sysram', base: 0x00000000, size: 0x8000000 },
  { name: 'sysrom', base: 0xfe000000, size: 0x2000000 },
] as const;

export const DC233C: CoreConfig = {
  name: 'dc233c',
  description: 'Xtensa dc233c (LX4, windowed ABI) as QEMU -M sim models it',
  features: CORE_FEATURES.dc233c,
  nareg: 32,
  resetPc: 0xfe000000,
  resetVecbase: 0x00002000,
  vectors: XEA2_VECTORS,
  memory: MMU_SIM_MEMORY,
  unalignedException: true,
  rings: true,
  atomctl: true,
  interruptLevels: 6,
  debugLevel: 6,
  nmiLevel: 7,
  resetPs: 0x1f,
  resetWindowStart: 0,
  fpApproxSteps: false,
};
