// .npy reading of files written by NumPy (fixtures/, made with np.save / np.lib.format.write_array),
// writing (read back, and header layout), malformed files, generators and comparison.

import { strict as assert } from 'node:assert';
import * as fs from 'fs';
import * as path from 'path';
import { DTYPES, NpyError, compareTensors, generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy, SpecError, numberToHalf, halfToNumber, numberToBf16 } from '../../tensors';

const FIX = path.join(__dirname, '..', '..', '..', 'test', 'tensors', 'fixtures');
const load = (name: string) => readNpy(new Uint8Array(fs.readFileSync(path.join(FIX, name))), name);

describe('tensors: .npy', () => {
  it('reads every supported dtype as NumPy wrote it', () => {
    const f32 = load('f32_2x3.npy');
    assert.deepEqual([f32.dtype.name, f32.shape], ['float32', [2, 3]]);
    assert.deepEqual([...toNumbers(f32)], [1.5, -2, 3, 4, 5.25, -6]);
    const f16 = load('f16_4.npy');
    assert.equal(f16.dtype.name, 'float16');
    assert.deepEqual([...toNumbers(f16)].map((v) => Number(v.toPrecision(4))), [1, 0.333, -65500, 5.96e-8]);
    assert.deepEqual([...toNumbers(load('i32_3.npy'))], [1, -2, 2147483647]);
    assert.deepEqual([...toNumbers(load('i16_2x2.npy'))], [1, -2, 300, -32768]);
    assert.deepEqual([...toNumbers(load('i8_3.npy'))], [1, -2, 127]);
    assert.deepEqual([...toNumbers(load('u8_3.npy'))], [0, 200, 255]);
    const bf = load('bf16_3.npy');
    assert.equal(bf.dtype.name, 'bfloat16');
    assert.deepEqual([...toNumbers(bf)], [1, -2.5, 3.140625]);
  });

  it('reads Fortran order into C order and format version 2.0', () => {
    assert.deepEqual([...toNumbers(load('f32_fortran_2x3.npy'))], [1, 2, 3, 4, 5, 6]);
    assert.deepEqual([...toNumbers(load('f32_v2_2.npy'))], [7, 8]);
    assert.deepEqual(load('scalar_f32.npy').shape, []);
  });

  it('writes files that read back identically with a 64-byte aligned header', () => {
    for (const name of ['f32_2x3.npy', 'f16_4.npy', 'bf16_3.npy', 'i8_3.npy', 'u8_3.npy', 'i16_2x2.npy', 'i32_3.npy']) {
      const t = load(name);
      const bytes = writeNpy(t);
      const hlen = bytes[8] | (bytes[9] << 8);
      assert.equal((10 + hlen) % 64, 0, name);
      assert.equal(bytes[10 + hlen - 1], 0x0a);
      const back = readNpy(bytes, 'x.npy');
      assert.deepEqual([back.dtype.name, back.shape, [...back.data]], [t.dtype.name, t.shape, [...t.data]], name);
    }
    // NumPy's own bytes for the same array (header text included) are reproduced exactly
    const orig = new Uint8Array(fs.readFileSync(path.join(FIX, 'i32_3.npy')));
    assert.deepEqual([...writeNpy(load('i32_3.npy'))], [...orig]);
  });

  it('rejects malformed files naming the file and the cause', () => {
    const good = new Uint8Array(fs.readFileSync(path.join(FIX, 'f32_2x3.npy')));
    const cases: [Uint8Array, RegExp][] = [
      [new TextEncoder().encode('hello world'), /bad\.npy: not a \.npy file/],
      [good.subarray(0, 30), /bad\.npy: truncated header/],
      [good.subarray(0, good.length - 4), /bad\.npy: truncated data: shape \(2, 3\) of float32 needs 24 bytes, the file holds 20/],
      [new Uint8Array([...good, 0, 0]), /2 bytes of trailing data/],
      [new Uint8Array(fs.readFileSync(path.join(FIX, 'f64_2.npy'))), /unsupported dtype '<f8'/],
      [new Uint8Array(fs.readFileSync(path.join(FIX, 'f32_big_endian.npy'))), /unsupported dtype '>f4'/],
    ];
    const badVersion = good.slice();
    badVersion[6] = 9;
    cases.push([badVersion, /unsupported \.npy format version 9\.0/]);
    const badShape = good.slice();
    badShape.set(new TextEncoder().encode("(2, x)"), new TextDecoder('latin1').decode(good).indexOf('(2, 3)'));
    cases.push([badShape, /malformed \.npy header \(shape entry 'x'/]);
    for (const [bytes, re] of cases) {
      assert.throws(() => readNpy(bytes, 'bad.npy'), (e: unknown) => e instanceof NpyError && re.test(e.message));
    }
  });
});

describe('tensors: conversions, generators, comparison', () => {
  it('rounds float16 and bfloat16 to nearest even', () => {
    assert.equal(numberToHalf(1), 0x3c00);
    assert.equal(numberToHalf(1 + 2 ** -11), 0x3c00); // tie → even
    assert.equal(numberToHalf(1 + 3 * 2 ** -11), 0x3c02);
    assert.equal(numberToHalf(70000), 0x7c00);
    assert.equal(halfToNumber(numberToHalf(2 ** -24)), 2 ** -24);
    assert.equal(numberToBf16(1 + 2 ** -8), 0x3f80);
    assert.equal(numberToBf16(1 + 3 * 2 ** -8), 0x3f82);
  });

  it('parses specs and generates deterministic tensors', () => {
    const spec = parseTensorSpec('shape=4x8,dtype=float32,init=randn,seed=3');
    assert.deepEqual(spec, { shape: [4, 8], dtype: 'float32', init: 'randn', seed: 3 });
    const a = toNumbers(generateTensor(spec));
    const b = toNumbers(generateTensor(spec));
    assert.deepEqual([...a], [...b]);
    const c = toNumbers(generateTensor({ ...spec, seed: 4 }));
    assert.notDeepEqual([...a], [...c]);
    const mean = a.reduce((s, v) => s + v, 0) / a.length;
    assert.ok(Math.abs(mean) < 1 && a.some((v) => v < 0) && a.some((v) => v > 0));
    assert.deepEqual([...toNumbers(generateTensor(parseTensorSpec('shape=5,dtype=int16,init=arange')))], [0, 1, 2, 3, 4]);
    assert.deepEqual([...toNumbers(generateTensor(parseTensorSpec('shape=2x2,init=ones')))], [1, 1, 1, 1]);
    const u = toNumbers(generateTensor(parseTensorSpec('shape=1000,init=uniform')));
    assert.ok(u.every((v) => v >= -1 && v < 1));
    for (const bad of ['dtype=float32', 'shape=4xq', 'shape=4,dtype=float64', 'shape=4,init=normal', 'shape=4,seed=-1', 'shape=4,color=red']) {
      assert.throws(() => parseTensorSpec(bad), SpecError, bad);
    }
  });

  it('compares with rtol/atol and reports mismatches', () => {
    const t = (vals: number[]) => ({ dtype: DTYPES.float32, shape: [2, 2], data: new Uint8Array(new Float32Array(vals).buffer) });
    const ok = compareTensors(t([1, 2, 3, 4]), t([1, 2, 3, 4.000001]), 1e-5, 1e-8);
    assert.equal(ok.ok, true);
    const bad = compareTensors(t([1, 2, 3.5, 4]), t([1, 2.1, 3, 4]), 1e-5, 1e-8);
    assert.equal(bad.ok, false);
    assert.equal(bad.mismatches, 2);
    assert.deepEqual(bad.first.map((m) => m.index), ['[0][1]', '[1][0]']);
    assert.equal(bad.maxAbsError, 0.5);
    const shape = compareTensors(t([1, 2, 3, 4]), { ...t([1, 2, 3, 4]), shape: [4] }, 0, 0);
    assert.match(shape.shapeError ?? '', /shape 2x2 differs from the expected 4/);
  });

  it('counts equal infinities as equal even with zero tolerances, opposite ones as a mismatch', () => {
    const t = (vals: number[]) => ({ dtype: DTYPES.float32, shape: [4], data: new Uint8Array(new Float32Array(vals).buffer) });
    const same = compareTensors(t([Infinity, -Infinity, NaN, 0]), t([Infinity, -Infinity, NaN, 0]), 0, 0);
    assert.equal(same.ok, true);
    assert.equal(same.mismatches, 0);
    const opposite = compareTensors(t([Infinity, 1, 2, 3]), t([-Infinity, 1, 2, 3]), 0, 0);
    assert.equal(opposite.ok, false);
    assert.deepEqual(opposite.first.map((m) => m.index), ['[0]']);
    const finite = compareTensors(t([Infinity, 1, 2, 3]), t([5, 1, 2, 3]), 1, 1);
    assert.equal(finite.mismatches, 1);
  });
});
