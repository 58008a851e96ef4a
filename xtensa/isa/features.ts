// ISA options (the configurable parts of an Xtensa core) that table rows belong to, and the option
// sets of the cores we emulate: QEMU's lx106 / dc233c / de233_fpu (our oracles) and the Q7 scalar core.

export type Feature =
  | 'core'
  | 'density'
  | 'windowed'
  | 'loops'
  | 'mul16'
  | 'mul32'
  | 'mul32high'
  | 'div32'
  | 'minmax'
  | 'sext'
  | 'clamps'
  | 'nsa'
  | 'booleans'
  | 'fp'
  | 'threadptr'
  | 's32c1i'
  | 'litbase'
  | 'exceptions'
  | 'interrupts'
  | 'debug'
  | 'timers'
  | 'prid'
  | 'coprocessors'
  | 'misc'
  /** The Vision IVP vector unit (project-specific 32-bit encoding, docs/ivp-encoding.md). */
  | 'ivp';

export const ALL_FEATURES: readonly Feature[] = [
  'core', 'density', 'windowed', 'loops', 'mul16', 'mul32', 'mul32high', 'div32', 'minmax', 'sext', 'clamps',
  'nsa', 'booleans', 'fp', 'threadptr', 's32c1i', 'litbase', 'exceptions', 'interrupts', 'debug', 'timers',
  'prid', 'coprocessors', 'misc', 'ivp',
];

const base: Feature[] = ['core', 'density', 'mul16', 'nsa', 'exceptions', 'interrupts', 'debug', 'timers', 'prid'];

/** Option sets per core (xtensa-oracles.md §5.1). */
export const CORE_FEATURES: Readonly<Record<string, ReadonlySet<Feature>>> = {
  lx106: new Set<Feature>([...base, 'mul32', 'litbase']),
  dc233c: new Set<Feature>([
    ...base, 'windowed', 'loops', 'mul32', 'div32', 'minmax', 'sext', 'clamps', 'threadptr', 's32c1i',
    'litbase', 'coprocessors', 'misc',
  ]),
  de233_fpu: new Set<Feature>([
    ...base, 'windowed', 'loops', 'mul32', 'div32', 'minmax', 'sext', 'clamps', 'booleans', 'fp', 'threadptr',
    's32c1i', 'coprocessors', 'misc',
  ]),
  q7: new Set<Feature>(ALL_FEATURES.filter((f) => f !== 'litbase')),
};
