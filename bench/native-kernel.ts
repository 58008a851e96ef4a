// The yardstick of the q7 run benches (bench/q7-run.ts, bench/q7-run-multicore.ts): a kernel with one
// tensor parameter built natively by g++ -O2 against the host shim (one thread per core) and run as
// a whole process on a generated tensor; a note instead where there is no host compiler.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { buildNative, runNative } from '../hostshim';
import { generateTensor, parseTensorSpec, writeNpy } from '../tensors';

/** Wall seconds of the native run of `fn` in `file` on `spec` (built and run in `dir`). */
export function nativeKernelSeconds(file: string, fn: string, cores: number, spec: string, dir: string): { seconds?: number; note?: string } {
  try {
    const exe = buildNative(file, { name: fn, params: [{ kind: 'tensor', name: 't_in' }], returnsTensor: true, cores }, { dir, optimize: '-O2' });
    const input = path.join(dir, 'in.npy');
    fs.writeFileSync(input, writeNpy(generateTensor(parseTensorSpec(spec))));
    const t0 = process.hrtime.bigint();
    const r = runNative(exe, path.join(dir, 'out.npy'), [input]);
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return r.status === 0 ? { seconds } : { note: `native run failed: ${r.stderr.trim()}` };
  } catch (e) {
    return { note: `no native build (${e instanceof Error ? e.message.split('\n')[0] : String(e)})` };
  }
}
