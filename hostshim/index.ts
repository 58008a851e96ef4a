// Public API of hostshim/: native (g++) builds of kernels against the SDK over plain memory.

export { buildNative, runNative, writeShimTree, HostShimError } from './build';
export type { NativeBuildOptions } from './build';
export { driverSource } from './driver';
export type { HostKernel, HostParam } from './driver';
