// Copies of 64 KiB pages for snapshots, in 4 KiB chunks shared between snapshots: a chunk equal to
// the previous snapshot's chunk at the same place is not copied again (the previous copy is reused,
// as chunks are never written after capture), and an all-zero chunk is one shared constant. So a
// snapshot costs a compare of every live page and a copy of only the chunks that changed since the
// previous snapshot.

// (no import of memory.ts, which imports this module: pages are 64 KiB there too)
export const CHUNK_SIZE = 4096;
export const CHUNKS_PER_PAGE = (1 << 16) / CHUNK_SIZE;
const ZERO = new Uint8Array(CHUNK_SIZE);

/** A page's contents as immutable chunks (CHUNKS_PER_PAGE of CHUNK_SIZE bytes). */
export type PageCopy = readonly Uint8Array[];

/** What a capture cost: bytes copied into new chunks (the rest is shared). */
export interface CaptureCost {
  copied: number;
}

function equal32(a: Int32Array, b: Int32Array): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

function isZero(a: Int32Array): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== 0) return false;
  return true;
}

/** Copies `page` (PAGE_SIZE bytes, 4-aligned), sharing the chunks of `prev` that are equal. */
export function capturePage(page: Uint8Array, prev: PageCopy | undefined, cost: CaptureCost): PageCopy {
  const out: Uint8Array[] = new Array<Uint8Array>(CHUNKS_PER_PAGE);
  for (let c = 0; c < CHUNKS_PER_PAGE; c++) {
    const off = c * CHUNK_SIZE;
    const live = new Int32Array(page.buffer, page.byteOffset + off, CHUNK_SIZE / 4);
    const old = prev?.[c];
    if (old !== undefined && equal32(live, new Int32Array(old.buffer, old.byteOffset, CHUNK_SIZE / 4))) out[c] = old;
    else if (isZero(live)) out[c] = ZERO;
    else {
      out[c] = page.slice(off, off + CHUNK_SIZE);
      cost.copied += CHUNK_SIZE;
    }
  }
  return out;
}

/** Writes a captured page back into `page`. */
export function restorePage(page: Uint8Array, copy: PageCopy): void {
  for (let c = 0; c < CHUNKS_PER_PAGE; c++) page.set(copy[c], c * CHUNK_SIZE);
}

/** The distinct chunk buffers of `copies` not already in `seen` (memory accounting), added to it. */
export function newChunkBytes(copies: Iterable<PageCopy>, seen: Set<Uint8Array>): number {
  let n = 0;
  for (const p of copies) {
    for (const c of p) {
      if (c === ZERO || seen.has(c)) continue;
      seen.add(c);
      n += c.byteLength;
    }
  }
  return n;
}
