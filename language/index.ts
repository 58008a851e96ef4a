// The public face of language/: analyse a kernel file and query the semantic model.

export { Frontend, type Analysis, type AnalyzeOptions, type ReuseStats } from './frontend';
export type { Unit } from './sema/decls';
export { SyntaxNode } from './parse/syntax-node';
export type { Diagnostic, Position, Severity, SourceRange } from './diagnostics';
export { memoryHost, layeredHost, type FileHost } from './host';
export { GRAMMAR_BUNDLE_NAMES, GRAMMAR_MODULES, locateGrammarFiles, type GrammarBinaries } from './parse/grammar-files';
export { SDK_INCLUDE_DIR, sdkHeaders, isSdkFile } from './sdk';
export { SemanticModel } from './sema/model';
export { neuronRegistrations, registrationFor, type Registration } from './registrations';
export type { FunctionBody, LocalObject, Temporary } from './sema/statements';
export type { NodeInfo } from './sema/node-at';
export * as types from './sema/types';
