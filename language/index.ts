// The public face of language/: analyse a kernel file and query the semantic model.

export { Frontend, type Analysis, type AnalyzeOptions, type FrontendOptions, type ReuseStats } from './frontend';
export { type SnapshotStore } from './sdk/snapshot';
export type { Unit } from './model/declarations';
export { SyntaxNode } from './parse/syntax-node';
export type { Diagnostic, Position, Severity, SourceRange } from './diagnostics';
export { memoryHost, layeredHost, type FileHost } from './host';
export { GRAMMAR_BUNDLE_NAMES, GRAMMAR_MODULES, locateGrammarFiles, type GrammarBinaries } from './parse/grammar-files';
export { SDK_INCLUDE_DIR, sdkHeaders, isSdkFile } from './sdk';
export { SemanticModel } from './sema/semantic-model';
export type { CompleteUnit, ModelData } from './sema/complete-unit';
export { neuronRegistrations, registrationFor, type Registration } from './registrations';
export type { FunctionBody, LocalObject, Temporary } from './model/bodies';
export type { NodeInfo } from './sema/node-at';
export * as types from './model/types';

// The model's data has its own face, ./model (declarations, types, expressions, bodies, layout).
// What the compiler and the server read beyond it: questions about the model that an analysis pass
// answers, and the kernel rule.
export { kernelFunctions, kernelParamKind, isTensorType } from './kernel-rule';
export { dirname, joinPath } from './paths';
export type { Report } from './sema/analyzer';
export { anonymousFieldNamed, bitFieldPromotion, compilerDefined, ignoredByOverloadResolution, isAnonymousMember } from './model/member-queries';
export { isCompleteClass, NotHandedOver } from './model/finished';
export type { Initialiser } from './sema/initialisers-outside-bodies';
export type { VariableDefinition } from './sema/variable-definitions';
export { constantValue, floatConstant, floatLiteralValue, parseFloatText, parseIntegerText } from './model/constant-values';
