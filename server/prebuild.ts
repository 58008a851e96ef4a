// Prebuilds for the debugger: once a kernel document has been analysed and checked without errors, the
// server asks a worker thread (prebuild-worker.ts) to build it as a debug launch would, into the build
// cache, so that F5 finds the image and the adapter skips the compiler. One build at a time; while one
// runs, only the newest request waits (older ones are dropped); a request for the text last built is
// not sent again. The worker is created on the first request (injected: tests and the server pass a
// real Worker).

/** What the worker builds: `file` with the editor's `texts` (the file and open user headers). */
export interface PrebuildRequest {
  readonly id: number;
  readonly file: string;
  readonly texts: Readonly<Record<string, string>>;
}

export interface PrebuildReply {
  readonly id: number;
  readonly file: string;
  /** built: compiled and stored; cached: the build cache already held it; failed: see message. */
  readonly outcome: 'built' | 'cached' | 'failed';
  readonly ms: number;
  readonly message?: string;
}

/** The part of a worker thread the prebuilder uses. */
export interface PrebuildWorker {
  postMessage(req: PrebuildRequest): void;
  on(event: 'message', listener: (reply: PrebuildReply) => void): unknown;
  on(event: 'error', listener: (e: Error) => void): unknown;
  terminate(): unknown;
}

export class Prebuilder {
  private worker?: PrebuildWorker;
  private running?: PrebuildRequest;
  private waiting?: PrebuildRequest;
  private nextId = 1;
  /** The texts last sent, per file. */
  private readonly sent = new Map<string, string>();
  private broken = false;

  constructor(
    private readonly createWorker: () => PrebuildWorker,
    private readonly done: (reply: PrebuildReply) => void,
  ) {}

  /** Asks for a prebuild of `file` with these texts; false when it is already built or the worker failed. */
  request(file: string, texts: Readonly<Record<string, string>>): boolean {
    if (this.broken) return false;
    const key = JSON.stringify(texts);
    if (this.sent.get(file) === key) return false;
    const req = { id: this.nextId++, file, texts };
    this.sent.set(file, key);
    if (this.running) this.waiting = req;
    else this.send(req);
    return true;
  }

  /** Whether a build is running or waiting. */
  get busy(): boolean {
    return !!this.running || !!this.waiting;
  }

  dispose(): void {
    this.waiting = undefined;
    void this.worker?.terminate();
    this.worker = undefined;
  }

  private send(req: PrebuildRequest): void {
    this.running = req;
    this.ensureWorker().postMessage(req);
  }

  private ensureWorker(): PrebuildWorker {
    if (!this.worker) {
      const w = this.createWorker();
      w.on('message', (reply) => this.received(reply));
      w.on('error', (e) => {
        // a worker that dies stops prebuilding; launches build as they would without it
        this.broken = true;
        this.worker = undefined;
        const req = this.running;
        this.running = this.waiting = undefined;
        if (req) this.done({ id: req.id, file: req.file, outcome: 'failed', ms: 0, message: `the prebuild worker failed: ${e.message}` });
      });
      this.worker = w;
    }
    return this.worker;
  }

  private received(reply: PrebuildReply): void {
    if (reply.id !== this.running?.id) return;
    this.running = undefined;
    if (reply.outcome === 'failed') this.sent.delete(reply.file);
    const next = this.waiting;
    this.waiting = undefined;
    if (next) this.send(next);
    this.done(reply);
  }
}
