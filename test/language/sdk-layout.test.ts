// The SDK headers as the semantic model sees them: they check clean, and the seed's byte layouts hold.

import * as assert from 'node:assert/strict';
import { memoryHost, type Analysis } from '../../language';
import { sharedFrontend } from './grammar';

const SRC = '#include <torch/torch.h>\n#include <neuron/neuron-utils.hpp>\n#include <algorithm>\n#include <cmath>\n#include <stdio.h>\n';
let analysis: Analysis;

function layout(typeText: string) {
  const t = analysis.model.resolveType(typeText);
  assert.ok(t, `cannot resolve ${typeText}`);
  const sa = analysis.model.sizeAlign(t);
  assert.ok(sa && t.kind === 'class');
  const l = analysis.model.classLayout(t.decl)!;
  return { size: sa.size, align: sa.align, vptr: l.vptrOffset, fields: Object.fromEntries(l.fields.map((f) => [f.name, f.offset])) };
}

describe('language/sdk layouts (seed 000)', function () {
  this.timeout(60000);
  before(async () => {
    const fe = await sharedFrontend();
    analysis = fe.analyze('/k.cpp', memoryHost({ '/k.cpp': SRC }), { checkSystemBodies: true });
  });

  it('checks the SDK headers, bodies included, with no diagnostics', () => {
    assert.deepEqual(analysis.diagnostics.map((d) => `${d.range.file}:${d.range.start.line + 1}: ${d.message}`), []);
  });

  it('c10::Q7PtrType is 16 bytes: hbm_addr@0, ctx_ptr@8, is_nullptr@12 (int64 8-aligned)', () => {
    assert.deepEqual(layout('c10::Q7PtrType'), { size: 16, align: 8, vptr: undefined, fields: { hbm_addr: 0, ctx_ptr: 8, is_nullptr: 12 } });
  });

  it('at::CoherencyEnforcer is 16 bytes with its four counters/policy', () => {
    assert.deepEqual(layout('at::CoherencyEnforcer'), {
      size: 16, align: 4, vptr: undefined,
      fields: { buffered_readers_: 0, buffered_writers_: 4, unbuffered_accessors_: 8, policy_: 12 },
    });
  });

  it('coherency_enforcer_ is at TensorBase+4', () => {
    assert.equal(layout('at::TensorBase').fields.coherency_enforcer_, 4);
    assert.equal(layout('torch::Tensor').fields.coherency_enforcer_, undefined); // Tensor adds none; inherited at +4
  });

  it('TensorElementReference<float,false> is 24 bytes with index_@0x10', () => {
    assert.deepEqual(layout('at::TensorElementReference<float, false>'), { size: 24, align: 8, vptr: undefined, fields: { data_: 0, index_: 0x10 } });
  });

  it('TensorAccessorBase<float,3> is 40 bytes align 8: vptr@0, data_@8, sizes_@0x18, strides_@0x1C, enforcer&@0x20', () => {
    assert.deepEqual(layout('at::TensorAccessorBase<float, 3>'), {
      size: 40, align: 8, vptr: 0,
      fields: { data_: 8, sizes_: 0x18, strides_: 0x1c, coherency_enforcer_: 0x20 },
    });
  });

  it('TensorAccessor<float,3,false> is 40 bytes: the base at 0, no members of its own', () => {
    const t = analysis.model.resolveType('at::TensorAccessor<float, 3, false>');
    assert.ok(t && t.kind === 'class');
    const l = analysis.model.classLayout(t.decl)!;
    assert.deepEqual([l.size, l.align, l.vptrOffset, l.base?.offset, l.base?.decl.displayName(), l.fields.length], [40, 8, 0, 0, 'at::TensorAccessorBase<float, 3, long long>', 0]);
  });

  it('the N == 1 partial specialisation returns the element proxy; N > 1 peels a dimension', () => {
    const one = analysis.model.resolveType('at::TensorAccessor<float, 1, true>');
    const two = analysis.model.resolveType('at::TensorAccessor<float, 2, true>');
    assert.ok(one?.kind === 'class' && two?.kind === 'class');
    const ret = (c: typeof one) => {
      if (c?.kind !== 'class') return '';
      c.decl.require();
      const op = c.decl.scope.members.get('operator[]')!.find((d) => d.kind === 'function' && !d.isConst)!;
      return op.kind === 'function' ? (op.ret.kind === 'class' ? op.ret.decl.displayName() : '') : '';
    };
    assert.equal(ret(one), 'at::TensorElementReference<float, true>');
    assert.equal(ret(two), 'at::TensorAccessor<float, 1, true, long long>');
  });

  it('size_t is 4 bytes and int64_t 8 bytes aligned to 8', () => {
    const s = analysis.model.resolveType('size_t')!;
    const i = analysis.model.resolveType('int64_t')!;
    assert.deepEqual([analysis.model.sizeAlign(s), analysis.model.sizeAlign(i)], [{ size: 4, align: 4 }, { size: 8, align: 8 }]);
  });
});
