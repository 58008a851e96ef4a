// Which functions of a kernel source are kernels (entry points of the image's kernel_info_table), and
// how each parameter reaches them from the launch block's argv.
//
// The rule: a function defined in the main source file (not in a header it includes), at namespace
// scope, not a template, not `static`/`inline`/in an unnamed namespace (external linkage), not `main`,
// whose parameters are all torch::Tensor (by const&, & or value) or scalars by value (bool, the char,
// short, int, long and long long types signed or unsigned, float, double), and which returns
// torch::Tensor or void. Opcodes are 1, 2, … in source order. Helpers that fit the rule become kernels
// too; make them `static` (or put them in an unnamed namespace) to keep them out of the table.

import type { SemanticModel } from '../../language';
import type { FunctionDecl } from '../../language/sema/decls';
import type { Type } from '../../language/sema/types';
import { FIRST_KERNEL_OPCODE, KERNEL_THUNK_PREFIX } from '../../emulator/device/abi';
import type { MemType } from '../ir/ir';
import { memTypeOf } from '../lower/types';

/** How parameter i is passed: the handle's address (argv[i] itself) or a scalar loaded from *argv[i]. */
export type KernelParam = { readonly kind: 'tensor'; readonly name: string } | { readonly kind: 'scalar'; readonly name: string; readonly mem: MemType };

export interface Kernel {
  readonly name: string;
  readonly opcode: number;
  /** The kernel function's assembly symbol. */
  readonly symbol: string;
  /** `__q7_kernel_<name>`. */
  readonly thunk: string;
  readonly params: readonly KernelParam[];
  readonly returnsTensor: boolean;
  readonly fn: FunctionDecl;
}

const TENSOR_CLASS = 'at::Tensor';

function stripConst(t: Type): Type {
  return t.const || t.volatile ? ({ ...t, const: false, volatile: false } as Type) : t;
}

function isTensor(t: Type): boolean {
  return t.kind === 'class' && t.decl.qualifiedName === TENSOR_CLASS;
}

const SCALARS = new Set([
  'bool', 'char', 'signed char', 'unsigned char', 'short', 'unsigned short', 'int', 'unsigned int',
  'long', 'unsigned long', 'long long', 'unsigned long long', 'float', 'double',
]);

function paramOf(t: Type, name: string): KernelParam | undefined {
  if (t.kind === 'reference') return !t.rvalue && isTensor(stripConst(t.referee)) ? { kind: 'tensor', name } : undefined;
  if (isTensor(stripConst(t))) return { kind: 'tensor', name };
  const u = stripConst(t);
  if (u.kind === 'builtin' && SCALARS.has(u.name)) return { kind: 'scalar', name, mem: memTypeOf(u) };
  return undefined;
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

function isKernelCandidate(fn: FunctionDecl, file: string): boolean {
  return !!fn.body && fn.body.unit.file === file && !fn.body.unit.system && !fn.owner && !fn.templateInfo && fn.name !== 'main' && fn.role === 'function';
}

function sourceOrder(a: FunctionDecl, b: FunctionDecl): number {
  const ra = a.loc.range.start;
  const rb = b.loc.range.start;
  return ra.line - rb.line || ra.column - rb.column;
}

/** The kernels of `file`, in source order, with their opcodes; `symbolOf` gives each function's symbol. */
export function findKernels(model: SemanticModel, file: string, symbolOf: (fn: FunctionDecl) => string | undefined): Kernel[] {
  const candidates = model.functions.filter((fn) => isKernelCandidate(fn, file) && !internalLinkage(fn)).sort(sourceOrder);
  const kernels: Kernel[] = [];
  for (const fn of candidates) {
    const ret = stripConst(fn.ret);
    const returnsTensor = isTensor(ret);
    if (!returnsTensor && !(ret.kind === 'builtin' && ret.name === 'void')) continue;
    const params = fn.params.map((p, i) => paramOf(p.type, p.name || `arg${i}`));
    if (params.some((p) => p === undefined) || fn.variadic) continue;
    const symbol = symbolOf(fn);
    if (!symbol) continue;
    kernels.push({
      name: fn.name,
      opcode: FIRST_KERNEL_OPCODE + kernels.length,
      symbol,
      thunk: `${KERNEL_THUNK_PREFIX}${fn.name}`,
      params: params as KernelParam[],
      returnsTensor,
      fn,
    });
  }
  return kernels;
}

/** The rule, for error messages. */
export const KERNEL_RULE =
  'a kernel is a function defined in this file with external linkage that takes torch::Tensor (by const&, & or value) and scalars by value and returns torch::Tensor or void';
