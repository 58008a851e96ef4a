// Q7-S016 a kernel file against its shape file (CheckOptions.shapeSource; shape-file.ts says how it
// is found): a kernel registered with different parameters than its shape function (the framework
// calls both with the same arguments), a registered compute-function name with no function in this
// file (the build of the compute library fails), and a kernel by the compiler's rule that no m.def
// registers (torch.ops.<ns>.<op> will not exist). In the shape file itself: one library per file.

import type { SourceRange } from '../diagnostics';
import type { FunctionDecl } from '../model/declarations';
import { isTensorClass, exportedFunctions, paramKind, ruleKernels } from './kernel-rule';
import type { FileContext } from './context';
import { parseShapeLibrary, type ShapeLibrary, type TextPos } from './shape-file';
import type { Check } from './types';
import { unqualified } from '../model/types';

const CODE = 'Q7-S016';

export const shapeAgreementCheck: Check = {
  code: CODE,
  name: 'shape-file-agreement',
  summary: 'kernels and the shape file that registers them disagree',
  runFile(ctx: FileContext) {
    const src = ctx.shapeSource;
    if (!src || parseShapeLibrary(ctx.sourceText)) return;
    const lib = parseShapeLibrary(src.text);
    if (!lib) return;
    const fns = exportedFunctions(ctx.analysis);
    const shapeName = src.path.slice(src.path.lastIndexOf('/') + 1);
    const at = (start: TextPos, end: TextPos): SourceRange => ({ file: src.path, start, end });
    for (const r of lib.registrations) {
      const fn = fns.find((f) => f.name === r.kernel);
      if (!fn) {
        ctx.report({
          range: at(r.kernelAt.start, r.kernelAt.end),
          severity: 'warning',
          code: CODE,
          message: `'${r.op}' is registered with compute function "${r.kernel}", which ${ctx.analysis.file.slice(ctx.analysis.file.lastIndexOf('/') + 1)} does not define`,
          notes: [{ message: "no function of that name with external linkage here: the compute library's build fails unless another compute source defines it" }],
          help: `define "${r.kernel}" in this file (not static), or register the function it does define`,
        });
        continue;
      }
      compareParams(ctx, fn, lib, r.shapeFn, shapeName, at);
    }
    const registered = new Set(lib.registrations.map((r) => r.kernel));
    for (const fn of ruleKernels(ctx.analysis)) {
      if (registered.has(fn.name) || !isTensorClass(unqualified(fn.ret))) continue;
      ctx.report({
        range: fn.loc.range,
        severity: 'warning',
        code: CODE,
        message: `kernel '${fn.name}' is not registered in ${shapeName}`,
        notes: [{ message: `no m.def of NEURON_LIBRARY(${lib.ns}, ...) names it, so no torch.ops.${lib.ns} op calls it` }],
        help: `add m.def("${fn.name}", &<shape function>, "${fn.name}"), or make it static if it is a helper`,
      });
    }
  },
};

function compareParams(ctx: FileContext, fn: FunctionDecl, lib: ShapeLibrary, shapeFn: string, shapeName: string, at: (s: TextPos, e: TextPos) => SourceRange): void {
  const shape = lib.functions.get(shapeFn);
  if (!shape) return;
  const mine = fn.params.map((p) => paramKind(p.type));
  const shapeNote = { range: at(shape.at.start, shape.at.end), message: `shape function '${shapeFn}(${shape.params.join(', ')})' in ${shapeName}` };
  const help = 'give the kernel and its shape function the same parameters';
  if (mine.length !== shape.params.length) {
    ctx.report({
      range: fn.loc.range,
      severity: 'error',
      code: CODE,
      message: `kernel '${fn.name}' takes ${mine.length} parameter${mine.length === 1 ? '' : 's'} but its shape function '${shapeFn}' takes ${shape.params.length}`,
      notes: [
        { message: `the kernel takes (${mine.join(', ')})` },
        shapeNote,
        { message: "the framework calls both with the op's arguments, so the kernel would read arguments that are not there" },
      ],
      help,
    });
    return;
  }
  mine.forEach((k, i) => {
    if (k === shape.params[i]) return;
    const p = fn.params[i];
    ctx.report({
      range: p.loc.range,
      severity: 'error',
      code: CODE,
      message: `parameter ${i + 1} of kernel '${fn.name}' is ${k} but ${shape.params[i]} in its shape function '${shapeFn}'`,
      notes: [shapeNote, { message: 'the framework calls both with the same arguments' }],
      help,
    });
  });
}
