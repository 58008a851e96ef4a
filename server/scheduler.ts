// Debounced re-analysis: each edit restarts the document's timer, so a burst of keystrokes costs one
// analysis; due documents run one per event-loop turn, so requests and newer edits are read in
// between and work made stale by them (a closed document, a newer edit) is dropped.

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setImmediate(fn: () => void): void;
}

export const realClock: Clock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  setImmediate: (fn) => setImmediate(fn),
};

export class Scheduler {
  private readonly timers = new Map<string, unknown>();
  private readonly due: string[] = [];
  private draining = false;

  constructor(
    private readonly run: (uri: string) => void,
    private readonly delayMs: () => number,
    private readonly clock: Clock = realClock,
  ) {}

  /** (Re)starts the document's quiet period. */
  schedule(uri: string, delay = this.delayMs()): void {
    this.cancel(uri);
    if (delay <= 0) {
      this.enqueue(uri);
      return;
    }
    this.timers.set(uri, this.clock.setTimeout(() => {
      this.timers.delete(uri);
      this.enqueue(uri);
    }, delay));
  }

  /** Drops pending work for the document (closed, or analysed on demand). */
  cancel(uri: string): void {
    const t = this.timers.get(uri);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(uri);
    const i = this.due.indexOf(uri);
    if (i >= 0) this.due.splice(i, 1);
  }

  isPending(uri: string): boolean {
    return this.timers.has(uri) || this.due.includes(uri);
  }

  private enqueue(uri: string): void {
    if (!this.due.includes(uri)) this.due.push(uri);
    if (this.draining) return;
    this.draining = true;
    this.clock.setImmediate(() => this.drain());
  }

  private drain(): void {
    const uri = this.due.shift();
    if (uri !== undefined) {
      try {
        this.run(uri);
      } catch {
        // run() reports its own failures; the queue must keep going.
      }
    }
    if (this.due.length) this.clock.setImmediate(() => this.drain());
    else this.draining = false;
  }
}
