// How the compiler gets the analysed body of a function. The model analyses a body when overload
// resolution picks the function; functions the compiler calls implicitly (a template instance's
// default constructor or destructor, run at a scope's end) may never have been analysed, so the
// compiler asks the model to analyse them on demand (errors found that late are not part of the compile).

import type { FunctionBody, SemanticModel } from '../../language';
import type { FunctionDecl } from '../../language/model';

/** The analysed body of `fn`, analysing it now if the model has not yet. */
export function bodyOf(model: SemanticModel, fn: FunctionDecl): FunctionBody | undefined {
  return model.analyse(fn);
}
