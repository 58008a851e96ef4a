// Public API of the emulated Q7 device (emulator/device/README.md).

export { Device, DEFAULT_QUANTUM, DEFAULT_LOG_SIZE, DEFAULT_CORE_COUNT } from './device';
export type { DeviceOptions, DeviceResult, DeviceTensor, DeviceTensorType, DeviceStop, KernelArg, LaunchSpec, CoreReport, RunUntilOptions } from './device';
export type { DeviceLocation, DeviceSymbols } from './symbols';
export { SANITIZERS, formatFault } from './faults';
export type { DeviceFault, FaultKind, Sanitizer } from './faults';
export { kernelTable, findKernel, KernelImageError } from './image';
export { ProviderError, RESULT, RESULT_NAMES } from './provider';
// What the launch layer and the debug adapter read besides the device itself: HBM sizes, enforcers' tensors and access names, snapshots
// of a recorded run, guest-memory errors, and the call stack of a stopped core.
export { HBM_MIN_SIZE } from './device';
export { tensorOfEnforcer } from './calls';
export { ACCESS_NAMES } from './accessors';
export { DEFAULT_HBM_SIZE, formatBytes } from './hbm';
export { snapshotBytes, type DeviceSnapshot } from './snapshot';
export { DeviceMemoryError } from './guest-memory';
export { callStack, type Frame } from './stack';
