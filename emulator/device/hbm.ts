// HBM: the sparse 64-bit device memory all cores share, in 64 KiB pages (the same page buffers the
// window map aliases into each core's aperture), with a bump allocator for tensors and the
// sanitizers' shadow state: per byte "written since allocation" for tensors made by the factories
// (reads of torch::empty memory never written), and per byte "which core wrote it" for the
// multicore destination tensor. A page's init shadow is dropped once every byte of it was written,
// so that its aperture slots return to the fast path (onInitComplete tells the device).

import { PAGE_SIZE, type WriteMarks } from '../memory/memory';
import { type CaptureCost, type PageCopy, capturePage, restorePage } from '../snapshot/chunks';

/** The HBM's state: pages (buffer identity and contents), allocator, tensors, shadows. */
export interface HbmSnapshot {
  readonly pages: ReadonlyMap<number, { readonly buffer: ArrayBuffer; readonly copy: PageCopy }>;
  readonly initShadow: ReadonlyMap<number, PageCopy>;
  readonly unwritten: ReadonlyMap<number, number>;
  readonly writerShadow: ReadonlyMap<number, PageCopy>;
  readonly tensors: readonly HbmTensor[];
  readonly next: number;
}

/** First HBM address handed out (above 4 GiB, so that 64-bit addresses are exercised). */
export const HBM_ALLOC_BASE = 0x1_0000_0000;
/** Alignment of every HBM allocation. */
export const HBM_ALIGN = 64;
/**
 * Default HBM capacity: one NeuronCore-v2's share of its chip's HBM. AWS's Inferentia2 architecture page:
 * each Inferentia2 chip has two NeuronCore-v2 cores and 32 GiB of HBM (Trn1's Trainium chip, also two
 * NeuronCore-v2, the same), so 16 GiB per NeuronCore-v2.
 */
export const DEFAULT_HBM_SIZE = 16 * 2 ** 30;

/** An allocation the HBM cannot hold (what a factory or an argument asks for past the capacity). */
export class HbmFullError extends RangeError {
  constructor(
    readonly requested: number,
    readonly free: number,
    readonly capacity: number,
  ) {
    super(`${formatBytes(requested)} of HBM requested, ${formatBytes(free)} free of ${formatBytes(capacity)} (--hbm-size)`);
    this.name = 'HbmFullError';
  }
}

/** 1536 → "1.5 KiB"; exact byte counts below 1 KiB. */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return u === 0 ? `${n} bytes` : `${Number(v.toFixed(1))} ${units[u]}`;
}

/** Writer-shadow value of a byte written by more than one core. */
export const MANY_WRITERS = 0xff;

export interface HbmTensor {
  readonly id: number;
  /** How a fault names it: the parameter name, "result", or "tensor created at file:line". */
  name: string;
  readonly addr: number;
  readonly nbytes: number;
  readonly elemSize: number;
  readonly shape: readonly number[];
  readonly scalarType: number;
}

export class Hbm {
  private readonly pages = new Map<number, ArrayBuffer>();
  /** Per page: 1 per byte written (pages of factory-made tensors only, until every byte was written). */
  readonly initShadow = new Map<number, Uint8Array>();
  /** Per page with an init shadow: how many of its bytes were never written. */
  private readonly unwritten = new Map<number, { n: number }>();
  /** Called when the last unwritten byte of a page was written (its init shadow is gone). */
  onInitComplete: (page: number) => void = () => {};
  /** Per page: 0 unwritten, core + 1, or MANY_WRITERS (the multicore destination only). */
  readonly writerShadow = new Map<number, Uint8Array>();
  readonly tensors: HbmTensor[] = [];
  private next = HBM_ALLOC_BASE;
  /** Bumped whenever shadow arrays or unwritten counts are made or replaced: a store recorder made
   *  before then looks its page up again (storeRecorder). */
  private shadowEpoch = 0;

  constructor(readonly capacity = DEFAULT_HBM_SIZE) {}

  /** Bytes handed out so far (with alignment). */
  get used(): number {
    return this.next - HBM_ALLOC_BASE;
  }

  /** The buffer of page n (allocated zero-filled on first use). */
  page(n: number): ArrayBuffer {
    let p = this.pages.get(n);
    if (!p) {
      p = new ArrayBuffer(PAGE_SIZE);
      this.pages.set(n, p);
    }
    return p;
  }

  /** Allocates `nbytes` (64-byte aligned); HbmFullError past the capacity (nothing is touched: pages are made on use). */
  alloc(nbytes: number): number {
    const at = this.next;
    if (!(nbytes <= this.capacity - this.used)) throw new HbmFullError(nbytes, this.capacity - this.used, this.capacity);
    this.next = Math.ceil((at + Math.max(nbytes, 1)) / HBM_ALIGN) * HBM_ALIGN;
    return at;
  }

  addTensor(t: Omit<HbmTensor, 'id'>): HbmTensor {
    const rec = { ...t, id: this.tensors.length };
    this.tensors.push(rec);
    return rec;
  }

  /** The tensor whose bytes hold `addr`. */
  tensorAt(addr: number): HbmTensor | undefined {
    return this.tensors.find((t) => addr >= t.addr && addr < t.addr + t.nbytes);
  }

  read(addr: number, len: number): Uint8Array {
    const out = new Uint8Array(len);
    this.each(addr, len, (buf, off, from, n) => out.set(new Uint8Array(buf, off, n), from));
    return out;
  }

  /** Writes `bytes` at `addr`; a whole page not made yet starts as a copy of its bytes (no zero-fill first). */
  write(addr: number, bytes: Uint8Array): void {
    for (let k = 0; k < bytes.length; ) {
      const a = addr + k;
      const page = Math.floor(a / PAGE_SIZE);
      const off = a - page * PAGE_SIZE;
      const n = Math.min(bytes.length - k, PAGE_SIZE - off);
      if (n === PAGE_SIZE && !this.pages.has(page) && bytes.buffer instanceof ArrayBuffer) {
        const at = bytes.byteOffset + k;
        this.pages.set(page, bytes.buffer.slice(at, at + PAGE_SIZE));
      } else new Uint8Array(this.page(page), off, n).set(bytes.subarray(k, k + n));
      k += n;
    }
  }

  /** Calls f per page piece of [addr, addr + len). */
  each(addr: number, len: number, f: (buf: ArrayBuffer, off: number, from: number, n: number, page: number) => void): void {
    for (let k = 0; k < len; ) {
      const a = addr + k;
      const page = Math.floor(a / PAGE_SIZE);
      const off = a - page * PAGE_SIZE;
      const n = Math.min(len - k, PAGE_SIZE - off);
      f(this.page(page), off, k, n, page);
      k += n;
    }
  }

  /** The allocated pages (number, bytes), for debuggers and state digests; do not write. */
  *pageEntries(): Iterable<{ readonly n: number; readonly bytes: Uint8Array }> {
    for (const [n, b] of [...this.pages].sort((x, y) => x[0] - y[0])) yield { n, bytes: new Uint8Array(b) };
  }

  /** The HBM's state (unchanged chunks shared with `prev`). */
  snapshot(prev: HbmSnapshot | undefined, cost: CaptureCost): HbmSnapshot {
    const pages = new Map<number, { buffer: ArrayBuffer; copy: PageCopy }>();
    for (const [n, buffer] of this.pages) pages.set(n, { buffer, copy: capturePage(new Uint8Array(buffer), prev?.pages.get(n)?.copy, cost) });
    const shadow = (m: Map<number, Uint8Array>, old: ReadonlyMap<number, PageCopy> | undefined) =>
      new Map([...m].map(([n, a]) => [n, capturePage(a, old?.get(n), cost)] as const));
    return {
      pages, initShadow: shadow(this.initShadow, prev?.initShadow), unwritten: new Map([...this.unwritten].map(([n, u]) => [n, u.n])), writerShadow: shadow(this.writerShadow, prev?.writerShadow),
      tensors: this.tensors.map((t) => ({ ...t })), next: this.next,
    };
  }

  /**
   * Puts the HBM back in a snapshot's state. Page buffers keep their identity (the window maps alias
   * them); shadows are fresh arrays, so page hooks made before must be made again (WindowMap.restore).
   */
  restore(s: HbmSnapshot): void {
    this.pages.clear();
    for (const [n, p] of s.pages) {
      restorePage(new Uint8Array(p.buffer), p.copy);
      this.pages.set(n, p.buffer);
    }
    const shadow = (m: Map<number, Uint8Array>, from: ReadonlyMap<number, PageCopy>) => {
      m.clear();
      for (const [n, c] of from) {
        const a = new Uint8Array(PAGE_SIZE);
        restorePage(a, c);
        m.set(n, a);
      }
    };
    this.shadowEpoch++;
    shadow(this.initShadow, s.initShadow);
    shadow(this.writerShadow, s.writerShadow);
    this.unwritten.clear();
    for (const [n, k] of s.unwritten) this.unwritten.set(n, { n: k });
    this.tensors.length = 0;
    for (const t of s.tensors) this.tensors.push({ ...t });
    this.next = s.next;
  }

  /** Starts tracking "written" for [addr, addr + len) (all bytes unwritten). */
  trackInit(addr: number, len: number): void {
    this.shadowEpoch++;
    this.each(addr, len, (_b, off, _f, n, page) => {
      let s = this.initShadow.get(page);
      if (!s) {
        // a page tracked for the first time: exactly the bytes of the piece are unwritten (a whole
        // page is the fresh array's zeros: its memory is first touched where the kernel writes)
        s = new Uint8Array(PAGE_SIZE);
        if (n < PAGE_SIZE) s.fill(1, 0, off).fill(1, off + n);
        this.initShadow.set(page, s);
        this.unwritten.set(page, { n });
        return;
      }
      s.fill(0, off, off + n);
      let zeros = 0;
      for (let k = 0; k < PAGE_SIZE; k++) if (s[k] === 0) zeros++;
      // the box stays the same object: write marks made for the page (initMarks) keep counting in it
      const box = this.unwritten.get(page);
      if (box) box.n = zeros;
      else this.unwritten.set(page, { n: zeros });
    });
  }

  /** Starts tracking writers for [addr, addr + len). */
  trackWriters(addr: number, len: number): void {
    this.shadowEpoch++;
    this.each(addr, len, (_b, _off, _f, _n, page) => {
      if (!this.writerShadow.has(page)) this.writerShadow.set(page, new Uint8Array(PAGE_SIZE));
    });
  }

  /** Records a write by `core`; returns nothing (conflicts are found when the run ends). */
  noteWrite(addr: number, len: number, core: number): void {
    const page = Math.floor(addr / PAGE_SIZE);
    const off = addr - page * PAGE_SIZE;
    // a store stays inside its page: no per-piece walk (the sanitizers' cost on every tracked store)
    if (off + len <= PAGE_SIZE) this.notePageWrite(page, off, len, core);
    else this.each(addr, len, (_b, o, _f, n, p) => this.notePageWrite(p, o, n, core));
  }

  private notePageWrite(page: number, off: number, n: number, core: number): void {
    const s = this.initShadow.get(page);
    if (s) this.markWritten(page, s, off, n);
    const w = this.writerShadow.size === 0 ? undefined : this.writerShadow.get(page);
    if (w) {
      for (let k = off; k < off + n; k++) w[k] = w[k] === 0 || w[k] === core + 1 ? core + 1 : MANY_WRITERS;
    }
  }

  private markWritten(page: number, s: Uint8Array, off: number, n: number): void {
    let fresh = 0;
    for (let k = off; k < off + n; k++) {
      if (s[k] === 0) {
        s[k] = 1;
        fresh++;
      }
    }
    if (fresh === 0) return;
    // the count is a box, so that a store updates it without a second map operation
    const u = this.unwritten.get(page);
    const left = (u?.n ?? 0) - fresh;
    if (u && left > 0) {
      u.n = left;
      return;
    }
    this.completeInit(page);
  }

  /** Every byte of `page` was written: its init shadow goes (the device returns its slots to the fast path). */
  private completeInit(page: number): void {
    this.unwritten.delete(page);
    this.initShadow.delete(page);
    this.onInitComplete(page);
  }

  /**
   * What noteWrite does for a store of `n` bytes at offset `off` of `page` (one page) by `core`, with
   * the page's shadows looked up once, here: the sanitizer hook of an aperture slot calls it on every
   * store. While no shadow changed since it was made it marks the bytes itself; after a change it
   * goes the general way.
   */
  storeRecorder(page: number, core: number): (off: number, n: number) => void {
    const epoch = this.shadowEpoch;
    const s = this.initShadow.get(page);
    const box = this.unwritten.get(page);
    const w = this.writerShadow.get(page);
    // set once this recorder completed the page's init shadow (which is then gone)
    let completed = false;
    return (off, n) => {
      if (this.shadowEpoch !== epoch || completed || off + n > PAGE_SIZE) {
        this.noteWrite(page * PAGE_SIZE + off, n, core);
        return;
      }
      if (s !== undefined) {
        let fresh = 0;
        for (let k = off; k < off + n; k++) {
          if (s[k] === 0) {
            s[k] = 1;
            fresh++;
          }
        }
        if (fresh !== 0) {
          if (box !== undefined && box.n > fresh) box.n -= fresh;
          else {
            completed = true;
            this.completeInit(page);
          }
        }
      }
      if (w !== undefined) {
        for (let k = off; k < off + n; k++) w[k] = w[k] === 0 || w[k] === core + 1 ? core + 1 : MANY_WRITERS;
      }
    };
  }

  /**
   * The init shadow of `page` as a Memory's write marks (a store marks its bytes on the marking path,
   * without a hook): what storeRecorder does for a core that is the only writer of the page and whose
   * page has no writer shadow. Undefined when the page has no init shadow.
   */
  initMarks(page: number): WriteMarks | undefined {
    const bytes = this.initShadow.get(page);
    const left = this.unwritten.get(page);
    if (bytes === undefined || left === undefined) return undefined;
    const done = (): void => {
      if (this.initShadow.get(page) === bytes) this.completeInit(page);
    };
    return { bytes, left, done };
  }

  /** The first byte of [addr, addr + len) never written, if tracked; undefined when all were. */
  firstUnwritten(addr: number, len: number): number | undefined {
    let found: number | undefined;
    this.each(addr, len, (_b, off, from, n, page) => {
      if (found !== undefined) return;
      const s = this.initShadow.get(page);
      if (!s) return;
      const k = s.subarray(off, off + n).indexOf(0);
      if (k >= 0) found = addr + from + k;
    });
    return found;
  }

  /** The writer shadow byte of `addr` (0 when not tracked). */
  writerOf(addr: number): number {
    const page = Math.floor(addr / PAGE_SIZE);
    return this.writerShadow.get(page)?.[addr - page * PAGE_SIZE] ?? 0;
  }
}
