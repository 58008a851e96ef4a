// QEMU's `-M sim -cpu lx106` (ESP8266 core): call0 only, 16 ARs, no loops/FP/booleans; memory map,
// reset state and vector offsets as QEMU 7.2 models them (probed: test/emulator/qemu-probe.test.ts).

import { CORE_FEATURES } from '../../xtensa/isa';
import { CoreConfig } from './types';

export const LX106: CoreConfig = {
  name: 'lx106',
  description: 'ESP8266 lx106 as QEMU -M sim models it (call0 ABI)',
  features: CORE_FEATURES.lx106,
  nareg: 16,
  resetPc: 0x50000000,
  resetVecbase: 0x40000000,
  vectors: { debug: 0x10, nmi: 0x20, kernel: 0x30, user: 0x50, double: 0x70 },
  memory: [
    { name: 'dataram1', base: 0x3ff80000, size: 0x40000 },
    { name: 'dataram0', base: 0x3ffc0000, size: 0x40000 },
    { name: 'datarom0', base: 0x3ff40000, size: 0x40000 },
    { name: 'instram0', base: 0x40000000, size: 0x100000 },
    { name: 'instram1', base: 0x40100000, size: 0x100000 },
    { name: 'instrom0', base: 0x40200000, size: 0x100000 },
    { name: 'sysrom', base: 0x50000000, size: 0x4000000 },
    { name: 'sysram', base: 0x60000000, size: 0x8000000 },
  ],
  unalignedException: true,
  rings: false,
  atomctl: false,
  interruptLevels: 2,
  debugLevel: 2,
  nmiLevel: 3,
  resetPs: 0x1f,
  resetWindowStart: 0,
  fpApproxSteps: false,
};
