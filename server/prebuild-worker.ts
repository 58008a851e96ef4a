// The language server's prebuild worker (a worker thread; dist/prebuild-worker.js): builds a kernel
// the way a debug launch with no build fields would (session/'s DEFAULT_LAUNCH_BUILD) into the build
// cache, so that F5 finds the image there and skips the compiler. It keeps its own front-end, loaded on
// the first request and warm after it. Files come from the request (the editor's text) or the disk.

import * as fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { hostCache, snapshotStore } from '../diskcache';
import { Frontend } from '../language';
import { buildKernelSourceLazily, DEFAULT_LAUNCH_BUILD } from '../session';
import { loadGrammar } from './files';
import type { PrebuildReply, PrebuildRequest } from './prebuild';

let frontend: Promise<Frontend> | undefined;

function loadFrontend(): Promise<Frontend> {
  frontend ??= Promise.resolve().then(() => Frontend.create(loadGrammar(), { snapshots: snapshotStore(hostCache(() => {})) }));
  return frontend;
}

function readDisk(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** Builds one request; never throws (a failure is a reply). */
export async function prebuild(req: PrebuildRequest): Promise<PrebuildReply> {
  const t0 = performance.now();
  const host = { readFile: (p: string) => (Object.prototype.hasOwnProperty.call(req.texts, p) ? req.texts[p] : readDisk(p)) };
  try {
    const r = await buildKernelSourceLazily(loadFrontend, req.file, host, { ...DEFAULT_LAUNCH_BUILD, cache: hostCache(() => {}) });
    const ms = performance.now() - t0;
    if (!r.image) return { id: req.id, file: req.file, outcome: 'failed', ms, message: r.diagnostics[0]?.message ?? 'the build failed' };
    return { id: req.id, file: req.file, outcome: r.cache === 'hit' ? 'cached' : 'built', ms };
  } catch (e) {
    return { id: req.id, file: req.file, outcome: 'failed', ms: performance.now() - t0, message: (e as Error)?.message ?? String(e) };
  }
}

if (parentPort) {
  const port = parentPort;
  port.on('message', (req: PrebuildRequest) => void prebuild(req).then((reply) => port.postMessage(reply)));
}
