// Where the multicore destination was written: per core, the byte ranges of the destination each store
// or copy wrote, with the source line that wrote them (adjacent writes from the same line merge into one
// range). The unwritten-output and multiple-writers faults point at these lines instead of at the kernel's
// declaration: for a gap, the write that ends just before it (the partition that should have reached it),
// else the one just after; for a doubly written element, the second core's write.

import type { DeviceLocation } from './symbols';
import { PAGE_SIZE } from '../memory/memory';
import type { Hbm } from './hbm';

export interface DstWrite {
  readonly core: number;
  lo: number;
  hi: number;
  readonly what: 'copy' | 'store';
  readonly location?: DeviceLocation;
}

/** Most ranges kept (scattered stores beyond it are not attributed; the faults then name the kernel). */
const MAX_RANGES = 4096;

export class DstWriters {
  readonly writes: DstWrite[] = [];
  private readonly last = new Map<number, DstWrite>();
  overflow = false;

  constructor(
    readonly addr: number,
    readonly nbytes: number,
    readonly elemSize: number,
  ) {}

  covers(addr: number, n: number): boolean {
    return addr < this.addr + this.nbytes && addr + n > this.addr;
  }

  note(core: number, addr: number, n: number, what: 'copy' | 'store', location: DeviceLocation | undefined): void {
    const lo = Math.max(0, addr - this.addr);
    const hi = Math.min(this.nbytes, addr + n - this.addr);
    const prev = this.last.get(core);
    if (prev && prev.what === what && prev.location === location && lo <= prev.hi && hi >= prev.lo) {
      prev.lo = Math.min(prev.lo, lo);
      prev.hi = Math.max(prev.hi, hi);
      return;
    }
    if (this.writes.length >= MAX_RANGES) {
      this.overflow = true;
      return;
    }
    const w: DstWrite = { core, lo, hi, what, location };
    this.writes.push(w);
    this.last.set(core, w);
  }

  /** Element range [first, end) of a write. */
  elements(w: DstWrite): [number, number] {
    return [Math.floor(w.lo / this.elemSize), Math.ceil(w.hi / this.elemSize)];
  }

  /** The write nearest an unwritten element: the one ending last at or before it, else the first after it. */
  nearest(element: number): DstWrite | undefined {
    const at = element * this.elemSize;
    let before: DstWrite | undefined;
    let after: DstWrite | undefined;
    for (const w of this.writes) {
      if (w.hi <= at && (!before || w.hi > before.hi)) before = w;
      if (w.lo > at && (!after || w.lo < after.lo)) after = w;
    }
    return before ?? after;
  }

  /** The writes covering an element, in the order they were made. */
  covering(element: number): DstWrite[] {
    const at = element * this.elemSize;
    return this.writes.filter((w) => w.lo <= at && w.hi > at);
  }
}

/** "rowsum.cpp:22" of a write, for messages. */
export function writeSite(w: DstWrite): string {
  return w.location ? `${w.location.file.split('/').pop()}:${w.location.line}` : 'an unknown line';
}

/** Elements of the tensor at `addr` whose every byte some core wrote (the HBM's writer shadow, which must track it). */
export function writtenElements(hbm: Hbm, addr: number, numel: number, elemSize: number): number {
  let n = 0;
  let page = -1;
  let shadow: Uint8Array | undefined;
  for (let k = 0; k < numel; k++) {
    let all = true;
    for (let b = 0; b < elemSize; b++) {
      const at = addr + k * elemSize + b;
      const p = Math.floor(at / PAGE_SIZE);
      if (p !== page) {
        page = p;
        shadow = hbm.writerShadow.get(p);
      }
      if (!shadow || shadow[at - p * PAGE_SIZE] === 0) {
        all = false;
        break;
      }
    }
    if (all) n++;
  }
  return n;
}
