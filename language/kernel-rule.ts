// Which functions of a kernel source are kernels — the entry points `q7 build` puts in the image's
// kernel_info_table and the editor offers to run or debug. One rule, used by the compiler and the
// language server alike:
//
// a function defined in the main source file, or in a source file (.cpp, .cc, .cxx, .c) it #includes —
// the way a CPU extension reuses a kernel's source — but not in a header, at namespace scope, not
// a template, not `static`/`inline`/in an unnamed namespace (external linkage), not `main`, not
// variadic, whose parameters are all torch::Tensor (by const&, & or value) or scalars by value (bool,
// the char, short, int, long and long long types signed or unsigned, float, double), and which returns
// torch::Tensor or void. Helpers that fit the rule become kernels too; make them `static` (or put them
// in an unnamed namespace) to keep them out of the table.

import type { FunctionDecl } from './model/declarations';
import type { ModelData } from './sema/complete-unit';
import type { Type } from './model/types';

const TENSOR_CLASS = 'at::Tensor';

const SCALARS = new Set([
  'bool', 'char', 'signed char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int',
  'long', 'unsigned long', 'long long', 'unsigned long long', 'float', 'double',
]);

export type KernelParamKind = 'tensor' | 'scalar';

function stripConst(t: Type): Type {
  return t.const || t.volatile ? ({ ...t, const: false, volatile: false } as Type) : t;
}

export function isTensorType(t: Type): boolean {
  const u = stripConst(t);
  return u.kind === 'class' && u.decl.qualifiedName === TENSOR_CLASS;
}

/** How a kernel takes a parameter of type `t` (a tensor handle, a scalar by value), or undefined when it cannot. */
export function kernelParamKind(t: Type): KernelParamKind | undefined {
  if (t.kind === 'reference') return !t.rvalue && isTensorType(t.referee) ? 'tensor' : undefined;
  if (isTensorType(t)) return 'tensor';
  const u = stripConst(t);
  return u.kind === 'builtin' && SCALARS.has(u.name) ? 'scalar' : undefined;
}

/** True when the definition is `static`/`inline` or sits in an unnamed namespace. */
function internalLinkage(fn: FunctionDecl): boolean {
  const def = fn.body?.node.parent;
  if (!def) return true;
  for (const c of def.children) {
    if (c && c.type === 'storage_class_specifier' && (c.text === 'static' || c.text === 'inline')) return true;
  }
  for (let n = def.parent; n; n = n.parent) {
    if (n.type === 'namespace_definition' && !n.childForFieldName('name')) return true;
  }
  return false;
}

/** A source file, as opposed to a header: its functions may be kernels when the main file includes it. */
const SOURCE_FILE = /\.(cpp|cc|cxx|c)$/i;

function isCandidate(fn: FunctionDecl, file: string): boolean {
  if (!fn.body || fn.body.unit.system || fn.owner || fn.templateInfo || fn.name === 'main' || fn.role !== 'function') return false;
  const where = fn.loc.range.file;
  return where === file || SOURCE_FILE.test(where);
}

/** Source order: files in the order the translation unit first defines one of `fns` in them, then lines. */
function inSourceOrder(fns: FunctionDecl[]): FunctionDecl[] {
  const fileRank = new Map<string, number>();
  for (const fn of fns) if (!fileRank.has(fn.loc.range.file)) fileRank.set(fn.loc.range.file, fileRank.size);
  return fns.sort((a, b) => {
    const ra = a.loc.range;
    const rb = b.loc.range;
    return fileRank.get(ra.file)! - fileRank.get(rb.file)! || ra.start.line - rb.start.line || ra.start.column - rb.start.column;
  });
}

/** Functions defined at namespace scope in `file` (or a source file it includes) with external linkage (kernel candidates of any signature), in source order. */
export function exportedFunctions(model: Pick<ModelData, 'functions'>, file: string): FunctionDecl[] {
  return inSourceOrder(model.functions.filter((fn) => isCandidate(fn, file) && !internalLinkage(fn)));
}

/** The kernel functions of `file`, in source order. */
export function kernelFunctions(model: Pick<ModelData, 'functions'>, file: string): FunctionDecl[] {
  return exportedFunctions(model, file)
    .filter((fn) => !fn.variadic)
    .filter((fn) => {
      const ret = stripConst(fn.ret);
      return (isTensorType(ret) || (ret.kind === 'builtin' && ret.name === 'void')) && fn.params.every((p) => kernelParamKind(p.type) !== undefined);
    });
}
