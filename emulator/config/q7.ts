// The Q7 scalar core as Q7 Studio models it: every ISA option of xtensa/isa (except LITBASE), 64
// ARs, XEA2 vectors as on de233_fpu, and our own memory map (documented in emulator/README.md):
//   0x3FE00000–0x3FFFFFFF  DRAM  local data RAM, 2 MiB (stack grows down from 0x40000000)
//   0x40000000–0x400FFFFF  IRAM  instruction RAM, 1 MiB (VECBASE resets to its start)
//   0x80000000–0xFFFFFFFF  reserved for the HBM aperture (unmapped for now)
// It starts at the ELF entry with PS.WOE = 1, PS.UM = 1, EXCM = 0, INTLEVEL = 0, WB = 0, WS = 1.

import { CORE_FEATURES } from '../../xtensa/isa';
import { CoreConfig } from './types';
import { XEA2_VECTORS } from './dc233c';

export const Q7_DRAM_BASE = 0x3fe00000;
export const Q7_DRAM_SIZE = 0x200000;
export const Q7_IRAM_BASE = 0x40000000;
export const Q7_IRAM_SIZE = 0x100000;
export const Q7_HBM_APERTURE = 0x80000000;

export const Q7: CoreConfig = {
  name: 'q7',
  description: 'Q7 scalar core (Xtensa LX, 64 ARs, all options), Q7 Studio memory map',
  features: CORE_FEATURES.q7,
  nareg: 64,
  resetPc: 'entry',
  resetVecbase: Q7_IRAM_BASE,
  vectors: XEA2_VECTORS,
  memory: [
    { name: 'dram', base: Q7_DRAM_BASE, size: Q7_DRAM_SIZE },
    { name: 'iram', base: Q7_IRAM_BASE, size: Q7_IRAM_SIZE },
  ],
  unalignedException: true,
  rings: false,
  atomctl: false,
  interruptLevels: 6,
  debugLevel: 6,
  nmiLevel: 7,
  resetPs: 0x00040020,
  resetWindowStart: 1,
  fpApproxSteps: true,
};
