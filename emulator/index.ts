// Public API of the emulator: machines for the configured cores, their stop reasons, the
// semihosting host interface, the configurations themselves. (The IVP's f16 lanes use tensors/binary16.ts, the one half-precision codec.)

import { CoreConfig, CoreName } from './config';
import { Machine, MachineOptions } from './machine';

export { Machine, LoadError } from './machine';
export type { MachineOptions, RunOptions, TraceEvent } from './machine';
export type { StopReason } from './core/stop';
export type { BreakMode } from './core/cpu';
export { CAUSE, causeName } from './core/causes';
export { CORES, CORE_NAMES, coreByName, guessCore, LX106, DC233C, DE233_FPU, Q7 } from './config';
export type { CoreConfig, CoreName, MemoryRegionSpec, VectorOffsets } from './config';
export { MemoryHost, ERRNO } from './semihost/host';
export type { SemihostHost, HostOptions } from './semihost/host';
export { SYS as SEMIHOST_CALLS } from './semihost/simcall';
export type { Watchpoint } from './memory/memory';

/** Creates a machine for a core (by name or configuration), reset and with empty memory. */
export function createMachine(core: CoreName | CoreConfig, options: MachineOptions = {}): Machine {
  return new Machine(core, options);
}
