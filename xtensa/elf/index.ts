// The face of xtensa/elf/: the ELF32 model, its validating reader and its writer.

export * from './types';
export { readElf } from './reader';
export { writeElf } from './writer';
