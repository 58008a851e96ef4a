// The conditional operator with class operands ([expr.cond]): the type and value category of the
// result, the conversions made explicit on the operands (a `user-conversion` call, then an `implicit`
// standard conversion to the result type), and the errors for ambiguous and incompatible operands.

import * as assert from 'node:assert/strict';
import { memoryHost, types } from '../../language';
import type { Expr } from '../../language/model/expressions';
import { sharedFrontend } from './grammar';

/** Each conditional of the body as `text: type category | operand shapes`. */
function describeConditionals(src: string, file: string): Promise<{ errors: string[]; seen: string[] }> {
  return sharedFrontend().then((fe) => {
    const a = fe.analyze(file, memoryHost({ [file]: src }));
    const seen: string[] = [];
    const shape = (e: Expr): string => (e.kind === 'implicit' || e.kind === 'user-conversion' ? `${e.kind}<${types.typeToString(e.type)}>(${shape(e.operands![0])})` : types.typeToString(e.type));
    const visit = (e: Expr) => {
      if (e.kind === 'conditional') {
        const text = e.loc.unit.text.slice(e.loc.start, e.loc.end);
        seen.push(`${text}: ${types.typeToString(e.type)} ${e.cat} | ${shape(e.operands![1])} : ${shape(e.operands![2])}`);
      }
      for (const o of e.operands ?? []) visit(o);
      if (e.object) visit(e.object);
    };
    for (const f of a.model.functions) if (f.analysed && !f.body?.unit.system) for (const e of f.analysed.fullExpressions) visit(e);
    return { errors: a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.range.start.line + 1}:${d.range.start.column + 1} ${d.message}`), seen };
  });
}

describe('language/conditional operator with class operands', function () {
  this.timeout(60000);

  it('converts accessor element proxies as C++ does (AWS relu.cpp)', async () => {
    const src = [
      '#include <torch/torch.h>',
      'void k(const torch::Tensor& t_in, torch::Tensor& t_out) {',
      '  auto in = t_in.accessor<float, 2>();',
      '  auto out = t_out.accessor<float, 2>();',
      '  out[0][0] = in[0][0] > 0.0 ? in[0][0] : 0.0;',
      '  out[0][1] = in[0][1] > 0 ? 0 : in[0][1];',
      '  out[0][2] = true ? in[0][2] : out[0][2];',
      '  out[0][3] = false ? out[0][3] : (true ? 1.0f : in[0][3]);',
      '}',
    ].join('\n');
    const { errors, seen } = await describeConditionals(src, '/cond-proxy.cpp');
    assert.deepEqual(errors, []);
    const ro = 'at::TensorElementReference<float, true>';
    const rw = 'at::TensorElementReference<float, false>';
    assert.deepEqual(seen, [
      `in[0][0] > 0.0 ? in[0][0] : 0.0: double prvalue | implicit<double>(user-conversion<float>(${ro})) : double`,
      `in[0][1] > 0 ? 0 : in[0][1]: int prvalue | int : implicit<int>(user-conversion<float>(${ro}))`,
      `true ? in[0][2] : out[0][2]: float prvalue | user-conversion<float>(${ro}) : user-conversion<float>(${rw})`,
      `false ? out[0][3] : (true ? 1.0f : in[0][3]): float prvalue | user-conversion<float>(${rw}) : float`,
      `(true ? 1.0f : in[0][3]): float prvalue | float : user-conversion<float>(${ro})`,
    ]);
  });

  it('reports ambiguous and incompatible operands, and keeps class results', async () => {
    const src = [
      'struct Two { Two(int) {} operator int() const { return 1; } };',
      'struct Many { operator int() const { return 1; } operator float() const { return 2; } };',
      'struct X {};',
      'struct B { int v; }; struct D : B {};',
      'struct P { int* p; operator int*() const { return p; } };',
      'void f(bool c, Two t, Many m, X x, B b, D d, P p, int* q, int i) {',
      '  c ? t : 1;',
      '  c ? m : x;',
      '  c ? x : i;',
      '  B y = c ? b : d;',
      '  int* r = c ? p : q;',
      '  double e = c ? m : 1.0;',
      '}',
    ].join('\n');
    const { errors, seen } = await describeConditionals(src, '/cond-errors.cpp');
    assert.deepEqual(errors, [
      "7:3 conditional expression is ambiguous; 'Two' can be converted to 'int' and vice versa",
      "8:3 incompatible operand types ('Many' and 'X')",
      "9:3 incompatible operand types ('X' and 'int')",
    ]);
    assert.deepEqual(seen, [
      'c ? b : d: B prvalue | B : D',
      'c ? p : q: int * prvalue | user-conversion<int *>(P) : int *',
      // float -> double (a promotion) beats int -> double
      'c ? m : 1.0: double prvalue | implicit<double>(user-conversion<float>(Many)) : double',
    ]);
  });
});
