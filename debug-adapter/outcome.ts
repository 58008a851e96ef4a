// What the runtime reports when a core stops (StopEvent), how a device action ends (Outcome), and the
// wall-time slice a long action runs in between two turns of the event loop — shared by the runtime
// (runtime.ts) and the line stepper (line-steps.ts).

export type StopReason = 'entry' | 'breakpoint' | 'step' | 'pause' | 'exception' | 'data breakpoint' | 'function breakpoint' | 'instruction breakpoint' | 'goto';

export interface StopEvent {
  readonly reason: StopReason;
  readonly core: number;
  readonly text?: string;
  readonly description?: string;
  readonly hitBreakpointIds?: number[];
}

export type Outcome =
  | { k: 'target'; core: number }
  | { k: 'stop'; e: StopEvent }
  | { k: 'pause' }
  | { k: 'core-done'; core: number }
  | { k: 'done' };

/** Wall time of one run slice between two turns of the event loop. */
export const SLICE_MS = 4;
export const tick = () => new Promise<void>((r) => setImmediate(r));
