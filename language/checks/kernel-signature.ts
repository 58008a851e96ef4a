// Q7-K013 kernel signatures the framework does not accept: a scalar parameter other than int64_t or
// double (an `int` or `float`; fix: the accepted type), another parameter type (pointers, vectors),
// a return type other than torch::Tensor, and more than 10 functions in one library (counted in the
// shape file's NEURON_LIBRARY block, or among the kernels by the compiler's rule when there is no
// shape file). Kernels are the functions the shape file registers (errors) or, without one, those
// the compiler's rule takes that return torch::Tensor (kernel-rule.ts; warnings, since a helper may fit
// the rule: make it static). Without a shape file a void function is taken for a helper.
// Reads a parameter's and the return type's spelling in the syntax tree: the fix rewrites that text.

import type { SourceRange } from '../diagnostics';
import type { FunctionDecl, ParamDecl } from '../model/declarations';
import { isFloating, isIntegral, nonReference, quoteType, unqualified } from '../model/types';
import type { FileContext } from './context';
import { exportedFunctions, isTensorClass, paramKind, ruleKernels } from './kernel-rule';
import { parseShapeLibrary, type ShapeLibrary } from './shape-file';
import { ancestor, nodeOfLoc } from './syntax';
import type { Check, Fix } from './types';

const CODE = 'Q7-K013';
export const MAX_LIBRARY_FUNCTIONS = 10;
const ACCEPTED = new Set(['Tensor', 'int64_t', 'double', 'Scalar']);

export const kernelSignatureCheck: Check = {
  code: CODE,
  name: 'kernel-signature',
  summary: 'kernel parameters, return types or counts the custom-op framework does not accept',
  runFile(ctx: FileContext) {
    const own = parseShapeLibrary(ctx.sourceText);
    if (own) return libraryLimit(ctx, own);
    const lib = ctx.shapeSource ? parseShapeLibrary(ctx.shapeSource.text) : undefined;
    const registered = lib && lib.registrations.length ? new Set(lib.registrations.map((r) => r.kernel)) : undefined;
    const kernels = registered
      ? exportedFunctions(ctx.analysis).filter((f) => registered.has(f.name))
      : ruleKernels(ctx.analysis).filter((f) => isTensorClass(unqualified(f.ret)));
    const severity = registered ? 'error' : 'warning';
    for (const fn of kernels) signature(ctx, fn, severity, !registered);
    if (!registered && kernels.length > MAX_LIBRARY_FUNCTIONS) {
      for (const fn of kernels.slice(MAX_LIBRARY_FUNCTIONS)) {
        ctx.report({
          range: fn.loc.range,
          severity: 'error',
          code: CODE,
          message: `'${fn.name}' is kernel ${kernels.indexOf(fn) + 1} of this file: more than a library holds`,
          notes: [{ message: `a custom-op library holds at most ${MAX_LIBRARY_FUNCTIONS} functions` }],
          help: 'split the kernels into two libraries, or make helpers static so they are not kernels',
        });
      }
    }
  },
};

function libraryLimit(ctx: FileContext, lib: ShapeLibrary): void {
  lib.registrations.slice(MAX_LIBRARY_FUNCTIONS).forEach((r, i) => {
    ctx.report({
      range: { file: ctx.analysis.file, start: r.start, end: r.end },
      severity: 'error',
      code: CODE,
      message: `'${r.op}' is function ${MAX_LIBRARY_FUNCTIONS + i + 1} of library '${lib.ns}': more than a library holds`,
      notes: [{ message: `a custom-op library holds at most ${MAX_LIBRARY_FUNCTIONS} functions (and a model at most one library)` }],
      help: 'merge ops or split the library',
    });
  });
}

function signature(ctx: FileContext, fn: FunctionDecl, severity: 'error' | 'warning', byRule: boolean): void {
  const helper = byRule ? `; if '${fn.name}' is a helper, not a kernel, make it static` : '';
  for (const p of fn.params) {
    const kind = paramKind(p.type);
    if (ACCEPTED.has(kind)) continue;
    const t = unqualified(nonReference(p.type));
    const better = isIntegral(t) ? 'int64_t' : isFloating(t) ? 'double' : undefined;
    ctx.report({
      range: p.loc.range,
      severity,
      code: CODE,
      message: `kernel '${fn.name}' takes '${p.name || 'a parameter'}' as ${quoteType(p.type)}, which the framework does not pass`,
      notes: [
        { message: 'the framework passes only torch::Tensor, torch::Scalar, int64_t and double (a Python int arrives as int64_t, a float as double)' },
        ...(better ? [{ message: 'so the kernel would read the wrong bytes' }] : []),
      ],
      help: `${better ? `declare it ${better}` : 'take one of those types'}${helper}`,
      fixes: better ? typeFix(ctx, p, better) : [],
    });
  }
  if (!isTensorClass(unqualified(fn.ret))) {
    ctx.report({
      range: returnRange(fn),
      severity,
      code: CODE,
      message: `kernel '${fn.name}' returns ${quoteType(fn.ret)}, not torch::Tensor`,
      notes: [{ message: 'a kernel returns exactly one torch::Tensor (with get_dst_tensor(), return that tensor)' }],
      help: `return torch::Tensor${helper}`,
    });
  }
}

/** Replaces the parameter's type specifier (`int n` → `int64_t n`) when it is written plainly in the file. */
function typeFix(ctx: FileContext, p: ParamDecl, better: string): Fix[] {
  const decl = nodeOfLoc(p.loc);
  const pd = decl.type === 'parameter_declaration' ? decl : ancestor(decl, (a) => a.type === 'parameter_declaration');
  const type = pd?.childForFieldName('type');
  if (!pd || !type) return [];
  const range = p.loc.unit.map.range(type.startIndex, type.endIndex);
  const line = ctx.sourceText.split('\n')[range.start.line] ?? '';
  if (range.file !== ctx.analysis.file || range.start.line !== range.end.line || line.slice(range.start.column, range.end.column) !== type.text) return [];
  return [{ title: `Declare '${p.name}' ${better}`, edits: [{ range, newText: better }] }];
}

function returnRange(fn: FunctionDecl): SourceRange {
  const def = fn.body?.node.parent;
  const type = def?.childForFieldName('type');
  return type ? fn.body!.unit.map.range(type.startIndex, type.endIndex) : fn.loc.range;
}
