// The worker thread of `q7 run`'s argument generators (dist/tensor-worker.js; out/cli/ under tsc): it
// generates the tensors of the `shape=…` specs it is given (tensors/generate.ts, the same bytes as on
// the main thread) and posts their buffers to the port it was handed, so that a random input is made
// on the second core while the main thread builds the kernel (tensor-prefetch.ts starts it).

import { type MessagePort, workerData } from 'node:worker_threads';
import { generateTensor, type TensorSpec } from '../tensors';

/** What the worker is given: the specs and the port to post the result to. */
export interface TensorWorkerData {
  readonly specs: readonly TensorSpec[];
  readonly port: MessagePort;
}

/** What the worker posts: each spec's bytes, or undefined where generating it failed. */
export type GeneratedBytes = readonly (Uint8Array | undefined)[];

function generateAll(specs: readonly TensorSpec[]): GeneratedBytes {
  return specs.map((spec) => {
    try {
      return generateTensor(spec).data;
    } catch {
      return undefined;
    }
  });
}

const job = workerData as TensorWorkerData | undefined;
if (job?.port) {
  const made = generateAll(job.specs);
  job.port.postMessage(made, made.flatMap((d) => (d ? [d.buffer as ArrayBuffer] : [])));
  job.port.close();
}
