// Implicit conversions are explicit in the typed expression tree: Expr.implicit gives the target type
// and the steps (lvalue-to-rvalue, promotions, arithmetic conversions, null pointer, boolean, binding).

import * as assert from 'node:assert/strict';
import { memoryHost, types } from '../../language';
import type { Expr } from '../../language/model/expressions';
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

  it('keeps both operands of a comma and the callee and converted arguments of an indirect call', async () => {
    const fe = await sharedFrontend();
    const src = [
      'int k(int (*f)(double, const int&), short s, int v) {',
      '  int a = 0;',
      '  a = (s++, v);',
      '  return f(s, a) + (*f)(1, 2);',
      '}',
    ].join('\n');
    const a = fe.analyze('/ind.cpp', memoryHost({ '/ind.cpp': src }));
    assert.deepEqual(a.diagnostics, []);
    const seen: string[] = [];
    const visit = (e: Expr) => {
      const text = e.loc.unit.text.slice(e.loc.start, e.loc.end);
      if (e.kind === 'comma' || e.kind === 'indirect-call') {
        seen.push(`${e.kind} ${text} (${e.cat} ${types.typeToString(e.type)}): ${(e.operands ?? []).map((o) => o.loc.unit.text.slice(o.loc.start, o.loc.end)).join(' | ')}`);
      }
      if (e.implicit) seen.push(`${text} -> ${types.typeToString(e.implicit.to)}: ${e.implicit.steps.join(' ')}`);
      for (const o of e.operands ?? []) visit(o);
    };
    for (const f of a.model.functions) for (const e of f.analysed!.fullExpressions) visit(e);
    assert.deepEqual(seen, [
      'comma (s++, v) (lvalue int): s++ | v',
      '(s++, v) -> int: lvalue-to-rvalue',
      'indirect-call f(s, a) (prvalue int): f | s | a',
      's -> double: lvalue-to-rvalue integral-to-floating',
      'a -> const int &: qualification bind-reference',
      'indirect-call (*f)(1, 2) (prvalue int): (*f) | 1 | 2',
      '1 -> double: integral-to-floating',
      '2 -> const int &: materialize-temporary bind-reference',
    ]);
  });
});
