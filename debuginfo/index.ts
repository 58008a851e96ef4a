// Public API of debuginfo/: a DWARF 2–5 reader for line tables, functions, parameters and types.

export { DebugInfo } from './debug-info';
export type { SourceLocation, Parameter, Subprogram } from './debug-info';
export { DwarfError } from './cursor';
export { typeName, stripType, ATE } from './types';
export type { TypeInfo } from './types';
export { readLineSection } from './line-table';
export type { LineRow, LineUnit } from './line-table';
