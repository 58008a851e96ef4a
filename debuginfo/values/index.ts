// Public API of the value layer: values of variables read through an injected TargetView, their
// display, children and pretty views (Neuron types), and C++ expression evaluation and assignment.

export { Inspector } from './inspector';
export type { ValueNode, Result, VectorLocal } from './inspector';
export { InspectError, variableValue, readBytes, readInteger, readUnsigned, readFloat, frameCfa } from './value';
export type { TargetView, Value, Place, HbmView, InspectContext } from './value';
export { formatValue, formatFloat32, formatDouble, hex } from './format';
export { PrettyRegistry, neuronPrinters, findMember } from './pretty';
export type { PrettyPrinter } from './pretty';
export type { Child, Children } from './children';
export { Evaluator } from './eval';
export { parseExpr, ExprError } from './parse';
export type { Expr } from './parse';
