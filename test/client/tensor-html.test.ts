// The tensor viewer page (client/tensor-html.ts): a strict CSP with the nonce on its only style and
// script and nothing external; the table with the elements that differ from expect marked; names
// escaped.

import * as assert from 'node:assert/strict';
import { differs, tensorPage } from '../../client/tensor-html';

describe('client: tensor viewer page', () => {
  const page = tensorPage({ name: 'out<b>', dtype: 'float32', shape: [2, 3], values: [0, 1, 2, 3, 4, 5], expected: [0, 1, 2, 3, 4.5, 5] }, 'N0NCE');

  it('allows only its own nonce-tagged style and script and loads nothing from outside', () => {
    assert.match(page, /content="default-src 'none'; img-src data:; style-src 'nonce-N0NCE'; script-src 'nonce-N0NCE';"/);
    assert.equal((page.match(/<script/g) ?? []).length, 1);
    assert.match(page, /<script nonce="N0NCE">/);
    assert.match(page, /<style nonce="N0NCE">/);
    assert.doesNotMatch(page, /https?:\/\//);
    assert.doesNotMatch(page, /\bsrc=/);
  });

  it('shows the table by rows of the last dimension with the one differing element marked', () => {
    assert.equal((page.match(/<tr><th>\d+<\/th>/g) ?? []).length, 2);
    assert.equal((page.match(/class="diff"/g) ?? []).length, 1);
    assert.match(page, /<td class="diff" title="expected 4.5">4<\/td>/);
    assert.match(page, /1 of 6 elements differ from expect/);
    assert.match(page, /out&#60;b&#62;: float32 \[2, 3\]/);
  });

  it('compares like allclose (atol + rtol·|expected|, NaN equal only to NaN)', () => {
    assert.equal(differs(1, 1 + 1e-9), false);
    assert.equal(differs(1, 1.001), true);
    assert.equal(differs(NaN, NaN), false);
    assert.equal(differs(NaN, 0), true);
  });
});
