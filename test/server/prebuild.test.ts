// The debugger's prebuild (server/prebuild.ts, prebuild-worker.ts): a real worker thread builds a
// kernel into the build cache as a debug launch with no build fields would, so the adapter's lookup
// with the options it derives from such a launch configuration hits without a front-end; stale requests
// are dropped, a text already built is not sent again, a broken kernel is reported and not fatal; and
// the server, with the setting on, prebuilds an opened kernel once it is checked (`q7/prebuilt`).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildOptionsOf, parseLaunchConfig } from '../../debug-adapter/config';
import { diskCache } from '../../diskcache';
import { buildKernelSourceLazily } from '../../session';
import { Prebuilder, type PrebuildReply, type PrebuildWorker } from '../../server/prebuild';
import { LspClient } from '../../harness/lsp-client';

const RELU = path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu.cpp');
const WORKER = path.join(__dirname, '..', '..', 'server', 'prebuild-worker.js');

/** A prebuilder over a real worker thread; its replies in order, and a wait for the next one. */
function realPrebuilder(): { p: Prebuilder; replies: PrebuildReply[]; next: () => Promise<PrebuildReply> } {
  const replies: PrebuildReply[] = [];
  let wake: (() => void) | undefined;
  const p = new Prebuilder(() => new Worker(WORKER) as unknown as PrebuildWorker, (r) => {
    replies.push(r);
    wake?.();
  });
  let taken = 0;
  const next = async () => {
    while (replies.length <= taken) await new Promise<void>((r) => (wake = r));
    return replies[taken++];
  };
  return { p, replies, next };
}

describe('server: the debugger prebuild', function () {
  this.timeout(180000);
  let dir: string;
  let saved: string | undefined;
  let kernel: string;
  let source: string;
  let prebuilder: Prebuilder | undefined;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-prebuild-'));
    saved = process.env.Q7_CACHE_DIR;
    process.env.Q7_CACHE_DIR = path.join(dir, 'cache');
    kernel = path.join(dir, 'relu.cpp');
    source = fs.readFileSync(RELU, 'utf8');
    fs.writeFileSync(kernel, source);
  });
  afterEach(() => {
    prebuilder?.dispose();
    prebuilder = undefined;
    if (saved === undefined) delete process.env.Q7_CACHE_DIR;
    else process.env.Q7_CACHE_DIR = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('builds what a launch with no build fields looks up: the adapter finds the image without a front-end', async () => {
    const { p, next } = realPrebuilder();
    prebuilder = p;
    assert.equal(p.request(kernel, { [kernel]: source }), true);
    const r = await next();
    assert.equal(r.outcome, 'built', r.message);
    assert.equal(r.file, kernel);
    const plan = parseLaunchConfig({ type: 'q7', request: 'launch', name: 'k', program: kernel, function: 'relu_forward' }, dir);
    const host = { readFile: (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined) };
    const found = await buildKernelSourceLazily(() => Promise.reject(new Error('the front-end was asked for: the prebuild missed')), kernel, host, {
      ...buildOptionsOf(plan), cache: diskCache({ dir: path.join(dir, 'cache') }),
    });
    assert.equal(found.cache, 'hit');
    assert.ok(found.image && found.kernels?.some((k) => k.name === 'relu_forward'), JSON.stringify(found.kernels));
    // the same text is not sent again; a build the cache holds answers "cached"
    assert.equal(p.request(kernel, { [kernel]: source }), false);
    const { p: p2, next: next2 } = realPrebuilder();
    p2.request(kernel, { [kernel]: source });
    const again = await next2();
    p2.dispose();
    assert.equal(again.outcome, 'cached');
  });

  it('drops a request overtaken by a newer one while a build runs, and builds the newest', async () => {
    const { p, next, replies } = realPrebuilder();
    prebuilder = p;
    const edit = (n: number) => source.replace('{', `{ int edit_${n} = ${n}; (void)edit_${n};`);
    assert.equal(p.request(kernel, { [kernel]: edit(1) }), true);
    assert.equal(p.request(kernel, { [kernel]: edit(2) }), true);
    assert.equal(p.request(kernel, { [kernel]: edit(3) }), true);
    assert.equal(p.busy, true);
    const first = await next();
    const second = await next();
    assert.deepEqual([first.outcome, second.outcome], ['built', 'built']);
    assert.equal(second.id - first.id, 2, 'the middle request was dropped');
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(replies.length, 2);
    assert.equal(p.busy, false);
  });

  it('reports a kernel that does not build, and goes on building the next', async () => {
    const { p, next } = realPrebuilder();
    prebuilder = p;
    p.request(kernel, { [kernel]: `${source}\ntorch::Tensor broken(const torch::Tensor& t) { return undeclared_q7; }\n` });
    const bad = await next();
    assert.equal(bad.outcome, 'failed');
    assert.match(bad.message ?? '', /undeclared_q7/);
    p.request(kernel, { [kernel]: source });
    assert.equal((await next()).outcome, 'built');
  });

  it('the server prebuilds an opened kernel once it is checked, and says so (q7/prebuilt)', async () => {
    const c = new LspClient(undefined, { ...process.env, Q7_CACHE_DIR: path.join(dir, 'cache') });
    try {
      await c.request('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0, prebuild: true } } });
      c.notify('initialized', {});
      const uri = `file://${kernel}`;
      c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: source } });
      const done = await c.waitFor<{ uri: string; outcome: string; ms: number }>('q7/prebuilt', (x) => x.uri === uri, 120000);
      assert.equal(done.outcome, 'built');
      assert.ok(done.ms > 0);
      const host = { readFile: (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined) };
      const plan = parseLaunchConfig({ type: 'q7', request: 'launch', name: 'k', program: kernel }, dir);
      const found = await buildKernelSourceLazily(() => Promise.reject(new Error('the prebuild missed')), kernel, host, { ...buildOptionsOf(plan), cache: diskCache({ dir: path.join(dir, 'cache') }) });
      assert.equal(found.cache, 'hit');
    } finally {
      await c.stop();
    }
  });
});
