// Generating `q7 run`'s argument tensors beside the build: the `shape=…` specs of --arg and --expect
// are handed to a worker thread (tensor-worker.ts, next to this file in dist/ and out/cli/) before the
// compiler starts, and the session takes the tensors from it instead of generating them after the build
// (session/'s GeneratedTensors). The run command starts the worker only when the compiler runs: a
// build from the cache is quicker than a worker's start. The session never waits for the worker: when
// it asks for the first tensor and the worker has not posted yet, the worker is stopped and every
// tensor is generated on the main thread as before. A worker that does not start or fails is the same
// case. The bytes are the same either way.

import * as path from 'node:path';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';
import { dtypeByName, isTensorSpec, parseTensorSpec, numelOf, type HostTensor, type TensorSpec } from '../tensors';
import type { GeneratedTensors } from '../session';
import type { GeneratedBytes, TensorWorkerData } from './tensor-worker';

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

export interface Prefetch {
  /** The session's lookup: never waits (see the header). */
  readonly take: GeneratedTensors;
  /** Settles when the worker has posted its tensors (true) or failed or was stopped (false); for tests. */
  readonly posted: Promise<boolean>;
}

/** Starts generating `specs` in a worker thread, which does not keep the process alive. */
export function prefetchTensors(specs: readonly TensorSpec[], workerFile = WORKER_FILE): Prefetch {
  // port1 gets no listener: the message stays queued until take() reads it synchronously
  const { port1, port2 } = new MessageChannel();
  let worker: Worker | undefined;
  let stopped = false;
  let settle: (ok: boolean) => void = () => undefined;
  const posted = new Promise<boolean>((resolve) => (settle = resolve));
  try {
    const data: TensorWorkerData = { specs, port: port2 };
    worker = new Worker(workerFile, { workerData: data, transferList: [port2] });
    worker.unref();
    worker.once('error', () => settle(false));
    // the worker ends by itself once it has posted (exit code 0)
    worker.once('exit', (code) => settle(code === 0 && !stopped));
  } catch {
    settle(false);
  }
  let tensors: Map<string, HostTensor> | undefined;
  const take: GeneratedTensors = (spec) => {
    if (!tensors) {
      const message = receiveMessageOnPort(port1);
      tensors = message ? byKey(specs, message.message as GeneratedBytes) : new Map();
      if (!message) {
        stopped = true;
        void worker?.terminate();
      }
      port1.close();
    }
    const t = tensors.get(specKey(spec));
    tensors.delete(specKey(spec)); // each tensor is handed out once: a second use of the spec gets its own bytes
    return t;
  };
  return { take, posted };
}

function byKey(specs: readonly TensorSpec[], made: GeneratedBytes): Map<string, HostTensor> {
  const out = new Map<string, HostTensor>();
  specs.forEach((spec, k) => {
    const data = made[k];
    const dtype = dtypeByName(spec.dtype)!;
    if (data && data.length === numelOf(spec.shape) * dtype.size) out.set(specKey(spec), { dtype, shape: [...spec.shape], data });
  });
  return out;
}
