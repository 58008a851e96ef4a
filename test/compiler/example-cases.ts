// The example kernels with arguments that exercise them (small shapes, so -O0 runs stay quick), for the
// tests that compare optimisation levels on the device (optimize-o2.test.ts, enforcer-counts.test.ts).

import * as path from 'node:path';
import type { KernelArg } from '../../emulator/device';
import { specArg } from '../emulator/device/helpers';

export const EXAMPLES = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

/** Examples the compiler does not build yet. */
export const NOT_BUILT: string[] = [];

export interface ExampleCase {
  readonly file: string;
  readonly fn: string;
  readonly args: () => KernelArg[];
  /** Whether the kernel itself reads elements through accessors (default: whether its file does). */
  readonly accessors?: boolean;
}

export const CASES: readonly ExampleCase[] = [
  { file: 'relu.cpp', fn: 'relu_forward', args: () => [specArg('t_in', 'shape=5x7,init=randn,seed=3')] },
  { file: 'relu.cpp', fn: 'relu_backward', args: () => [specArg('t_grad', 'shape=4x6,init=randn,seed=4'), specArg('t_in', 'shape=4x6,init=randn,seed=5')] },
  { file: 'relu_ivp.cpp', fn: 'relu_ivp_forward', args: () => [specArg('t_in', 'shape=1300,init=randn,seed=9')] },
  { file: 'mul_q15_ivp.cpp', fn: 'mul_q15_ivp', accessors: false, args: () => [specArg('t_a', 'shape=1000,dtype=int16,init=arange'), specArg('t_b', 'shape=1000,dtype=int16,init=arange')] },
  { file: 'count_max_ivp.cpp', fn: 'count_max_ivp', args: () => [specArg('t_in', 'shape=1111,dtype=int32,init=randn,seed=4'), { kind: 'scalar', name: 'threshold', bytes: new Uint8Array(new BigInt64Array([0n]).buffer) }] },
  { file: 'relu_tcm.cpp', fn: 'relu_tcm_forward', args: () => [specArg('t_in', 'shape=1200,init=randn,seed=6')] },
  { file: 'relu_multicore.cpp', fn: 'relu_multicore_forward', args: () => [specArg('t_in', 'shape=1100,init=randn,seed=7')] },
  {
    file: 'stream_scale.cpp', fn: 'stream_scale',
    args: () => [specArg('t_in', 'shape=300,init=randn,seed=8'), { kind: 'scalar', name: 'scale', bytes: new Uint8Array(new Float64Array([-1.5]).buffer) }],
  },
  {
    file: 'rnn_cell.cpp', fn: 'wkv_forward',
    args: () => ['k', 'v', 'r'].map((n, i) => specArg(n, `shape=1x3x2x2,init=randn,seed=${10 + i}`)).concat([specArg('decay', 'shape=2x2,init=randn,seed=13'), specArg('bonus', 'shape=2x2,init=randn,seed=14')]),
  },
];
