// Which functions of a kernel source are kernels, without a shape file: the compiler's rule for the
// image's kernel table (language/kernel-rule.ts, one rule for the compiler, the checks and the
// editor). With a shape file, the kernels are the functions its NEURON_LIBRARY block names instead
// (shape-file.ts). Also the kind of each parameter, to compare a kernel with its shape function.

import type { Analysis } from '../frontend';
import { exportedFunctions as exported, isTensorType, kernelFunctions } from '../kernel-rule';
import type { FunctionDecl } from '../model/declarations';
import { nonReference, typeToString, unqualified, type Type } from '../model/types';

export { isTensorType as isTensorClass };

/** Functions defined at namespace scope in the analysed file with external linkage (kernel candidates of any signature). */
export function exportedFunctions(analysis: Analysis): FunctionDecl[] {
  return exported(analysis.model, analysis.file);
}

/** The kernels by the compiler's rule, in source order. */
export function ruleKernels(analysis: Analysis): FunctionDecl[] {
  return kernelFunctions(analysis.model, analysis.file);
}

/** A parameter's kind for comparing a kernel with its shape function: Tensor, int64_t, double, Scalar, or the type's spelling. */
export function paramKind(t: Type): string {
  const u = unqualified(nonReference(t));
  if (isTensorType(u)) return 'Tensor';
  if (u.kind === 'class' && u.decl.qualifiedName === 'c10::Scalar') return 'Scalar';
  if (u.kind === 'builtin' && u.name === 'long long') return 'int64_t';
  if (u.kind === 'builtin' && u.name === 'double') return 'double';
  return typeToString(u);
}
