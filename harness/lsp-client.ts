// A minimal JSON-RPC client over a real child process, for protocol tests in the manner of clangd's
// lit tests: it frames messages with Content-Length, records the transcript, matches responses to
// requests by id and lets a test wait for a notification (e.g. publishDiagnostics for a version).

import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import type { PublishDiagnosticsParams } from 'vscode-languageserver';

export interface Message {
  jsonrpc: '2.0';
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export const SERVER_MAIN = path.join(__dirname, '..', 'server', 'main.js');

export class LspClient {
  readonly transcript: { dir: '->' | '<-'; msg: Message }[] = [];
  readonly stderr: string[] = [];
  private readonly child: ChildProcess;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number | string, (m: Message) => void>();
  private readonly waiters: { pred: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];
  private readonly notifications: Message[] = [];
  exited: Promise<number | null>;

  constructor(args: string[] = [SERVER_MAIN, '--stdio'], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'], env });
    this.child.stdout!.on('data', (d: Buffer) => this.receive(d));
    this.child.stderr!.on('data', (d: Buffer) => this.stderr.push(d.toString()));
    this.exited = new Promise((resolve) => this.child.on('exit', (code) => resolve(code)));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends raw bytes (for malformed-input tests). */
  sendRaw(text: string): void {
    this.child.stdin!.write(text);
  }

  private send(msg: Message): void {
    this.transcript.push({ dir: '->', msg });
    const body = Buffer.from(JSON.stringify(msg), 'utf8');
    this.child.stdin!.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin!.write(body);
  }

  request<R = unknown>(method: string, params?: unknown, timeoutMs = 30000): Promise<{ result?: R; error?: Message['error']; ms: number }> {
    const id = this.nextId++;
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} (id ${id}) got no response in ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, (m) => {
        clearTimeout(timer);
        resolve({ result: m.result as R, error: m.error, ms: performance.now() - t0 });
      });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params?: unknown): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  /** The next (or an already received, unconsumed) notification that satisfies `pred`. */
  waitFor<T = PublishDiagnosticsParams>(method: string, pred: (params: T) => boolean = () => true, timeoutMs = 30000): Promise<T> {
    const test = (m: Message) => m.method === method && pred(m.params as T);
    const k = this.notifications.findIndex(test);
    if (k >= 0) return Promise.resolve(this.notifications.splice(k, 1)[0].params as T);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} notification in ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        pred: test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m.params as T);
        },
      });
    });
  }

  /** Notifications received and not yet consumed by waitFor. */
  received<T = PublishDiagnosticsParams>(method: string): T[] {
    return this.notifications.filter((m) => m.method === method).map((m) => m.params as T);
  }

  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const header = this.buffer.subarray(0, headerEnd).toString();
      const m = /Content-Length: (\d+)/i.exec(header);
      const len = m ? Number(m[1]) : 0;
      if (this.buffer.length < headerEnd + 4 + len) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + len).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + len);
      this.dispatch(JSON.parse(body) as Message);
    }
  }

  private dispatch(msg: Message): void {
    this.transcript.push({ dir: '<-', msg });
    if (msg.id !== undefined && msg.id !== null && msg.method === undefined) {
      const p = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      p?.(msg);
      return;
    }
    if (msg.id !== undefined && msg.method) {
      // A request from the server (workspace/configuration, ...): answer with nothing special.
      this.send({ jsonrpc: '2.0', id: msg.id, result: msg.method === 'workspace/configuration' ? [null] : null });
      return;
    }
    const w = this.waiters.findIndex((x) => x.pred(msg));
    if (w >= 0) this.waiters.splice(w, 1)[0].resolve(msg);
    else this.notifications.push(msg);
  }

  /** shutdown + exit; resolves with the exit code. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    try {
      await this.request('shutdown', undefined, 5000);
      this.notify('exit');
    } catch {
      this.child.kill();
    }
    const timer = setTimeout(() => this.child.kill(), 5000);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  kill(): void {
    this.child.kill();
  }
}

/** The usual start: initialize + initialized, with the given initialization options and capabilities. */
export async function startClient(initializationOptions: unknown = { settings: { debounceMs: 0, prebuild: false } }, capabilities: unknown = {}): Promise<LspClient> {
  const c = new LspClient();
  const r = await c.request('initialize', { processId: process.pid, rootUri: null, capabilities, initializationOptions });
  if (r.error) throw new Error(`initialize failed: ${r.error.message}`);
  c.notify('initialized', {});
  return c;
}
