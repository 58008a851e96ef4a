// The SDK included through a user header: its code stays SDK code (the file it is written in decides,
// not who includes it), and a static_assert failing inside an SDK template that user code instantiates
// is reported at the user's instantiation point, exactly as when the kernel includes the SDK directly.

import * as assert from 'node:assert/strict';
import { memoryHost } from '../../language';
import type { Diagnostic } from '../../language/diagnostics';
import { parseFixture, type Expected } from './annotations';
import { sharedFrontend } from './grammar';

const KERNEL = `#include "helper.h"
void f(torch::Tensor& t) {
  auto a = t.accessor<float, 0>();
//         ^^^^^^^^^^^^^^^^^^^^^^ error: static assertion failed: accessor is used for indexing tensor
  const torch::Tensor& c = t;
  auto r = c.accessor<float, 1>();
  r[0] = 1.0f;
//^^^^ error: static assertion failed: cannot write through a read-only TensorAccessor
  int n = helper_twice(2) + before_sdk(1);
  torch::Tensor z = torch::zeros({2, 3}, torch::kFloat);
}
`;

/** The user header: code before and after the SDK includes. */
const HELPER = `#pragma once
int before_sdk(int);
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
inline int helper_twice(int x) { return 2 * x; }
`;

const show = (d: Diagnostic) => `${d.range.file}:${d.range.start.line + 1}:${d.range.start.column + 1} ${d.severity}: ${d.message}`;

function checkAnnotated(diagnostics: readonly Diagnostic[], file: string, expected: Expected[]): void {
  const unmatched = [...diagnostics];
  for (const e of expected) {
    const k = unmatched.findIndex((d) => d.range.file === file && d.range.start.line === e.line && d.range.start.column === e.column && d.severity === e.severity && d.message.startsWith(e.message));
    assert.ok(k >= 0, `expected at ${e.line + 1}:${e.column + 1} ${e.severity}: ${e.message}\ngot:\n${diagnostics.map(show).join('\n')}`);
    unmatched.splice(k, 1);
  }
  assert.deepEqual(unmatched.map(show), [], 'diagnostics without an annotation');
}

describe('language/SDK included through a user header', function () {
  this.timeout(60000);
  const { code, expected } = parseFixture(KERNEL);

  for (const [label, helper] of [
    ['the SDK first in the header', HELPER.replace('int before_sdk(int);\n', '')],
    ['user code before the SDK in the header', HELPER],
  ] as const) {
    it(`reports SDK template errors at the user's instantiation point (${label})`, async () => {
      const fe = await sharedFrontend();
      const file = `/through-header/${label.replace(/ /g, '-')}/kernel.cpp`;
      const helperPath = file.replace('kernel.cpp', 'helper.h');
      const text = label.startsWith('the SDK first') ? code.replace('helper_twice(2) + before_sdk(1)', 'helper_twice(2) + 1') : code;
      const a = fe.analyze(file, memoryHost({ [file]: text, [helperPath]: helper }));
      checkAnnotated(a.diagnostics, file, expected);
      // the SDK's declarations belong to the SDK's files, the header's own to the header
      const sdkUnits = a.units.filter((u) => u.file.startsWith('/q7-sdk/'));
      assert.ok(sdkUnits.length > 0 && sdkUnits.every((u) => u.system), 'SDK units are system units');
      const helperUnits = a.units.filter((u) => u.file === helperPath);
      assert.ok(helperUnits.length > 0 && helperUnits.every((u) => !u.system), 'the header keeps its own code');
      assert.ok(helperUnits.every((u) => !/namespace\s+(torch|at|c10)\b/.test(u.text)), 'no SDK code is attributed to the header');
      const zeros = a.model.nodeAt(file, 9, 29);
      assert.ok(zeros?.decl, 'torch::zeros is found');
      assert.ok(zeros.decl && 'loc' in zeros.decl && zeros.decl.loc?.unit.system, 'torch::zeros is SDK code');
    });
  }

  it('gives the same diagnostics as including the SDK directly', async () => {
    const fe = await sharedFrontend();
    const direct = '/through-header/direct/kernel.cpp';
    const text = code.replace('#include "helper.h"', '#include <torch/torch.h>').replace('helper_twice(2) + before_sdk(1)', '1');
    const a = fe.analyze(direct, memoryHost({ [direct]: text }));
    checkAnnotated(a.diagnostics, direct, expected);
  });
});
