// The one place the compiler reaches past the semantic model's public surface. The model analyses a
// function body when overload resolution picks the function; functions the compiler calls implicitly
// (a template instance's default constructor or destructor, run at a scope's end) may never have been
// analysed. Until the model offers `analyse(fn)`, their bodies are analysed here through the analyser
// the model wraps, on behalf of the model (errors reported there are not part of the compile).

import type { SemanticModel } from '../../language';
import type { FunctionDecl } from '../../language/sema/decls';
import type { FunctionBody } from '../../language/sema/statements';
import { analyseFunctionBody } from '../../language/sema/statements';

interface ModelInternals {
  readonly analyzer?: { collecting<T>(sink: unknown[], fn: () => T): T; run<T>(fn: () => T): T };
}

/** The analysed body of `fn`, analysing it now if the model has not yet. */
export function bodyOf(model: SemanticModel, fn: FunctionDecl): FunctionBody | undefined {
  if (fn.analysed || !fn.body) return fn.analysed;
  const a = (model as unknown as ModelInternals).analyzer;
  if (!a || typeof a.collecting !== 'function' || typeof a.run !== 'function') return undefined;
  const reports: unknown[] = [];
  return a.collecting(reports, () => a.run(() => analyseFunctionBody(a as never, fn)));
}
