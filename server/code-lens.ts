// Code lenses above kernel functions (the rule of language/kernel-rule.ts): "Run Kernel" and "Debug
// Kernel". Each carries the kernel's name and parameters (name, kind, type) so the editor can ask
// for the arguments (or reuse the remembered ones) and start a `q7` debug session.

import type { CodeLens } from 'vscode-languageserver/node';
import type { Analysis } from '../language';
import { FileContext } from '../language/checks';
import { kernelFunctions, kernelParamKind } from '../language';
import { typeToString } from '../language/model';
import { toRange } from './convert';

/** What a lens's command receives (after the document URI). */
export interface KernelLensArgs {
  readonly function: string;
  readonly params: readonly { readonly name: string; readonly kind: 'tensor' | 'scalar'; readonly type: string }[];
}

export const RUN_KERNEL_COMMAND = 'q7.runKernel';
export const DEBUG_KERNEL_COMMAND = 'q7.debugKernel';

export function kernelLenses(analysis: Analysis, file: string, uri: string): CodeLens[] {
  const kernels = new Set(kernelFunctions(analysis.model, file));
  if (kernels.size === 0) return [];
  const ctx = new FileContext(analysis);
  const out: CodeLens[] = [];
  for (const fc of ctx.functions) {
    if (!kernels.has(fc.fn)) continue;
    const name = fc.rangeOf(fc.fn.loc);
    if (name.file !== file) continue;
    const args: KernelLensArgs = {
      function: fc.fn.name,
      params: fc.fn.params.map((p, i) => ({ name: p.name || `arg${i}`, kind: kernelParamKind(p.type)!, type: typeToString(p.type) })),
    };
    const line = toRange(name).start.line;
    const range = { start: { line, character: 0 }, end: { line, character: 0 } };
    out.push({ range, command: { title: '▶ Run Kernel', command: RUN_KERNEL_COMMAND, arguments: [uri, args] } });
    out.push({ range, command: { title: 'Debug Kernel', command: DEBUG_KERNEL_COMMAND, arguments: [uri, args] } });
  }
  return out;
}
