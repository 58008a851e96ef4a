// The first seed's header paths: `ATen/core/TensorAccessor.h` and `neuron_torch_extension/Q7PtrType.h`
// hold the declarations (the SDK's own headers include them by these paths), and the shorter paths
// forward to them, so a kernel may include either spelling, or both.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import { sdkHeaders } from '../../language/sdk';
import { sharedFrontend } from './grammar';

describe("language/SDK headers at the seed's paths", () => {
  it('serves both paths and the SDK includes the seed paths', () => {
    const h = sdkHeaders();
    assert.match(h.get('ATen/core/TensorAccessor.h')!, /class TensorAccessorBase/);
    assert.match(h.get('neuron_torch_extension/Q7PtrType.h')!, /struct Q7PtrType/);
    assert.match(h.get('ATen/core/TensorAccessor.h')!, /#include <neuron_torch_extension\/Q7PtrType\.h>/);
    assert.match(h.get('ATen/TensorBase.h')!, /#include <ATen\/core\/TensorAccessor\.h>/);
    assert.equal(h.get('ATen/TensorAccessor.h'), '#pragma once\n#include <ATen/core/TensorAccessor.h>\n');
    assert.equal(h.get('c10/Q7PtrType.h'), '#pragma once\n#include <neuron_torch_extension/Q7PtrType.h>\n');
  });

  for (const includes of [
    ['neuron_torch_extension/Q7PtrType.h', 'ATen/core/TensorAccessor.h'],
    ['c10/Q7PtrType.h', 'ATen/TensorAccessor.h', 'ATen/core/TensorAccessor.h', 'neuron_torch_extension/Q7PtrType.h', 'torch/torch.h'],
  ]) {
    it(`a kernel including ${includes.join(', ')} checks clean`, async () => {
      const fe = await sharedFrontend();
      const code = `${includes.map((i) => `#include <${i}>`).join('\n')}
float first(c10::Q7PtrType p, const int64_t* sizes, const int64_t* strides, at::CoherencyEnforcer& e) {
  at::TensorAccessor<float, 1, true> a(p, sizes, strides, e);
  return a[0];
}
`;
      const r = fe.analyze('/k.cpp', memoryHost({ '/k.cpp': code }));
      assert.deepEqual(r.diagnostics.map((d) => d.message), []);
    });
  }

  it('can fail: a header that does not exist is an error', async () => {
    const fe = await sharedFrontend();
    const r = fe.analyze('/k.cpp', memoryHost({ '/k.cpp': '#include <ATen/core/NoSuchHeader.h>\n' }));
    assert.equal(r.diagnostics.length, 1);
  });
});
