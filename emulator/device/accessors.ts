// Open accessors per coherency enforcer (DeviceOptions.trackAccessors; the debugger's views and the
// coherency fault's earlier access). The enforcer's acquire/release members are guest code (the SDK's
// at::CoherencyEnforcer); where the image has them as functions (ENFORCER_METHODS, e.g. at -O0) an
// execution counter with a hook sits on the instruction after each one's ENTRY, where a2 is `this`
// (the enforcer) and the call stack names the user's line. A call is booked once its instruction has
// completed (a re-execution after a window overflow is not booked twice): an acquire opens an access
// (kind, enforcer, core, PC, source line), a release closes the latest open one of its kind on that
// enforcer. Nothing the guest executes changes. Enforcers live in each core's own memory, so an
// access conflicts only with accesses of its own core.

import type { ExecutionCounter } from '../exec/counted';
import { decode } from '../../xtensa/isa';
import { ENFORCER_METHODS } from '../../target/q7/abi';
import type { Machine } from '../machine';
import type { DeviceLocation } from './symbols';

export type AccessKind = 'reader' | 'writer' | 'accessor';

/** An accessor open on an enforcer: where its acquire was called. */
export interface OpenAccess {
  readonly kind: AccessKind;
  readonly enforcer: number;
  readonly core: number;
  /** The PC of the frame the location names (the user's code calling into the SDK), else the acquire's. */
  readonly pc: number;
  readonly location: DeviceLocation | undefined;
}

/** What kind of access each kind conflicts with (the seed's acquire rules). */
export const CONFLICTS: Readonly<Record<AccessKind, readonly AccessKind[]>> = {
  reader: ['writer', 'accessor'],
  writer: ['reader', 'writer', 'accessor'],
  accessor: ['reader', 'writer'],
};

export const ACCESS_NAMES: Readonly<Record<AccessKind, string>> = { reader: 'stream reader', writer: 'stream writer', accessor: 'standard accessor' };

interface Hook {
  readonly counter: ExecutionCounter;
  readonly release: boolean;
  readonly kind: AccessKind;
  seen: number;
  pending: OpenAccess | undefined;
}

export interface AccessorState {
  readonly open: readonly OpenAccess[];
  readonly hooks: readonly { seen: number; pending: OpenAccess | undefined }[];
}

/** The core a tracker watches, as it reads it (core.ts's DeviceCore, which holds the tracker). */
export interface TrackedCore {
  readonly id: number;
  readonly m: Machine;
}

export class AccessorTracker {
  readonly open: OpenAccess[] = [];
  private readonly hooks: Hook[] = [];

  /** `symbols`: the image's symbol table; `stack`: the PCs of the core's frames, `locate`: their user line. */
  constructor(
    core: TrackedCore,
    symbols: readonly { name: string; value: number }[],
    stack: () => number[],
    locate: (pcs: readonly number[]) => DeviceLocation | undefined,
  ) {
    const m = core.m;
    for (const [name, how] of Object.entries(ENFORCER_METHODS)) {
      const sym = symbols.find((s) => s.name === name);
      if (!sym) continue;
      const b = m.readMemory(sym.value >>> 0, 3);
      const d = b && decode(b[0], b[1] ?? 0, b[2] ?? 0, sym.value >>> 0);
      if (!d || d.def.mnemonic !== 'entry') continue;
      const counter = m.addCounter((sym.value + d.size) >>> 0);
      const hook: Hook = { counter, release: how.release, kind: how.kind, seen: 0, pending: undefined };
      counter.onEnter = () => {
        this.settle();
        const enforcer = m.readAR(2) >>> 0;
        if (how.release) {
          hook.pending = { kind: how.kind, enforcer, core: core.id, pc: m.pc >>> 0, location: undefined };
          return;
        }
        const pcs = stack();
        const location = locate(pcs);
        const pc = (location && pcs.find((x) => locate([x]) !== undefined)) ?? m.pc >>> 0;
        hook.pending = { kind: how.kind, enforcer, core: core.id, pc, location };
      };
      this.hooks.push(hook);
    }
  }

  /** True when the image has the enforcer's members to watch. */
  get active(): boolean {
    return this.hooks.length > 0;
  }

  /** Books every call whose hooked instruction has completed since the last look. */
  settle(): void {
    for (const h of this.hooks) {
      if (h.counter.count === h.seen) continue;
      h.seen = h.counter.count;
      const p = h.pending;
      h.pending = undefined;
      if (!p) continue;
      if (!h.release) this.open.push(p);
      else {
        for (let k = this.open.length - 1; k >= 0; k--) {
          if (this.open[k].enforcer === p.enforcer && this.open[k].kind === p.kind) {
            this.open.splice(k, 1);
            break;
          }
        }
      }
    }
  }

  /** The open accesses on `enforcer`, oldest first. */
  openOn(enforcer: number): OpenAccess[] {
    this.settle();
    return this.open.filter((a) => a.enforcer === enforcer);
  }

  /**
   * At a conflict reported on `enforcer`: the acquiring access (the latest opened) and the earlier
   * access it conflicts with (the latest open one of a conflicting kind).
   */
  conflict(enforcer: number): { now: OpenAccess; earlier: OpenAccess | undefined } | undefined {
    const on = this.openOn(enforcer);
    const now = on[on.length - 1];
    if (!now) return undefined;
    const earlier = [...on.slice(0, -1)].reverse().find((a) => CONFLICTS[now.kind].includes(a.kind));
    return { now, earlier };
  }

  snapshot(): AccessorState {
    return { open: [...this.open], hooks: this.hooks.map((h) => ({ seen: h.seen, pending: h.pending })) };
  }

  restore(s: AccessorState): void {
    this.open.length = 0;
    this.open.push(...s.open);
    s.hooks.forEach((h, k) => Object.assign(this.hooks[k], h));
  }
}
