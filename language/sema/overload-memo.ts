// Remembers successful overload resolutions by the shape of the call (the candidates, and the type,
// value category and null-pointer-ness of the object and each argument): kernels repeat the same
// calls (`t.size(0)`, `acc[i][j]`, `t.accessor<float, 2>()`) many times.

import type { FunctionDecl, FunctionTemplate, TemplateArg } from '../model/declarations';
import type { Expr } from '../model/expressions';
import { argsKey, typeKey } from '../model/types';

/** The key of a call, or undefined when it cannot be remembered (a brace-list argument). */
export function callKey(candidates: readonly (FunctionDecl | FunctionTemplate)[], args: readonly Expr[], object: Expr | undefined, templateArgs: TemplateArg[] | undefined): string | undefined {
  let key = '';
  for (const c of candidates) key += `${c.id},`;
  key += `|${templateArgs ? argsKey(templateArgs) : '-'}|${object ? argKey(object) : '-'}`;
  for (const a of args) {
    if (a.list) return undefined;
    key += `|${argKey(a)}`;
  }
  return key;
}

function argKey(e: Expr): string {
  const zero = e.nullPointerConstant || (e.kind === 'number_literal' && e.value === 0) ? '0' : '';
  return `${typeKey(e.type)}${e.cat[0]}${zero}`;
}
