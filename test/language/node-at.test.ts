// The position query behind hovers: model.nodeAt(file, line, column) finds the innermost expression or
// declaration with its type, value category, constant value and the layout of its type.

import * as assert from 'node:assert/strict';
import { memoryHost, type Analysis } from '../../language';
import { sharedFrontend } from './grammar';

const FILE = '/hover/k.cpp';
const SRC = [
  '#include <torch/torch.h>',
  'struct Pair { int64_t a; float b; };',
  'constexpr int kTile = 3 * 4;',
  'torch::Tensor f(const torch::Tensor& t_in) {',
  '  auto acc = t_in.accessor<float, 2>();',
  '  Pair p{1, 2.0f};',
  '  float x = acc[0][1] * p.b + kTile;',
  '  int64_t n = t_in.size(0) + x;',
  '  return t_in;',
  '}',
].join('\n');

/** nodeAt at the first occurrence of `needle` on 1-based `line` (plus `delta` columns). */
function at(a: Analysis, line: number, needle: string, delta = 0) {
  const col = SRC.split('\n')[line - 1].indexOf(needle);
  assert.ok(col >= 0, `'${needle}' not on line ${line}`);
  return a.model.nodeAt(FILE, line - 1, col + delta);
}

describe('language/nodeAt', function () {
  this.timeout(60000);
  let a: Analysis;
  before(async () => {
    const fe = await sharedFrontend();
    a = fe.analyze(FILE, memoryHost({ [FILE]: SRC }));
    assert.deepEqual(a.diagnostics.map((d) => d.message), []);
  });

  it('finds a local declaration with its type and layout', () => {
    const r = at(a, 5, 'acc');
    assert.equal(r?.kind, 'declaration');
    assert.equal(r?.decl?.kind === 'var' && r.decl.name, 'acc');
    assert.equal(r?.typeText, 'at::TensorAccessor<float, 2, true, long long>');
    assert.deepEqual([r?.layout?.size, r?.layout?.align, r?.layout?.class?.vptrOffset], [40, 8, 0]);
    assert.deepEqual([r?.range.start, r?.range.end], [{ line: 4, column: 7 }, { line: 4, column: 10 }]);
  });

  it('finds the innermost expression: a name, a member call, a subscript, an operator', () => {
    const name = at(a, 5, 't_in');
    assert.deepEqual([name?.kind, name?.typeText, name?.valueCategory, name?.decl?.kind], ['expression', 'const at::Tensor', 'lvalue', 'var']);
    const call = at(a, 5, 'accessor');
    assert.equal(call?.text, 't_in.accessor<float, 2>()');
    assert.deepEqual([call?.kind, call?.valueCategory, call?.decl?.kind === 'function' && call.decl.name], ['expression', 'prvalue', 'accessor']);
    const elem = at(a, 7, '[1]', 1);
    assert.equal(elem?.text, '1');
    assert.equal(at(a, 7, '[1]')?.text, 'acc[0][1]');
    assert.equal(at(a, 7, '[1]')?.typeText, 'at::TensorElementReference<float, true>');
    assert.deepEqual([at(a, 7, '[1]')?.layout?.size, at(a, 7, '[1]')?.layout?.class?.fields.map((f) => `${f.name}@${f.offset}`)], [24, ['data_@0', 'index_@16']]);
    const mul = at(a, 7, '* p', 0);
    assert.equal(mul?.text, 'acc[0][1] * p.b');
    assert.equal(mul?.typeText, 'float');
  });

  it('gives constant values, member layouts and the types of type specifiers', () => {
    const k = at(a, 7, 'kTile');
    assert.deepEqual([k?.kind, k?.value, k?.typeText], ['expression', 12, 'const int']);
    const decl = at(a, 3, 'kTile');
    assert.deepEqual([decl?.kind, decl?.value], ['declaration', 12]);
    const pair = at(a, 2, 'Pair');
    assert.deepEqual([pair?.kind, pair?.layout?.size, pair?.layout?.align, pair?.layout?.class?.fields.map((f) => f.offset)], ['declaration', 16, 8, [0, 8]]);
    const field = at(a, 7, 'p.b', 2);
    assert.deepEqual([field?.text, field?.typeText, field?.decl?.kind], ['p.b', 'float', 'field']);
    const spec = at(a, 4, 'Tensor&');
    assert.deepEqual([spec?.kind, spec?.typeText, spec?.layout?.size], ['type', 'at::Tensor', 20]);
    const fn = at(a, 4, 'f(');
    assert.deepEqual([fn?.kind, fn?.typeText], ['declaration', 'at::Tensor (const at::Tensor &)']);
  });

  it('prints the typedef names the source used (int64_t, c10::IntArrayRef), not what they stand for', () => {
    const n = at(a, 8, 'n =');
    assert.deepEqual([n?.typeText, n?.layout?.size, n?.layout?.align], ['int64_t', 8, 8]);
    assert.equal(at(a, 8, 'size')?.typeText, 'int64_t');
    assert.equal(at(a, 8, '+ x')?.typeText, 'float');
  });

  it('shows a class template member as its instance analysed it, not as the check at the definition did', async () => {
    const file = '/hover/box.cpp';
    const src = ['template <typename T> struct Box {', '  T v;', '  T twice() const { return v + v; }', '};', 'float g() { Box<float> b{1.0f}; return b.twice(); }'].join('\n');
    const fe = await sharedFrontend();
    const b = fe.analyze(file, memoryHost({ [file]: src }));
    assert.deepEqual(b.diagnostics.map((d) => d.message), []);
    const sum = b.model.nodeAt(file, 2, src.split('\n')[2].indexOf('+'));
    assert.deepEqual([sum?.text, sum?.typeText], ['v + v', 'float']);
  });

  it('answers nothing outside code, and follows a declaration that moved after an edit', async () => {
    assert.equal(a.model.nodeAt(FILE, 9, 5), undefined);
    assert.equal(a.model.nodeAt('/elsewhere.cpp', 4, 8), undefined);
    const fe = await sharedFrontend();
    const moved = SRC.replace('struct Pair', '// two\n// lines\nstruct Pair');
    const b = fe.analyze(FILE, memoryHost({ [FILE]: moved }));
    const r = b.model.nodeAt(FILE, 8, SRC.split('\n')[6].indexOf('acc'));
    assert.deepEqual([r?.text, r?.range.start.line], ['acc', 8]);
  });
});
