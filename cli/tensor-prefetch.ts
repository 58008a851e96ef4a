// Generating `q7 run`'s argument tensors beside the build: the `shape=…` specs of --arg and --expect
// are handed to a worker thread (tensor-worker.ts, next to this file in dist/ and out/cli/) before the
// compiler starts, and the session takes the tensors from it instead of generating them after the build
// (session/'s GeneratedTensors). A spec the worker could not make, or a worker that does not start,
// is generated on the main thread as before: the bytes are the same either way.

import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { dtypeByName, isTensorSpec, parseTensorSpec, numelOf, type HostTensor, type TensorSpec } from '../tensors';
import type { GeneratedTensors } from '../session';
import type { GeneratedBytes } from './tensor-worker';

/** Below this many bytes a tensor is generated on the main thread (a worker's start costs more). */
export const PREFETCH_MIN_BYTES = 256 * 1024;

/** The worker thread's script (bundled as dist/tensor-worker.js beside dist/cli.js). */
const WORKER_FILE = path.join(__dirname, 'tensor-worker.js');

/** A spec's identity: the tensor it generates. */
const specKey = (s: TensorSpec) => `${s.shape.join('x')},${s.dtype},${s.init},${s.seed}`;

/** The specs among `values` worth a worker: generator texts of at least PREFETCH_MIN_BYTES and at most `maxBytes`. */
export function prefetchableSpecs(values: readonly (string | undefined)[], maxBytes: number): TensorSpec[] {
  const specs = new Map<string, TensorSpec>();
  for (const v of values) {
    if (v === undefined || !isTensorSpec(v)) continue;
    let spec: TensorSpec;
    try {
      spec = parseTensorSpec(v);
    } catch {
      continue; // the session reports the bad spec
    }
    const bytes = numelOf(spec.shape) * dtypeByName(spec.dtype)!.size;
    if (bytes >= PREFETCH_MIN_BYTES && bytes <= maxBytes) specs.set(specKey(spec), spec);
  }
  return [...specs.values()];
}

/**
 * Starts generating `specs` in a worker thread; the promise gives the session's lookup of what it made
 * (empty when the worker fails). The worker does not keep the process alive.
 */
export function prefetchTensors(specs: readonly TensorSpec[], workerFile = WORKER_FILE): Promise<GeneratedTensors> {
  const none: GeneratedTensors = () => undefined;
  if (specs.length === 0) return Promise.resolve(none);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(workerFile, { workerData: specs });
    } catch {
      resolve(none);
      return;
    }
    worker.unref();
    worker.once('message', (made: GeneratedBytes) => resolve(lookup(specs, made)));
    worker.once('error', () => resolve(none));
    worker.once('exit', () => resolve(none));
  });
}

function lookup(specs: readonly TensorSpec[], made: GeneratedBytes): GeneratedTensors {
  const byKey = new Map<string, HostTensor>();
  specs.forEach((spec, k) => {
    const data = made[k];
    const dtype = dtypeByName(spec.dtype)!;
    if (data && data.length === numelOf(spec.shape) * dtype.size) byKey.set(specKey(spec), { dtype, shape: [...spec.shape], data });
  });
  return (spec) => {
    const t = byKey.get(specKey(spec));
    byKey.delete(specKey(spec)); // each tensor is handed out once: a second use of the spec gets its own bytes
    return t;
  };
}
