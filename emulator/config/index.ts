// The core configurations by name, and the choice of a core for an ELF file from its addresses.

import type { ElfImage } from '../../xtensa/elf';
import { CoreConfig, CoreName } from './types';
import { LX106 } from './lx106';
import { DC233C } from './dc233c';
import { DE233_FPU } from './de233_fpu';
import { Q7 } from './q7';

export * from './types';
export { LX106 } from './lx106';
export { DC233C } from './dc233c';
export { DE233_FPU } from './de233_fpu';
export { Q7 } from './q7';

export const CORES: Readonly<Record<CoreName, CoreConfig>> = { lx106: LX106, dc233c: DC233C, de233_fpu: DE233_FPU, q7: Q7 };

export const CORE_NAMES = Object.keys(CORES) as CoreName[];

export function coreByName(name: string): CoreConfig | undefined {
  return (CORES as Record<string, CoreConfig>)[name];
}

/**
 * Picks the core an ELF was built for from where it loads and starts: anything at the lx106 reset
 * vector (0x50000000, QEMU lx106 sim ROM) ⇒ lx106; at the MMU cores' reset vector 0xfe000000 ⇒
 * de233_fpu (the superset of dc233c that QEMU offers); otherwise q7. Segment addresses are checked
 * as well as the entry, so a program whose entry is elsewhere in the same ROM still matches.
 */
export function guessCore(image: ElfImage): CoreName {
  const starts = [image.entry >>> 0, ...image.segments.map((s) => s.paddr >>> 0)];
  const inRange = (lo: number, size: number) => starts.some((a) => a >= lo && a - lo < size);
  if (inRange(0x50000000, 0x4000000)) return 'lx106';
  if (inRange(0xfe000000, 0x2000000)) return 'de233_fpu';
  return 'q7';
}
