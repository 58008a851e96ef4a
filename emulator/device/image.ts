// Reading a kernel image (abi.ts): the .kernel_info_table records ([u32 BE opcode | u32 LE entry]),
// the kernel thunks by name (`__q7_kernel_<name>`), the IRAM payload the load record installs and
// the data segments the loader places in slow RAM.

import { PT_LOAD, type ElfImage } from '../../xtensa/elf';
import { IRAM_BASE, IRAM_SIZE, KERNEL_INFO_RECORD_SIZE, KERNEL_INFO_SECTION, KERNEL_THUNK_PREFIX } from '../../target/q7/abi';

export class KernelImageError extends Error {}

export interface KernelRecord {
  readonly opcode: number;
  readonly entry: number;
  /** The kernel's name (from the thunk symbol), if the symbol table has it. */
  readonly name?: string;
}

export function kernelTable(image: ElfImage): KernelRecord[] {
  const sec = image.sections.find((s) => s.name === KERNEL_INFO_SECTION);
  if (!sec) throw new KernelImageError(`the image has no ${KERNEL_INFO_SECTION} section (not a kernel image: build it from a file without main)`);
  if (sec.data.length % KERNEL_INFO_RECORD_SIZE !== 0) throw new KernelImageError(`${KERNEL_INFO_SECTION}: ${sec.data.length} bytes is not a whole number of records`);
  const v = new DataView(sec.data.buffer, sec.data.byteOffset, sec.data.byteLength);
  const names = new Map<number, string>();
  for (const s of image.symbols) if (s.name.startsWith(KERNEL_THUNK_PREFIX)) names.set(s.value >>> 0, s.name.slice(KERNEL_THUNK_PREFIX.length));
  const out: KernelRecord[] = [];
  for (let k = 0; k < sec.data.length; k += KERNEL_INFO_RECORD_SIZE) {
    const entry = v.getUint32(k + 4, true);
    out.push({ opcode: v.getUint32(k, false), entry, name: names.get(entry) });
  }
  return out;
}

export function findKernel(image: ElfImage, name: string): KernelRecord {
  const table = kernelTable(image);
  const rec = table.find((r) => r.name === name);
  if (!rec) {
    const known = table.map((r) => r.name ?? `opcode ${r.opcode}`).join(', ');
    throw new KernelImageError(`no kernel function '${name}' in the image (kernels: ${known || 'none'})`);
  }
  return rec;
}

/** The bytes from IRAM_BASE to the end of the last IRAM segment (gaps zero-filled). */
export function iramPayload(image: ElfImage): Uint8Array {
  const segs = image.segments.filter((s) => s.type === PT_LOAD && s.memsz > 0 && s.paddr >>> 0 >= IRAM_BASE && s.paddr >>> 0 < IRAM_BASE + IRAM_SIZE);
  if (segs.length === 0) throw new KernelImageError('the image has no code in IRAM');
  const end = Math.max(...segs.map((s) => (s.paddr >>> 0) + s.memsz));
  const out = new Uint8Array(end - IRAM_BASE);
  for (const s of segs) out.set(s.data, (s.paddr >>> 0) - IRAM_BASE);
  return out;
}

export function dataSegments(image: ElfImage): { addr: number; data: Uint8Array; memsz: number }[] {
  return image.segments
    .filter((s) => s.type === PT_LOAD && s.memsz > 0 && !(s.paddr >>> 0 >= IRAM_BASE && s.paddr >>> 0 < IRAM_BASE + IRAM_SIZE))
    .map((s) => ({ addr: s.paddr >>> 0, data: s.data, memsz: s.memsz }));
}
