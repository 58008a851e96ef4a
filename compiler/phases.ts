// The compiler's phases one by one, for the benchmark that times them (bench/launch-phases.ts): the
// pieces `compile` (index.ts) runs in order — translate the unit, select and build the runtime
// library, find the kernels and write their thunks, the ROM's needs, link, DWARF. A face of its own:
// tools use index.ts; only a measurement of the phases needs them apart.
export { runtimeLibrary, referencedSymbols } from './runtime/library';
export { translateUnit } from './translate';
export { link } from './link';
export { findKernels } from './kernel/kernels';
export { kernelAssembly, THUNKS_NAME } from './kernel/thunks';
export { romNeeds } from './runtime/rom';
export { addDebugInfo } from './dwarf/debug-info';
