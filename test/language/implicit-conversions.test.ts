// Implicit conversions are explicit in the typed expression tree: Expr.implicit gives the target type
// and the steps (lvalue-to-rvalue, promotions, arithmetic conversions, null pointer, boolean, binding).

import * as assert from 'node:assert/strict';
import { memoryHost, types } from '../../language';
import type { Expr } from '../../language/sema/expr';
import { sharedFrontend } from './grammar';

const SRC = [
  '#include <torch/torch.h>',
  'float g(double d, const at::Tensor& t) {',
  '  int i = 3;',
  '  short s = 2;',
  '  float f = i + s * 2.0f;',
  '  int64_t n = t.size(i);',
  '  float* p = nullptr;',
  '  if (p && n) return f;',
  '  const at::Tensor& r = t;',
  '  return d;',
  '}',
].join('\n');

describe('language/implicit conversions', function () {
  this.timeout(60000);
  it('records the conversions of initialisers, operands, arguments, conditions and returns', async () => {
    const fe = await sharedFrontend();
    const a = fe.analyze('/conv.cpp', memoryHost({ '/conv.cpp': SRC }));
    assert.deepEqual(a.diagnostics, []);
    const seen: string[] = [];
    const visit = (e: Expr) => {
      const text = e.loc.unit.text.slice(e.loc.start, e.loc.end);
      if (e.implicit) seen.push(`${text} -> ${types.typeToString(e.implicit.to)}: ${e.implicit.steps.join(' ')}`);
      for (const o of e.operands ?? []) visit(o);
    };
    for (const f of a.model.functions) for (const e of f.analysed!.fullExpressions) visit(e);
    assert.deepEqual(seen, [
      '2 -> short: integral',
      'i -> float: lvalue-to-rvalue integral-to-floating',
      's -> float: lvalue-to-rvalue integral-to-floating',
      'i -> int64_t: lvalue-to-rvalue integral',
      'nullptr -> float *: null-pointer',
      'p -> bool: lvalue-to-rvalue boolean',
      'n -> bool: lvalue-to-rvalue boolean',
      'f -> float: lvalue-to-rvalue',
      't -> const at::Tensor &: bind-reference',
      'd -> float: lvalue-to-rvalue floating',
    ]);
  });
});
