// Finding the kernel to run in an image: its kernel_info_table record (by name, or the only one) and
// its DWARF subprogram (parameters and return type, for marshalling and the result).

import { findKernel, kernelTable, KernelImageError } from '../emulator/device';
import type { DebugInfo, Subprogram } from '../debuginfo';
import type { ElfImage } from '../xtensa/elf';
import { SessionError } from './errors';

export interface KernelEntry {
  readonly fn: Subprogram;
  readonly opcode: number;
}


export function kernelFunction(image: ElfImage, debug: DebugInfo, name: string | undefined): KernelEntry {
  let rec;
  try {
    const table = kernelTable(image);
    if (name === undefined) {
      if (table.length !== 1) throw new SessionError(`the image has ${table.length} kernels (${table.map((r) => r.name).join(', ')}): choose one with --fn NAME`, 'function');
      rec = table[0];
    } else rec = findKernel(image, name);
  } catch (e) {
    if (e instanceof KernelImageError) throw new SessionError(e.message, 'function');
    throw e;
  }
  const fn = debug.functionsNamed(rec.name ?? '').find((f) => !f.name.startsWith('__q7_kernel_'));
  if (!fn) throw new SessionError(`kernel '${rec.name}': no debug information for its parameters (build with -g)`, 'function');
  return { fn, opcode: rec.opcode };
}
