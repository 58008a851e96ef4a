// Public API of debuginfo/: a DWARF 2–5 reader for line tables, functions, parameters and types.

export { DebugInfo, readElfLineTable } from './debug-info';
export type { SourceLocation, Parameter, Subprogram } from './debug-info';
export { DwarfError } from './cursor';
export { typeName, stripType, ATE } from './types';
export { readClasses } from './classes';
export type { ClassInfo, ClassMember } from './classes';
export type { TypeInfo } from './types';
export { readLineSection, sourceRows } from './line-table';
export type { LineRow, LineUnit, SourceRow } from './line-table';
export { Program } from './program';
export type { VariableInfo, ScopeInfo, LocationSpec, InlinedFrame } from './program';
export { TypeTable, strip as stripDType, templateBase, vectorShape } from './dtypes';
export type { DType, ClassType, EnumType, ArrayType, Member, VectorShape } from './dtypes';
export { evalLocation, LocationError } from './location';
export type { Loc, ExprContext } from './location';
export { FrameTable } from './cfa';
export type { CfaRule } from './cfa';
export { unwindCfa } from './unwind';
export type { CfaFrame } from './unwind';
// The DWARF constants, shared with the compiler's DWARF writer.
export { AT, FORM, TAG, IVP_DWARF_FILES, ivpDwarfRegister, ivpRegisterName } from './constants';
