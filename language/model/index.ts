// The semantic model's data, one face: declarations and scopes, types (and the target's arithmetic on them), the typed expression tree,
// analysed function bodies, and the target's data layout. Nothing here analyses anything: the passes
// in language/sema/ build these objects, and the compiler, the checks and the server read them.
// Files in this folder import only each other and the syntax tree (a test enforces it).

export * from './declarations';
export * from './types';
export * from './arithmetic';
export * from './constant-values';
export * from './expressions';
export * from './bodies';
export * from './statements';
export * from './layout';
export * from './member-queries';
export * from './vector-types';
export * from './finished';
