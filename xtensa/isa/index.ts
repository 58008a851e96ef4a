// Public face of the instruction-set description: the table and everything derived from it.
export * from './table';
export * from './decode';
export * from './encode';
export * from './features';
export * from './registers';
export * from './props';
export { IVP_INT_TYPES, IVP_VEC_TYPES } from './ivp-rows';
export type { OperandType, OperandKind } from './operands';
