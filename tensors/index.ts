// Public API of tensors/: host tensors, .npy read/write, argument generators, comparison.

export * from './dtype';
export * from './tensor';
export * from './npy';
export * from './generate';
export * from './compare';
