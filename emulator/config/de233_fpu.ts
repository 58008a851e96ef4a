// QEMU's `-M sim -cpu de233_fpu` (LX7.1.3, the closest public stand-in for the Q7 scalar core):
// dc233c's layout plus the single-precision FPU (CP0) and booleans, without LITBASE.

import { CORE_FEATURES } from '../../xtensa/isa';
import { CoreConfig } from './types';
import { MMU_SIM_MEMORY, XEA2_VECTORS } from './dc233c';

export const DE233_FPU: CoreConfig = {
  name: 'de233_fpu',
  description: 'Xtensa de233_fpu (LX7, windowed ABI, FPU) as QEMU -M sim models it',
  features: CORE_FEATURES.de233_fpu,
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
