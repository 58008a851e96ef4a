// Literal decoding: string literal bytes (the compiler), integer and floating literal text (the front-end's constant values).

import { strict as assert } from 'node:assert';
import { parseFloatText, parseIntegerText } from '../../language';
import { stringLiteralBytes } from '../../compiler/lower/strings';

const bytes = (s: string) => [...stringLiteralBytes(s, undefined as never)];

describe('compiler literals', () => {
  it('decodes escapes, concatenation, UTF-8 and raw strings, with the terminating NUL', () => {
    assert.deepEqual(bytes('"a\\n\\t\\\\\\"\\x41\\101\\0z"'), [97, 10, 9, 92, 34, 0x41, 0o101, 0, 122, 0]);
    assert.deepEqual(bytes('"ab" "cd"'), [97, 98, 99, 100, 0]);
    assert.deepEqual(bytes('"é"'), [0xc3, 0xa9, 0]);
    assert.deepEqual(bytes('R"x(a\\n)x"'), [97, 92, 110, 0]);
    assert.deepEqual(bytes('u8"\\u00e9"'), [0xc3, 0xa9, 0]);
  });

  it('reads integer literals exactly in every base, with signs and suffixes', () => {
    assert.equal(parseIntegerText('0x7fffffffffffffffULL'), 0x7fffffffffffffffn);
    assert.equal(parseIntegerText('-1'), -1n);
    assert.equal(parseIntegerText('0755'), 0o755n);
    assert.equal(parseIntegerText('0b1011'), 11n);
    assert.equal(parseIntegerText("1'000'000"), 1000000n);
    assert.equal(parseIntegerText('18446744073709551615u'), 18446744073709551615n);
  });

  it('reads floating literals, hexadecimal ones included', () => {
    assert.equal(parseFloatText('1.5f'), 1.5);
    assert.equal(parseFloatText('-2.5e-3'), -2.5e-3);
    assert.equal(parseFloatText('0x1.8p3'), 12);
    assert.equal(parseFloatText('.5'), 0.5);
  });
});
