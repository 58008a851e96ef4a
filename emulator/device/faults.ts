// Device faults: what the sanitizers and the guest's exceptions report — kind, message, core, source
// location (from DWARF), tensor and index — collected with repeat counts, and formatted as
// `file:line:col: fault <kind>: message`.

import type { DeviceLocation as SourceLocation } from './symbols';

export type FaultKind =
  | 'coherency'
  | 'coherency-warning'
  | 'out-of-bounds'
  | 'copy-out-of-bounds'
  | 'dma-out-of-bounds'
  | 'unwritten-output'
  | 'multiple-writers'
  | 'uninitialized-read'
  | 'bad-tcm-free'
  | 'tcm-use-after-free'
  | 'stack-overflow'
  | 'stale-window'
  | 'pc-bounds'
  | 'illegal-instruction'
  | 'unaligned-access'
  | 'divide-by-zero'
  | 'bus-error'
  | 'exception'
  | 'check-failed'
  | 'assertion-failed'
  | 'multicore-rule'
  | 'timeout'
  | 'out-of-memory'
  | 'dtype-mismatch'
  | 'interrupted';

/** Sanitizer switches (--no-sanitize=kind,...). */
export const SANITIZERS = ['coherency', 'bounds', 'copies', 'unwritten', 'uninitialized', 'tcm', 'stack', 'stale-window'] as const;
export type Sanitizer = (typeof SANITIZERS)[number];

export interface DeviceFault {
  readonly kind: FaultKind;
  readonly message: string;
  readonly core: number;
  readonly pc?: number;
  readonly location?: SourceLocation;
  readonly tensor?: string;
  readonly index?: string;
  /** Fatal faults stop the run; warnings do not. */
  readonly fatal: boolean;
  count: number;
  /** The other access of a conflict (coherency, with DeviceOptions.trackAccessors): what it was, where, on which core. */
  readonly related?: RelatedAccess;
}

/** The earlier access a fault conflicts with, and the faulting access itself, as the device saw them. */
export interface RelatedAccess {
  /** "standard accessor", "stream reader", "stream writer". */
  readonly what: string;
  readonly core: number;
  readonly pc?: number;
  readonly location?: SourceLocation;
  readonly tensor?: string;
  /** What the conflicting (current) access is. */
  readonly now?: string;
}

export class FaultLog {
  readonly faults: DeviceFault[] = [];

  add(f: Omit<DeviceFault, 'count'>): DeviceFault {
    const loc = (l?: SourceLocation) => (l ? `${l.file}:${l.line}:${l.column}` : '');
    const same = this.faults.find((x) => x.kind === f.kind && x.message === f.message && loc(x.location) === loc(f.location) && x.tensor === f.tensor);
    if (same) {
      same.count++;
      return same;
    }
    const rec = { ...f, count: 1 };
    this.faults.push(rec);
    return rec;
  }

  get fatal(): boolean {
    return this.faults.some((f) => f.fatal);
  }
}

export function formatFault(f: DeviceFault, fallbackFile: string): string {
  const where = f.location ? `${f.location.file}:${f.location.line}:${f.location.column}` : f.pc !== undefined ? `${fallbackFile}:0x${(f.pc >>> 0).toString(16)}` : fallbackFile;
  const details = [`core ${f.core}`];
  if (f.tensor) details.push(`tensor ${f.tensor}`);
  if (f.index) details.push(`index ${f.index}`);
  const times = f.count > 1 ? ` (${f.count} times)` : '';
  return `${where}: ${f.fatal ? 'fault' : 'warning'} ${f.kind}: ${f.message} [${details.join(', ')}]${times}`;
}
