// The analysed SDK headers are shared by every file a front-end analyses: nothing a user file
// declares may leak into them and so into the next file's analysis.

import * as assert from 'node:assert/strict';
import { Frontend, memoryHost } from '../../language';
import { grammarBinaries } from './grammar';

const LEAK = `#include <torch/torch.h>
torch::Tensor torch::leaked(const torch::Tensor& t) { return t; }
`;
const USE = `#include <torch/torch.h>
torch::Tensor f(const torch::Tensor& t) { return torch::leaked(t); }
`;

describe('language/shared SDK layer', function () {
  this.timeout(120000);

  it('a qualified definition in one file adds nothing to the SDK namespaces another file sees', async () => {
    const fe = await Frontend.create(grammarBinaries());
    const first = fe.analyze('/a.cpp', memoryHost({ '/a.cpp': LEAK }));
    assert.ok(first.diagnostics.some((d) => d.code === 'no-such-member' && /leaked/.test(d.message)), 'the bad definition is reported');
    const second = fe.analyze('/b.cpp', memoryHost({ '/b.cpp': USE }));
    const fresh = (await Frontend.create(grammarBinaries())).analyze('/b.cpp', memoryHost({ '/b.cpp': USE }));
    assert.ok(second.diagnostics.some((d) => /leaked/.test(d.message)), 'torch::leaked is unknown in the second file');
    assert.deepEqual(second.diagnostics.map((d) => d.message), fresh.diagnostics.map((d) => d.message));
  });
});
