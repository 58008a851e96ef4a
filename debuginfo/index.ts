// Public API of debuginfo/: a DWARF 2–5 reader for line tables, functions, parameters and types.

export { DebugInfo, readElfLineTable } from './debug-info';
export type { SourceLocation, Parameter, Subprogram } from './debug-info';
export { DwarfError } from './cursor';
export { typeName, stripType, ATE } from './types';
export type { TypeInfo } from './types';
export { readLineSection, sourceRows } from './line-table';
export type { LineRow, LineUnit, SourceRow } from './line-table';
