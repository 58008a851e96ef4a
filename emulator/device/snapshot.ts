// Snapshots of the whole device (no I/O): every core's Machine (CPU incl. the physical AR file, FP,
// booleans, loop and special registers, PC, counters; local memory pages), its window map (entries,
// aperture aliases, stale slots), device heap cursor, log ring cursor, TCM books, figures and done
// flag; the shared HBM (pages, allocator, tensors, sanitizer shadows); the fault log; the
// scheduler's position. Memory is copied in 4 KiB chunks shared with the previous snapshot when
// unchanged (../snapshot/chunks.ts), so a snapshot costs a compare of every live page and a copy of
// what changed. Restoring drops decoded and compiled code (the loader may have rewritten IRAM).

import type { MachineSnapshot } from '../machine';
import type { CaptureCost } from '../snapshot/chunks';
import { newChunkBytes } from '../snapshot/chunks';
import type { CoreStats, DeviceCore, PendingFault } from './core';
import type { DeviceFault } from './faults';
import type { HbmSnapshot } from './hbm';
import type { WindowSnapshot } from './windows';
import type { AccessorState } from './accessors';

export interface CoreSnapshot {
  readonly machine: MachineSnapshot;
  readonly windows: WindowSnapshot;
  readonly heapNext: number;
  readonly ctx: number;
  readonly logBuf: number;
  readonly logPrinted: number;
  readonly result: number;
  readonly done: boolean;
  readonly exitCode: number | undefined;
  readonly stats: CoreStats;
  readonly tcmLive: ReadonlyMap<number, number>;
  readonly tcmFreed: ReadonlyMap<number, number>;
  readonly pending: PendingFault | undefined;
  readonly accessors: AccessorState | undefined;
}

export interface DeviceSnapshot {
  /** Instructions executed by all cores together when it was taken (Device.position). */
  readonly position: number;
  readonly cores: readonly CoreSnapshot[];
  readonly hbm: HbmSnapshot;
  readonly faults: readonly DeviceFault[];
  readonly warnedAccessor: ReadonlySet<number>;
  readonly turn: { readonly core: number; readonly left: number };
  readonly rwCore: number;
  /** Bytes copied by this snapshot (chunks not shared with the previous one). */
  readonly copiedBytes: number;
}

export function captureCore(core: DeviceCore, prev: CoreSnapshot | undefined, cost: CaptureCost): CoreSnapshot {
  return {
    machine: core.m.snapshot(prev?.machine, cost),
    windows: core.windows.snapshot(),
    heapNext: core.g.heapNextFree,
    ctx: core.ctx,
    logBuf: core.logBuf,
    logPrinted: core.logPrinted,
    result: core.result,
    done: core.done,
    exitCode: core.exitCode,
    stats: { ...core.stats },
    tcmLive: new Map(core.tcmLive),
    tcmFreed: new Map(core.tcmFreed),
    pending: core.pending,
    accessors: core.accessors?.snapshot(),
  };
}

/** Restores a core (after the HBM: the window map aliases HBM pages with hooks over its shadows). */
export function restoreCore(core: DeviceCore, s: CoreSnapshot): void {
  core.m.restore(s.machine);
  core.windows.restore(s.windows);
  core.g.heapNextFree = s.heapNext;
  core.ctx = s.ctx;
  core.logBuf = s.logBuf;
  core.logPrinted = s.logPrinted;
  core.result = s.result;
  core.done = s.done;
  core.exitCode = s.exitCode;
  Object.assign(core.stats, s.stats);
  core.tcmLive.clear();
  for (const [k, v] of s.tcmLive) core.tcmLive.set(k, v);
  core.tcmFreed.clear();
  for (const [k, v] of s.tcmFreed) core.tcmFreed.set(k, v);
  core.pending = s.pending;
  if (s.accessors) core.accessors?.restore(s.accessors);
}

/**
 * Memory held by a set of snapshots: the distinct chunk buffers they reference (chunks shared between
 * snapshots are counted once), plus the fixed per-snapshot part (registers, books) estimated.
 */
export function snapshotBytes(snaps: Iterable<DeviceSnapshot>): number {
  const seen = new Set<Uint8Array>();
  let n = 0;
  for (const s of snaps) {
    n += newChunkBytes(s.cores.map((c) => [...c.machine.memory.own.values()]).flat(), seen);
    n += newChunkBytes([...s.hbm.pages.values()].map((p) => p.copy), seen);
    n += newChunkBytes([...s.hbm.initShadow.values(), ...s.hbm.writerShadow.values()], seen);
    // registers (64 ARs and the rest, ~1 KiB per core), window and TCM books, fault records
    n += s.cores.length * 1536 + s.faults.length * 256;
  }
  return n;
}
