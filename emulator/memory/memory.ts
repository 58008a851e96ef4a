// Paged physical memory of one core: 64 KiB pages allocated on first touch inside the configured
// regions. Loads and stores take a fast path through per-page typed-array tables (aligned access,
// page present, not watched, not holding decoded code, no guarded bytes); everything else goes
// through the slow path, which raises alignment/bus faults, reports watchpoint hits and guarded-byte
// accesses, and invalidates decoded code. The first own pages live in one pool buffer (a page's
// typed arrays are views of it), so compiled code reaches them through one typed array per access
// size (`pool8`/`pool16`/`pool32`) instead of a per-page view; the pool's first pages hold the page
// tables compiled code reads (`rPool`/`wPool`, views of `pool32`), so a load or store is two reads of
// one typed array.

import type { MemoryRegionSpec } from '../config/types';
import { CAUSE } from '../core/causes';
import { MemFault } from './fault';
import { type CaptureCost, type PageCopy, capturePage, restorePage } from '../snapshot/chunks';

export const PAGE_SHIFT = 16;
export const PAGE_SIZE = 1 << PAGE_SHIFT;
const PAGE_MASK = PAGE_SIZE - 1;
const NPAGES = 1 << (32 - PAGE_SHIFT);
/** Pool pages holding the read and write tables (one int32 entry per page number each). */
const TABLE_PAGES = (2 * NPAGES * 4) / PAGE_SIZE;
/** Pages of the pool: the tables, then the data pages. */
export const POOL_PAGES = TABLE_PAGES + 63;
/** Word index in `pool32` of the read table (`POOL_READ + page number`) and of the write table. */
export const POOL_READ = 0;
export const POOL_WRITE = NPAGES;
/**
 * A table entry of a page off the fast path. Other entries are the byte offset of the page in the
 * pool (below 2^23), so `entry + (addr & 0xffff)` is negative exactly when the access takes the slow
 * path, and its low bits are the address's: one test covers the page and the alignment.
 */
export const POOL_SLOW = -0x80000000;

if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error('emulator: host must be little-endian');

interface Page {
  /** Page number (address >>> PAGE_SHIFT). */
  readonly n: number;
  readonly u8: Uint8Array;
  readonly u16: Uint16Array;
  readonly i32: Int32Array;
  /** Bytes covered by decoded instructions (allocated when the page first holds code). */
  code: Uint8Array | null;
  /** Access hooks of an aliased page (their presence keeps the page off the fast path). */
  hooks?: PageHooks;
  /** 1 per guarded byte (Memory.guard), null when the page has none; `guarded` counts them. */
  guard: Uint8Array | null;
  guarded: number;
  /** Backed by a buffer from outside (aliasPage): its contents belong to the buffer's owner. */
  aliased?: boolean;
  /** The page's place in the pool (its views are the pool's bytes from q << PAGE_SHIFT), 0 if outside it. */
  q: number;
}

/**
 * Hooks of an aliased page, called on the slow path before the access completes (with the address
 * and size); a hook may throw a MemFault to make the access raise an exception instead.
 */
export interface PageHooks {
  onRead?: (addr: number, size: number) => void;
  onWrite?: (addr: number, size: number) => void;
  /** Bytes marked as written by every store (for a page without onWrite: its stores then take the marking path). */
  marks?: WriteMarks;
}

/**
 * Write marks of a page: every store sets `bytes[offset]` to 1 for each byte it writes (`bytes` covers
 * the page and is 4-byte aligned in its buffer), `left.n`
 * counts the bytes still 0, and `done()` is called when a store marks the last of them. An aligned
 * store to a page with marks (and nothing else keeping it off the fast path) marks its bytes in
 * place instead of calling a hook (`Memory.write*`, the marking path).
 */
export interface WriteMarks {
  readonly bytes: Uint8Array;
  readonly left: { n: number };
  readonly done: () => void;
}

/**
 * The marking path for compiled stores (jit/template.ts): `store32(a, v)` does an aligned 32-bit store
 * to a page on the marking path as Memory.write32 does (the word, its four marks, the page's count of
 * unmarked bytes, done() at the last one) and returns true; false, having done nothing, for any other
 * store. One small function, so a region's many stores each add a call, not its body, to the region's
 * bytecode (V8 does not optimise a function past its bytecode size limit).
 */
export interface MarkingPath {
  readonly store32: (a: number, v: number) => boolean;
}

export interface Watchpoint {
  readonly id: number;
  readonly addr: number;
  readonly len: number;
  readonly read: boolean;
  readonly write: boolean;
}

export interface PageSnapshot {
  readonly n: number;
  /** An own page's contents. */
  readonly copy?: PageCopy;
  /** An aliased page's buffer (contents not copied) and hooks. */
  readonly alias?: ArrayBuffer;
  readonly hooks?: PageHooks;
  readonly guard: Uint8Array | null;
  readonly guarded: number;
}

export interface MemorySnapshot {
  readonly pages: readonly PageSnapshot[];
  /** Own pages' copies by page number (the next snapshot shares their unchanged chunks). */
  readonly own: ReadonlyMap<number, PageCopy>;
  readonly fetchBounds: { lo: number; hi: number } | null;
}

export interface WatchHit {
  readonly watchpoint: Watchpoint;
  readonly addr: number;
  readonly size: number;
  readonly write: boolean;
}

/** Marks `size` bytes from `off` as written; the marks' done() when that was the last unmarked one. */
function mark(m: WriteMarks, off: number, size: number): void {
  const b = m.bytes;
  let fresh = 0;
  for (let k = off; k < off + size; k++) {
    if (b[k] === 0) {
      b[k] = 1;
      fresh++;
    }
  }
  countFresh(m, fresh);
}

/** `fresh` bytes were marked now: counts them, and calls done() when they were the last. */
function countFresh(m: WriteMarks, fresh: number): void {
  if (fresh === 0) return;
  if (m.left.n > fresh) m.left.n -= fresh;
  else {
    m.left.n = 0;
    m.done();
  }
}

/** Four marked bytes read as one little-endian word. */
const ALL_MARKED = 0x01010101;

/** Every data page of the pool, the lowest last (taken first). */
function allPoolPages(): number[] {
  const out: number[] = [];
  for (let q = POOL_PAGES - 1; q >= TABLE_PAGES; q--) out.push(q);
  return out;
}

export class Memory {
  // Fast-path tables: page number → slot of the page's typed-array views (0 = take the slow path).
  // Index arrays are typed (cheap to allocate); the views live in small per-slot arrays.
  readonly rIdx = new Uint16Array(NPAGES);
  readonly wIdx = new Uint16Array(NPAGES);
  /** Page number → slot of a page whose stores take the marking path (0 = not). */
  private readonly mIdx = new Uint16Array(NPAGES);
  /** By slot: the write marks of a page on the marking path, and their bytes as words (4 marks each). */
  private readonly marksOf: (WriteMarks | undefined)[] = [undefined];
  private readonly markWords: Int32Array[] = [new Int32Array(0)];
  private marking?: MarkingPath;
  readonly u8s: Uint8Array[] = [new Uint8Array(0)];
  readonly u16s: Uint16Array[] = [new Uint16Array(0)];
  readonly i32s: Int32Array[] = [new Int32Array(0)];
  private readonly poolBuffer = new ArrayBuffer(POOL_PAGES * PAGE_SIZE);
  readonly pool8 = new Uint8Array(this.poolBuffer);
  readonly pool16 = new Uint16Array(this.poolBuffer);
  readonly pool32 = new Int32Array(this.poolBuffer);
  // The same for compiled code, in the pool's first pages: page number → byte offset of its pool page
  // (POOL_SLOW: not in the pool, or the slow path); with o = entry + (addr & 0xffff), the bytes at
  // `addr` are pool8[o] (pool16[o >> 1], pool32[o >> 2]).
  readonly rPool = this.pool32.subarray(POOL_READ, POOL_READ + NPAGES).fill(POOL_SLOW);
  readonly wPool = this.pool32.subarray(POOL_WRITE, POOL_WRITE + NPAGES).fill(POOL_SLOW);
  /** Free pool pages, the lowest last. */
  private freePool: number[] = allPoolPages();

  private readonly slotOf = new Uint16Array(NPAGES);
  private readonly pageList: Page[] = [];
  private readonly watchpoints: Watchpoint[] = [];
  private nextWatchId = 1;
  /** Called after a store changed bytes of decoded instructions in page `pageNumber`. */
  onCodeWrite: (pageNumber: number) => void = () => {};
  /** Called when an access touches a watchpoint (the access itself completes). */
  onWatch: (hit: WatchHit) => void = () => {};
  /**
   * Called before a load or store touching a guarded byte (Memory.guard) completes, with the address,
   * size and direction; it may throw a MemFault to make the access raise an exception instead.
   */
  onGuard: (addr: number, size: number, write: boolean) => void = () => {};

  constructor(
    readonly regions: readonly MemoryRegionSpec[],
    private readonly unalignedException: boolean,
  ) {
    for (const r of regions) {
      if ((r.base & PAGE_MASK) !== 0 || (r.size & PAGE_MASK) !== 0) {
        throw new Error(`memory region ${r.name} is not aligned to ${PAGE_SIZE} bytes`);
      }
    }
  }

  /** The region holding `addr`, if mapped. */
  regionOf(addr: number): MemoryRegionSpec | undefined {
    const a = addr >>> 0;
    for (const r of this.regions) if (a >= r.base && a - r.base < r.size) return r;
    return undefined;
  }

  isMapped(addr: number): boolean {
    return this.regionOf(addr) !== undefined || this.slotOf[(addr >>> 0) >>> PAGE_SHIFT] !== 0;
  }

  // ---- aliased pages and fetch bounds (the Q7 device's HBM aperture and pc-bounds check) -------

  /** Instruction fetches outside [lo, hi) raise InstrPIFAddrError (null: no bounds). */
  fetchBounds: { lo: number; hi: number } | null = null;

  private readonly freeSlots: number[] = [];

  /**
   * Backs page `n` (address n << 16) with `buffer` (PAGE_SIZE bytes, possibly shared with other
   * Memory instances), inside or outside the configured regions, replacing any page there.
   */
  aliasPage(n: number, buffer: ArrayBuffer, hooks?: PageHooks): void {
    if (buffer.byteLength !== PAGE_SIZE) throw new RangeError('aliasPage: the buffer must be one page');
    if (this.slotOf[n] !== 0) this.unaliasPage(n);
    const page: Page = { n, u8: new Uint8Array(buffer), u16: new Uint16Array(buffer), i32: new Int32Array(buffer), code: null, hooks, guard: null, guarded: 0, aliased: true, q: 0 };
    const free = this.freeSlots.pop();
    const s = free ?? this.pageList.length + 1;
    if (s > 0xffff) throw new RangeError('aliasPage: too many pages');
    if (free === undefined) this.pageList.push(page);
    else this.pageList[s - 1] = page;
    this.slotOf[n] = s;
    this.u8s[s] = page.u8;
    this.u16s[s] = page.u16;
    this.i32s[s] = page.i32;
    this.refreshTables(n);
  }

  /** Removes page `n` (aliased or allocated): later accesses fault unless a region covers it. */
  unaliasPage(n: number): void {
    const s = this.slotOf[n];
    if (s === 0) return;
    const p = this.pageList[s - 1];
    if (p.code !== null) this.onCodeWrite(n);
    this.slotOf[n] = 0;
    this.rIdx[n] = this.wIdx[n] = this.mIdx[n] = 0;
    this.rPool[n] = this.wPool[n] = POOL_SLOW;
    if (p.q !== 0) this.freePool.push(p.q);
    this.freeSlots.push(s);
  }

  // ---- fast paths (used by instruction handlers) -------------------------------------------

  read8(a: number): number {
    const s = this.rIdx[a >>> PAGE_SHIFT];
    return s !== 0 ? this.u8s[s][a & PAGE_MASK] : this.slowRead(a, 1, false);
  }

  read16(a: number): number {
    const s = this.rIdx[a >>> PAGE_SHIFT];
    return s !== 0 && (a & 1) === 0 ? this.u16s[s][(a & PAGE_MASK) >>> 1] : this.slowRead(a, 2, false);
  }

  /** 32-bit load; returns the value as a signed int32. */
  read32(a: number): number {
    const s = this.rIdx[a >>> PAGE_SHIFT];
    return s !== 0 && (a & 3) === 0 ? this.i32s[s][(a & PAGE_MASK) >>> 2] : this.slowRead(a, 4, false);
  }

  write8(a: number, v: number): void {
    const s = this.wIdx[a >>> PAGE_SHIFT];
    if (s !== 0) this.u8s[s][a & PAGE_MASK] = v;
    else this.markedOrSlowWrite(a, 1, v);
  }

  write16(a: number, v: number): void {
    const s = this.wIdx[a >>> PAGE_SHIFT];
    if (s !== 0 && (a & 1) === 0) this.u16s[s][(a & PAGE_MASK) >>> 1] = v;
    else this.markedOrSlowWrite(a, 2, v);
  }

  write32(a: number, v: number): void {
    const s = this.wIdx[a >>> PAGE_SHIFT];
    if (s !== 0 && (a & 3) === 0) this.i32s[s][(a & PAGE_MASK) >>> 2] = v;
    else this.markedOrSlowWrite(a, 4, v);
  }

  /** The marking path of aligned 32-bit stores (markedOrSlowWrite's), for compiled stores; made once. */
  markingPath(): MarkingPath {
    if (this.marking) return this.marking;
    const { mIdx, i32s, markWords, marksOf } = this;
    const store32 = (a: number, v: number): boolean => {
      const s = (a & 3) === 0 ? mIdx[a >>> PAGE_SHIFT] : 0;
      if (s === 0) return false;
      const w = (a & PAGE_MASK) >>> 2;
      i32s[s][w] = v;
      // the four marks as one word: each is 0 or 1, so their sum is the word times 0x01010101, top byte
      const words = markWords[s];
      const x = words[w];
      if (x !== ALL_MARKED) {
        words[w] = ALL_MARKED;
        countFresh(marksOf[s]!, 4 - (Math.imul(x, 0x01010101) >>> 24));
      }
      return true;
    };
    return (this.marking = { store32 });
  }

  /** A store off the fast path: an aligned one to a page with write marks only marks its bytes. */
  private markedOrSlowWrite(a: number, size: 1 | 2 | 4, v: number): void {
    if (size === 4) {
      if (!this.markingPath().store32(a, v)) this.slowWrite(a, size, v, false);
      return;
    }
    const s = this.mIdx[a >>> PAGE_SHIFT];
    if (s === 0 || (a & (size - 1)) !== 0) {
      this.slowWrite(a, size, v, false);
      return;
    }
    const off = a & PAGE_MASK;
    if (size === 2) this.u16s[s][off >>> 1] = v;
    else this.u8s[s][off] = v;
    mark(this.marksOf[s]!, off, size);
  }

  /** 32-bit load that always requires alignment (L32AI, S32C1I), whatever the core option. */
  read32Aligned(a: number): number {
    return (a & 3) === 0 ? this.read32(a) : this.slowRead(a, 4, true);
  }

  write32Aligned(a: number, v: number): void {
    if ((a & 3) === 0) this.write32(a, v);
    else this.slowWrite(a, 4, v, true);
  }

  /** Instruction-fetch byte: unmapped addresses raise InstrPIFAddrError. */
  fetch8(a: number): number {
    const b = this.fetchBounds;
    if (b !== null && ((a >>> 0) < b.lo || (a >>> 0) >= b.hi)) throw new MemFault(CAUSE.InstrPIFAddrError, a >>> 0);
    const p = this.pageFor(a >>> 0);
    if (p === undefined) throw new MemFault(CAUSE.InstrPIFAddrError, a >>> 0);
    return p.u8[a & PAGE_MASK];
  }

  // ---- slow path -----------------------------------------------------------------------------

  private align(a: number, size: number, force: boolean): number {
    if (size > 1 && (a & (size - 1)) !== 0) {
      if (this.unalignedException || force) throw new MemFault(CAUSE.LoadStoreAlignment, a >>> 0);
      return (a & ~(size - 1)) >>> 0;
    }
    return a >>> 0;
  }

  private slowRead(addr: number, size: 1 | 2 | 4, force: boolean): number {
    const a = this.align(addr, size, force);
    const p = this.pageFor(a);
    if (p === undefined) throw new MemFault(CAUSE.LoadStorePIFAddrError, a);
    if (p.hooks?.onRead) p.hooks.onRead(a, size);
    if (p.guard !== null) this.checkGuard(p.guard, a, size, false);
    if (this.watchpoints.length) this.checkWatch(a, size, false);
    const off = a & PAGE_MASK;
    return size === 4 ? p.i32[off >>> 2] : size === 2 ? p.u16[off >>> 1] : p.u8[off];
  }

  private slowWrite(addr: number, size: 1 | 2 | 4, v: number, force: boolean): void {
    const a = this.align(addr, size, force);
    const p = this.pageFor(a);
    if (p === undefined) throw new MemFault(CAUSE.LoadStorePIFAddrError, a);
    if (p.hooks?.onWrite) p.hooks.onWrite(a, size);
    if (p.guard !== null) this.checkGuard(p.guard, a, size, true);
    if (this.watchpoints.length) this.checkWatch(a, size, true);
    const off = a & PAGE_MASK;
    if (size === 4) p.i32[off >>> 2] = v;
    else if (size === 2) p.u16[off >>> 1] = v;
    else p.u8[off] = v;
    if (p.hooks?.marks) mark(p.hooks.marks, off, size);
    if (p.code !== null) {
      for (let k = 0; k < size; k++) {
        if (p.code[off + k]) {
          this.onCodeWrite(a >>> PAGE_SHIFT);
          break;
        }
      }
    }
  }

  /** The page of `a`, allocated on first touch; undefined if `a` is not in any region. */
  private pageFor(a: number): Page | undefined {
    const n = a >>> PAGE_SHIFT;
    const slot = this.slotOf[n];
    if (slot !== 0) return this.pageList[slot - 1];
    if (!this.isMapped(a)) return undefined;
    const page = this.ownPage(n);
    this.pageList.push(page);
    const s = this.pageList.length;
    this.slotOf[n] = s;
    this.u8s[s] = page.u8;
    this.u16s[s] = page.u16;
    this.i32s[s] = page.i32;
    this.refreshTables(n);
    return page;
  }

  /** A new own page `n` of zeros: in the pool while it has room, else in a buffer of its own. */
  private ownPage(n: number): Page {
    const q = this.freePool.pop();
    if (q === undefined) {
      const buf = new ArrayBuffer(PAGE_SIZE);
      return { n, u8: new Uint8Array(buf), u16: new Uint16Array(buf), i32: new Int32Array(buf), code: null, guard: null, guarded: 0, q: 0 };
    }
    const at = q << PAGE_SHIFT;
    const u8 = this.pool8.subarray(at, at + PAGE_SIZE);
    u8.fill(0);
    return { n, u8, u16: this.pool16.subarray(at >>> 1, (at + PAGE_SIZE) >>> 1), i32: this.pool32.subarray(at >>> 2, (at + PAGE_SIZE) >>> 2), code: null, guard: null, guarded: 0, q };
  }

  /** Puts page `n` into (or takes it out of) the fast tables according to code and watchpoints. */
  private refreshTables(n: number): void {
    const slot = this.slotOf[n];
    const p = slot !== 0 ? this.pageList[slot - 1] : undefined;
    const lo = n * PAGE_SIZE;
    const watched = (w: Watchpoint) => w.addr < lo + PAGE_SIZE && w.addr + w.len > lo;
    const readFast = p !== undefined && !p.hooks?.onRead && p.guard === null && !this.watchpoints.some((w) => w.read && watched(w));
    const writeChecked = p !== undefined && !p.hooks?.onWrite && p.guard === null && p.code === null && !this.watchpoints.some((w) => w.write && watched(w));
    const writeFast = writeChecked && !p.hooks?.marks;
    this.rIdx[n] = readFast ? slot : 0;
    this.wIdx[n] = writeFast ? slot : 0;
    const marking = writeChecked && !writeFast;
    this.mIdx[n] = marking ? slot : 0;
    if (marking) {
      const m = p.hooks!.marks!;
      this.marksOf[slot] = m;
      this.markWords[slot] = new Int32Array(m.bytes.buffer, m.bytes.byteOffset, PAGE_SIZE >>> 2);
    }
    this.rPool[n] = readFast && p.q !== 0 ? p.q << PAGE_SHIFT : POOL_SLOW;
    this.wPool[n] = writeFast && p.q !== 0 ? p.q << PAGE_SHIFT : POOL_SLOW;
  }

  // ---- guarded bytes ---------------------------------------------------------------------------

  /**
   * Guards (or releases) the bytes [addr, addr + len) of mapped pages: loads and stores touching a
   * guarded byte call onGuard. Only pages holding guarded bytes leave the fast path, and only while
   * they hold any. Side-effect-free access (peek, poke) ignores guards.
   */
  guard(addr: number, len: number, on: boolean): void {
    for (let k = 0; k < len; ) {
      const a = (addr + k) >>> 0;
      const off = a & PAGE_MASK;
      const n = Math.min(len - k, PAGE_SIZE - off);
      const p = this.pageFor(a);
      k += n;
      if (p === undefined || (!on && p.guard === null)) continue;
      const g = (p.guard ??= new Uint8Array(PAGE_SIZE));
      for (let b = off; b < off + n; b++) {
        if (g[b] !== (on ? 1 : 0)) {
          g[b] = on ? 1 : 0;
          p.guarded += on ? 1 : -1;
        }
      }
      if (p.guarded === 0) p.guard = null;
      this.refreshTables(p.n);
    }
  }

  /** The first guarded byte of [addr, addr + len), if any. */
  firstGuarded(addr: number, len: number): number | undefined {
    for (let k = 0; k < len; k++) {
      const a = (addr + k) >>> 0;
      const slot = this.slotOf[a >>> PAGE_SHIFT];
      const g = slot !== 0 ? this.pageList[slot - 1].guard : null;
      if (g === null) k += PAGE_SIZE - (a & PAGE_MASK) - 1;
      else if (g[a & PAGE_MASK] !== 0) return a;
    }
    return undefined;
  }

  private checkGuard(g: Uint8Array, a: number, size: number, write: boolean): void {
    const off = a & PAGE_MASK;
    for (let k = 0; k < size && off + k < PAGE_SIZE; k++) {
      if (g[off + k] !== 0) {
        this.onGuard(a, size, write);
        return;
      }
    }
  }

  // ---- decoded-code tracking -----------------------------------------------------------------

  /** Marks `size` bytes at `addr` as holding a decoded instruction (stores there invalidate it). */
  markCode(addr: number, size: number): void {
    for (let k = 0; k < size; k++) {
      const a = (addr + k) >>> 0;
      const p = this.pageFor(a);
      if (p === undefined) continue;
      if (p.code === null) {
        p.code = new Uint8Array(PAGE_SIZE);
        this.refreshTables(a >>> PAGE_SHIFT);
      }
      p.code[a & PAGE_MASK] = 1;
    }
  }

  /** Forgets the decoded-code marks of page `n` (after its decoded instructions were dropped). */
  clearCode(n: number): void {
    const slot = this.slotOf[n];
    if (slot === 0 || this.pageList[slot - 1].code === null) return;
    this.pageList[slot - 1].code = null;
    this.refreshTables(n);
  }

  clearAllCode(): void {
    for (const p of this.pageList) if (p.code !== null) this.clearCode(p.n);
  }

  // ---- watchpoints ---------------------------------------------------------------------------

  addWatchpoint(addr: number, len: number, read: boolean, write: boolean): Watchpoint {
    if (!(len > 0)) throw new RangeError('watchpoint length must be positive');
    const w: Watchpoint = { id: this.nextWatchId++, addr: addr >>> 0, len, read, write };
    this.watchpoints.push(w);
    this.refreshRange(w.addr, len);
    return w;
  }

  removeWatchpoint(id: number): boolean {
    const k = this.watchpoints.findIndex((w) => w.id === id);
    if (k < 0) return false;
    const [w] = this.watchpoints.splice(k, 1);
    this.refreshRange(w.addr, w.len);
    return true;
  }

  listWatchpoints(): readonly Watchpoint[] {
    return this.watchpoints;
  }

  private refreshRange(addr: number, len: number): void {
    const first = addr >>> PAGE_SHIFT;
    const last = Math.min(NPAGES - 1, Math.floor((addr + len - 1) / PAGE_SIZE));
    for (let n = first; n <= last; n++) this.refreshTables(n);
  }

  private checkWatch(a: number, size: number, write: boolean): void {
    for (const w of this.watchpoints) {
      if ((write ? w.write : w.read) && a < w.addr + w.len && a + size > w.addr) {
        this.onWatch({ watchpoint: w, addr: a, size, write });
        return;
      }
    }
  }

  // ---- side-effect-free access (debugger, loader) -------------------------------------------

  /** Reads bytes without faults or watchpoint hits; unmapped bytes are reported as undefined. */
  peek(addr: number, len: number): Uint8Array | undefined {
    const out = new Uint8Array(len);
    for (let k = 0; k < len; k++) {
      const a = (addr + k) >>> 0;
      const p = this.pageFor(a);
      if (p === undefined) return undefined;
      out[k] = p.u8[a & PAGE_MASK];
    }
    return out;
  }

  /** Writes bytes without faults or watchpoint hits; returns false if a byte is unmapped. */
  poke(addr: number, bytes: Uint8Array): boolean {
    return this.fill(addr, bytes.length, true, (p, off, from, len) => p.u8.set(bytes.subarray(from, from + len), off));
  }

  /** Fills `len` bytes with zero (used for memsz > filesz); false if a byte is unmapped. */
  zero(addr: number, len: number): boolean {
    return this.fill(addr, len, false, (p, off, _from, n) => p.u8.fill(0, off, off + n));
  }

  /**
   * Applies `write` page by page over [addr, addr + len) (pages not yet allocated are skipped unless
   * `allocate`: they read as zero anyway), then invalidates decoded code it hit.
   */
  private fill(addr: number, len: number, allocate: boolean, write: (p: Page, off: number, from: number, n: number) => void): boolean {
    for (let k = 0; k < len; ) {
      const a = (addr + k) >>> 0;
      if (!this.isMapped(a)) return false;
      k += PAGE_SIZE - (a & PAGE_MASK);
    }
    if (len > 0 && !this.isMapped((addr + len - 1) >>> 0)) return false;
    const touched: number[] = [];
    for (let k = 0; k < len; ) {
      const a = (addr + k) >>> 0;
      const off = a & PAGE_MASK;
      const n = Math.min(len - k, PAGE_SIZE - off);
      const slot = this.slotOf[a >>> PAGE_SHIFT];
      const p = allocate || slot !== 0 ? this.pageFor(a)! : undefined;
      if (p !== undefined) {
        write(p, off, k, n);
        if (p.code !== null && p.code.subarray(off, off + n).some((b) => b !== 0)) touched.push(p.n);
      }
      k += n;
    }
    for (const n of touched) this.onCodeWrite(n);
    return true;
  }

  // ---- snapshots -------------------------------------------------------------------------------

  /** The present pages (number, bytes, aliased or not), for debuggers and state digests; do not write. */
  *pages(): Iterable<{ readonly n: number; readonly bytes: Uint8Array; readonly aliased: boolean }> {
    for (let n = 0; n < NPAGES; n++) {
      const s = this.slotOf[n];
      if (s !== 0) {
        const p = this.pageList[s - 1];
        yield { n, bytes: p.u8, aliased: p.aliased === true };
      }
    }
  }

  /**
   * The memory's state: every own page's contents (sharing unchanged chunks with `prev`), every
   * aliased page's buffer and hooks (its contents belong to the buffer's owner), guarded bytes and
   * the fetch bounds. Decoded-code marks and watchpoints are not state (watchpoints stay set).
   */
  snapshot(prev: MemorySnapshot | undefined, cost: CaptureCost): MemorySnapshot {
    const pages: PageSnapshot[] = [];
    for (const p of this.pageList) {
      if (this.slotOf[p.n] === 0 || this.pageList[this.slotOf[p.n] - 1] !== p) continue;
      const guard = p.guard ? p.guard.slice() : null;
      if (p.aliased) pages.push({ n: p.n, alias: p.u8.buffer as ArrayBuffer, hooks: p.hooks, guard, guarded: p.guarded });
      else pages.push({ n: p.n, copy: capturePage(p.u8, prev?.own.get(p.n), cost), guard, guarded: p.guarded });
    }
    const own = new Map<number, PageCopy>();
    for (const p of pages) if (p.copy) own.set(p.n, p.copy);
    return { pages, own, fetchBounds: this.fetchBounds && { ...this.fetchBounds } };
  }

  /** Puts the memory back in a snapshot's state (own pages keep their buffers where they exist). */
  restore(s: MemorySnapshot): void {
    const buffers = new Map<number, Page>();
    for (const p of this.pageList) if (!p.aliased && this.slotOf[p.n] !== 0 && this.pageList[this.slotOf[p.n] - 1] === p) buffers.set(p.n, p);
    this.clear();
    // own pages kept keep their place in the pool; the others are new
    const kept = new Set<number>();
    for (const ps of s.pages) if (!ps.alias && buffers.has(ps.n)) kept.add(buffers.get(ps.n)!.q);
    this.freePool = this.freePool.filter((q) => !kept.has(q));
    for (const ps of s.pages) {
      let page: Page;
      if (ps.alias) {
        page = { n: ps.n, u8: new Uint8Array(ps.alias), u16: new Uint16Array(ps.alias), i32: new Int32Array(ps.alias), code: null, hooks: ps.hooks, guard: null, guarded: 0, aliased: true, q: 0 };
      } else {
        const old = buffers.get(ps.n);
        page = old ? { n: ps.n, u8: old.u8, u16: old.u16, i32: old.i32, code: null, guard: null, guarded: 0, q: old.q } : this.ownPage(ps.n);
        restorePage(page.u8, ps.copy!);
      }
      page.guard = ps.guard ? ps.guard.slice() : null;
      page.guarded = ps.guarded;
      this.pageList.push(page);
      const slot = this.pageList.length;
      this.slotOf[ps.n] = slot;
      this.u8s[slot] = page.u8;
      this.u16s[slot] = page.u16;
      this.i32s[slot] = page.i32;
      this.refreshTables(ps.n);
    }
    this.fetchBounds = s.fetchBounds && { ...s.fetchBounds };
  }

  /** Drops every page (contents become zero again). */
  clear(): void {
    this.slotOf.fill(0);
    this.freeSlots.length = 0;
    this.rIdx.fill(0);
    this.wIdx.fill(0);
    this.mIdx.fill(0);
    this.rPool.fill(POOL_SLOW);
    this.wPool.fill(POOL_SLOW);
    this.freePool = allPoolPages();
    this.pageList.length = 0;
    this.u8s.length = this.u16s.length = this.i32s.length = 1;
  }
}
