// Which functions of a kernel source are kernels, without a shape file: the rule the compiler uses for
// the image's kernel table (compiler/kernel/kernels.ts states the same rule; a test keeps them in
// step): defined in the analysed file at namespace scope, not a template, not `static`/`inline`/in an
// unnamed namespace, not `main`, every parameter a torch::Tensor (by const&, & or value) or a scalar
// by value, returning torch::Tensor or void. With a shape file, the kernels are the functions its
// NEURON_LIBRARY block names instead (shape-file.ts). Also the kind of each parameter, to compare a
// kernel with its shape function.

import type { Analysis } from '../frontend';
import type { FunctionDecl } from '../sema/decls';
import { nonReference, typeToString, unqualified, type Type } from '../sema/types';

const SCALARS = new Set([
  'bool', 'char', 'signed char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int',
  'long', 'unsigned long', 'long long', 'unsigned long long', 'float', 'double',
]);

export function isTensorClass(t: Type): boolean {
  const u = unqualified(t);
  return u.kind === 'class' && u.decl.qualifiedName === 'at::Tensor';
}

function ruleParam(t: Type): boolean {
  if (t.kind === 'reference') return !t.rvalue && isTensorClass(t.referee);
  const u = unqualified(t);
  return isTensorClass(u) || (u.kind === 'builtin' && SCALARS.has(u.name));
}

function internalLinkage(fn: FunctionDecl): boolean {
  const def = fn.body?.node.parent;
  if (!def) return true;
  if (def.children.some((c) => c.type === 'storage_class_specifier' && (c.text === 'static' || c.text === 'inline'))) return true;
  for (let n = def.parent; n; n = n.parent) if (n.type === 'namespace_definition' && !n.childForFieldName('name')) return true;
  return false;
}

/** Functions defined at namespace scope in the analysed file with external linkage (kernel candidates of any signature). */
export function exportedFunctions(analysis: Analysis): FunctionDecl[] {
  return analysis.model.functions
    .filter((fn) => !!fn.body && fn.body.unit.file === analysis.file && !fn.body.unit.system && !fn.owner && !fn.templateInfo && fn.name !== 'main' && fn.role === 'function' && !internalLinkage(fn))
    .sort((a, b) => a.loc.range.start.line - b.loc.range.start.line || a.loc.range.start.column - b.loc.range.start.column);
}

/** The kernels by the compiler's rule, in source order. */
export function ruleKernels(analysis: Analysis): FunctionDecl[] {
  return exportedFunctions(analysis).filter((fn) => {
    const ret = unqualified(fn.ret);
    return (isTensorClass(ret) || (ret.kind === 'builtin' && ret.name === 'void')) && !fn.variadic && fn.params.every((p) => ruleParam(p.type));
  });
}

/** A parameter's kind for comparing a kernel with its shape function: Tensor, int64_t, double, Scalar, or the type's spelling. */
export function paramKind(t: Type): string {
  const u = unqualified(nonReference(t));
  if (isTensorClass(u)) return 'Tensor';
  if (u.kind === 'class' && u.decl.qualifiedName === 'c10::Scalar') return 'Scalar';
  if (u.kind === 'builtin' && u.name === 'long long') return 'int64_t';
  if (u.kind === 'builtin' && u.name === 'double') return 'double';
  return typeToString(u);
}
