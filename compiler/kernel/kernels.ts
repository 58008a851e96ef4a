// The kernels of a kernel source (entry points of the image's kernel_info_table, by the rule in
// language/kernel-rule.ts, shared with the editor), their opcodes (1, 2, … in source order), and how
// each parameter reaches them from the launch block's argv.

import type { ModelData } from '../../language';
import type { FunctionDecl, Type } from '../../language/model';
import { isTensorType, kernelFunctions, kernelParamKind } from '../../language';
import { FIRST_KERNEL_OPCODE, KERNEL_THUNK_PREFIX } from '../../target/q7/abi';
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

function paramOf(t: Type, name: string): KernelParam | undefined {
  const kind = kernelParamKind(t);
  if (kind === 'tensor') return { kind, name };
  if (kind === 'scalar') return { kind, name, mem: memTypeOf(t.const || t.volatile ? ({ ...t, const: false, volatile: false } as Type) : t) };
  return undefined;
}

/** The kernels of `file`, in source order, with their opcodes; `symbolOf` gives each function's symbol. */
export function findKernels(model: Pick<ModelData, 'functions'>, file: string, symbolOf: (fn: FunctionDecl) => string | undefined): Kernel[] {
  const kernels: Kernel[] = [];
  for (const fn of kernelFunctions(model, file)) {
    const returnsTensor = isTensorType(fn.ret);
    const params = fn.params.map((p, i) => paramOf(p.type, p.name || `arg${i}`));
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
  'a kernel is a function defined in this file (or a .cpp file it includes) with external linkage that takes torch::Tensor (by const&, & or value) and scalars by value and returns torch::Tensor or void';
