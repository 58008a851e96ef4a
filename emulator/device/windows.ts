// The window map of one core: the translation context's entries (abi.ts WINDOW_ENTRY) that the ROM's
// neuron_translate walks, and the host side of the mapWindow call. Policy: an invalid entry if there
// is one, else round-robin over the entries (the entry mapped longest ago is evicted — FIFO; the
// device never sees hits, so it cannot keep LRU order). Every mapping gets a fresh slot of the HBM
// aperture, aliased onto the HBM page buffers; eviction unmaps the old slot, so an access through a
// local address obtained from an evicted window faults (a stale-window fault) instead of silently
// reaching whatever the slot maps now. Slots are reused only when the 1 GiB aperture wraps.
// Strict mode (the seed's rule: a translated address is valid only until the next neuron_translate):
// the device calls retireAll() as each translate starts, so every translate misses, maps a fresh
// slot, and every address an earlier translate produced faults as stale.
// The ROM's call-site cache below ctx (abi.ts TRANSLATE_CACHE_*) remembers windows the walk found; every
// write of an entry here empties it, so a cached answer is always one the walk would give now.

import type { Memory, PageHooks } from '../memory/memory';
import { PAGE_SIZE } from '../memory/memory';
import {
  HBM_APERTURE_BASE, HBM_APERTURE_SIZE, TRANSLATE_CACHE_EMPTY, TRANSLATE_CACHE_SIZE, TRANSLATE_CACHE_SLOT, TRANSLATE_CACHE_SLOT_SIZE, TRANSLATE_CACHE_SLOTS,
  WINDOW_ENTRY, WINDOW_ENTRY_SIZE,
} from '../../target/q7/abi';
import { GuestMemory } from './guest-memory';
import { Hbm } from './hbm';

interface Entry {
  valid: boolean;
  base: number;
  local: number;
  generation: number;
  /** Translates this mapping served without a map (see HitState); 0 when hits are not counted. */
  hits: number;
}

/**
 * Hit counting (DeviceOptions.countWindowHits; window-hits.ts observes the ROM's walk): a hit is a
 * neuron_translate that returned an address of the entry's slot with no mapWindow during that
 * translate. The last returned entry is credited once the return has completed.
 */
export interface HitState {
  /** The return seen last (entry index, the maps count then), not yet credited. */
  pending: { entry: number; maps: number } | undefined;
  /** Completed returns already credited. */
  seen: number;
  /** The maps count at the last credited return. */
  maps: number;
}

/** What an evicted slot mapped (kept until the slot is reused). */
export interface StaleSlot {
  readonly hbmBase: number;
  readonly entry: number;
  readonly generation: number;
  /** Retired by a later translate in strict mode (not evicted for room). */
  readonly retranslated?: boolean;
}

/** A window map's state (the aperture aliases are made again from it on restore). */
export interface WindowSnapshot {
  readonly entries: readonly Entry[];
  readonly victim: number;
  readonly nextLocal: number;
  readonly stale: ReadonlyMap<number, StaleSlot>;
  readonly live: ReadonlyMap<number, number>;
  readonly stats: WindowStats;
  readonly hitState: HitState;
}

export interface WindowStats {
  maps: number;
  evictions: number;
  /** Translates served by a valid entry (counted only with DeviceOptions.countWindowHits). */
  hits: number;
}

/** Window sizes are powers of two from one page to a quarter of the aperture; 1..64 windows. */
export function checkWindowGeometry(size: number, count: number): void {
  if (!Number.isInteger(size) || size < PAGE_SIZE || (size & (size - 1)) !== 0 || size > HBM_APERTURE_SIZE / 4) {
    throw new RangeError(`window size ${size} must be a power of two from ${PAGE_SIZE} to ${HBM_APERTURE_SIZE / 4}`);
  }
  if (!(Number.isInteger(count) && count >= 1 && count <= 64)) throw new RangeError(`window count ${count} must be 1..64`);
}

/** The bytes of an empty call-site cache: every slot's base is TRANSLATE_CACHE_EMPTY. */
const EMPTY_CACHE = (() => {
  const words = new Uint32Array(TRANSLATE_CACHE_SIZE / 4);
  for (let k = 0; k < TRANSLATE_CACHE_SLOTS; k++) words[(k * TRANSLATE_CACHE_SLOT_SIZE + TRANSLATE_CACHE_SLOT.base) / 4] = TRANSLATE_CACHE_EMPTY;
  return new Uint8Array(words.buffer);
})();

export class WindowMap {
  readonly entries: Entry[];
  private victim = 0;
  private nextLocal = HBM_APERTURE_BASE;
  /** Aperture page number → what it mapped before eviction. */
  readonly stale = new Map<number, StaleSlot>();
  /** Aperture page number → HBM page number, for mapped slots. */
  private readonly live = new Map<number, number>();
  readonly stats: WindowStats = { maps: 0, evictions: 0, hits: 0 };
  readonly hitState: HitState = { pending: undefined, seen: 0, maps: 0 };

  constructor(
    private readonly g: GuestMemory,
    private readonly mem: Memory,
    private readonly hbm: Hbm,
    readonly ctx: number,
    readonly count: number,
    readonly size: number,
    private readonly hooksFor: (hbmPage: number, localPage: number) => PageHooks | undefined,
  ) {
    checkWindowGeometry(size, count);
    this.entries = Array.from({ length: count }, () => ({ valid: false, base: 0, local: 0, generation: 0, hits: 0 }));
  }

  /** Maps the window holding HBM address `addr`; returns the entry index. */
  map(addr: number): number {
    const base = addr - (addr % this.size);
    const k = this.chooseVictim();
    const e = this.entries[k];
    if (e.valid) this.evict(k);
    const local = this.takeSlot();
    for (let p = 0; p < this.size / PAGE_SIZE; p++) {
      const localPage = local / PAGE_SIZE + p;
      const hbmPage = base / PAGE_SIZE + p;
      this.stale.delete(localPage);
      this.live.set(localPage, hbmPage);
      this.mem.aliasPage(localPage, this.hbm.page(hbmPage), this.hooksFor(hbmPage, localPage));
    }
    e.valid = true;
    e.base = base;
    e.local = local;
    e.generation++;
    e.hits = 0;
    this.stats.maps++;
    this.writeEntry(k);
    return k;
  }

  /** Re-aliases the slots showing HBM page `hbmPage` (after its sanitizer shadow changed). */
  refresh(hbmPage: number): void {
    for (const [localPage, hp] of this.live) {
      if (hp === hbmPage) this.mem.aliasPage(localPage, this.hbm.page(hp), this.hooksFor(hp, localPage));
    }
  }

  snapshot(): WindowSnapshot {
    return {
      entries: this.entries.map((e) => ({ ...e })), victim: this.victim, nextLocal: this.nextLocal, stale: new Map(this.stale), live: new Map(this.live), stats: { ...this.stats },
      hitState: { ...this.hitState },
    };
  }

  /**
   * Puts the map back in a snapshot's state and aliases every live slot again with fresh hooks (after
   * the HBM and the core's memory were restored: the hooks follow the restored sanitizer shadows).
   */
  restore(s: WindowSnapshot): void {
    s.entries.forEach((e, k) => Object.assign(this.entries[k], e));
    this.victim = s.victim;
    this.nextLocal = s.nextLocal;
    this.stale.clear();
    for (const [k, v] of s.stale) this.stale.set(k, v);
    for (const [n, aliased] of [...this.mem.pages()].map((p) => [p.n, p.aliased] as const)) if (aliased && !s.live.has(n)) this.mem.unaliasPage(n);
    this.live.clear();
    for (const [lp, hp] of s.live) {
      this.live.set(lp, hp);
      this.mem.aliasPage(lp, this.hbm.page(hp), this.hooksFor(hp, lp));
    }
    Object.assign(this.stats, s.stats);
    Object.assign(this.hitState, s.hitState);
  }

  /** The valid entry whose aperture slot holds local address `local` (-1: none). */
  entryOf(local: number): number {
    const entries = this.entries;
    for (let k = 0; k < entries.length; k++) {
      const e = entries[k];
      if (e.valid && local >= e.local && local - e.local < this.size) return k;
    }
    return -1;
  }

  /** Credits the last return of neuron_translate once `completed` (the returns completed so far) has passed it. */
  settleHits(completed: number): void {
    const h = this.hitState;
    if (completed === h.seen) return;
    h.seen = completed;
    const p = h.pending;
    h.pending = undefined;
    if (!p) return;
    if (p.maps === h.maps && p.entry >= 0) {
      this.entries[p.entry].hits++;
      this.stats.hits++;
    }
    h.maps = p.maps;
  }

  /** neuron_translate is about to return `local` (returns completed so far: `completed`). */
  noteReturn(local: number, completed: number): void {
    this.settleHits(completed);
    this.hitState.pending = { entry: this.entryOf(local), maps: this.stats.maps };
  }

  /** Mapped aperture pages (local page number → HBM page number). */
  liveSlots(): ReadonlyMap<number, number> {
    return this.live;
  }

  /** The HBM address a mapped aperture address shows. */
  hbmAddressOf(local: number): number | undefined {
    const page = Math.floor(local / PAGE_SIZE);
    const hp = this.live.get(page);
    return hp === undefined ? undefined : hp * PAGE_SIZE + (local % PAGE_SIZE);
  }

  private chooseVictim(): number {
    const free = this.entries.findIndex((e) => !e.valid);
    if (free >= 0) return free;
    const k = this.victim;
    this.victim = (this.victim + 1) % this.count;
    return k;
  }

  /** Strict mode, at the start of each translate: unmaps every window (the entries turn invalid). */
  retireAll(): void {
    this.entries.forEach((e, k) => {
      if (!e.valid) return;
      this.evict(k, true);
      this.stats.evictions--;
      this.writeEntry(k);
    });
  }

  private evict(k: number, retranslated = false): void {
    const e = this.entries[k];
    for (let p = 0; p < this.size / PAGE_SIZE; p++) {
      const localPage = e.local / PAGE_SIZE + p;
      this.mem.unaliasPage(localPage);
      this.live.delete(localPage);
      this.stale.set(localPage, retranslated ? { hbmBase: e.base, entry: k, generation: e.generation, retranslated } : { hbmBase: e.base, entry: k, generation: e.generation });
    }
    e.valid = false;
    this.stats.evictions++;
  }

  private takeSlot(): number {
    if (this.nextLocal + this.size > HBM_APERTURE_BASE + HBM_APERTURE_SIZE) this.nextLocal = HBM_APERTURE_BASE;
    const local = this.nextLocal;
    this.nextLocal += this.size;
    // a wrapped slot may still be live in another entry: unmap that entry first
    const owner = this.entries.findIndex((x) => x.valid && x.local === local);
    if (owner >= 0) this.evict(owner);
    return local;
  }

  private writeEntry(k: number): void {
    this.g.write(this.ctx - TRANSLATE_CACHE_SIZE, EMPTY_CACHE);
    const e = this.entries[k];
    const at = this.ctx + WINDOW_ENTRY_SIZE * k;
    this.g.setU64(at + WINDOW_ENTRY.base, e.base);
    this.g.setU32(at + WINDOW_ENTRY.local, e.local);
    this.g.setU32(at + WINDOW_ENTRY.valid, e.valid ? 1 : 0);
    // mask = ~(size − 1) as a 64-bit value
    this.g.setU32(at + WINDOW_ENTRY.mask, ~(this.size - 1) >>> 0);
    this.g.setU32(at + WINDOW_ENTRY.mask + 4, 0xffffffff);
    this.g.setU64(at + WINDOW_ENTRY.generation, e.generation);
  }

  /** Writes every entry (all invalid at launch). */
  writeAll(): void {
    for (let k = 0; k < this.count; k++) this.writeEntry(k);
  }
}
