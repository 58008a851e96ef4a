// The Q7 scalar core as Q7 Studio models it: every ISA option of xtensa/isa (except LITBASE), 64
// ARs, XEA2 vectors as on de233_fpu, and the target's memory map (target/q7/memory-map.ts).
// It starts at the ELF entry with PS.WOE = 1, PS.UM = 1, EXCM = 0, INTLEVEL = 0, WB = 0, WS = 1.

import { CORE_FEATURES } from '../../xtensa/isa';
import { CoreConfig } from './types';
import { XEA2_VECTORS } from './dc233c';
import { Q7_DRAM_BASE, Q7_DRAM_SIZE, Q7_IRAM_BASE, Q7_IRAM_SIZE, Q7_RESET_VECBASE } from '../../target/q7/memory-map';

export const Q7: CoreConfig = {
  name: 'q7',
  description: 'Q7 scalar core (Xtensa LX, 64 ARs, all options), Q7 Studio memory map',
  features: CORE_FEATURES.q7,
  nareg: 64,
  resetPc: 'entry',
  resetVecbase: Q7_RESET_VECBASE,
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
