// Public face of the assembler: GNU-as syntax source → ElfImage, and its error type.
export { assemble, DEFAULT_BASE } from './assemble';
export type { AsmSource, AssembleOptions, AssembleResult, ListingLine } from './assemble';
export { AsmError, formatDiagnostic } from './errors';
export type { AsmDiagnostic } from './errors';
export { clearParseCache, parseCacheSize, setParseCacheLimits } from './parse-cache';
export { assembleObject } from './assemble';
export { isAsmObject, type AsmObject } from './object';
export { objectFromBytes, objectToBytes } from './object-codec';
