// Public API of tensors/: host tensors, .npy read/write, argument generators, comparison.

export * from './dtype';
export * from './binary16';
export * from './tensor';
export * from './npy';
export * from './generate';
export * from './compare';
