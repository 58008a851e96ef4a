// The build cache as the compiler uses it (compiler/cache/): a hit returns the bytes a fresh build
// gives; a change to the source, an included user header, a define or the optimisation level misses;
// a damaged entry is rebuilt; a failing store never fails a build; the runtime library is taken from
// the cache by a new front-end. SHA-256 is checked against Node's.

import * as assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { cachedBuild, compile, memoryCache, type BuildCache, type CompileOptions } from '../../compiler';
import { Sha256, unpackEntry } from '../../compiler/cache';
import { Frontend, memoryHost, type FileHost } from '../../language';
import { grammarBinaries, sharedFrontend } from '../language/grammar';
import { kernelDefines } from '../../session';

const FILE = '/k/scale.cpp';
const KERNEL = `#include <torch/torch.h>
#include "factor.h"

torch::Tensor scale(const torch::Tensor& x) {
  torch::Tensor out = get_dst_tensor();
  auto in = x.accessor<float, 1>();
  auto o = out.accessor<float, 1>();
  for (int64_t i = 0; i < x.size(0); i++) o[i] = in[i] * FACTOR;
  return out;
}
`;
const HEADER = '#pragma once\n#define FACTOR 2.0f\n';

function files(over: Record<string, string> = {}): Record<string, string> {
  return { [FILE]: KERNEL, '/k/factor.h': HEADER, ...over };
}

async function build(host: FileHost, cache: BuildCache | undefined, o: CompileOptions = {}) {
  return compile(await sharedFrontend(), FILE, host, { defines: kernelDefines({}), ...o, cache });
}

describe('compiler/cache: SHA-256', () => {
  it('matches node:crypto at every padding boundary, fed in pieces', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 4099]) {
      const b = randomBytes(n);
      const h = new Sha256().update(b.subarray(0, n >> 1)).update(b.subarray(n >> 1)).hex();
      assert.equal(h, createHash('sha256').update(b).digest('hex'), `length ${n}`);
    }
    assert.equal(new Sha256().update('abc').hex(), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('compiler/cache: whole builds', function () {
  this.timeout(120_000);

  it('a hit returns the ELF bytes, kernels and assembly of a fresh build', async () => {
    const cache = memoryCache();
    const fresh = await build(memoryHost(files()), undefined);
    assert.ok(fresh.elf, 'the kernel builds');
    const first = await build(memoryHost(files()), cache);
    assert.equal(first.cache, 'miss');
    assert.deepEqual(first.elf, fresh.elf);
    const second = await build(memoryHost(files()), cache);
    assert.equal(second.cache, 'hit');
    assert.deepEqual(second.elf, fresh.elf);
    assert.deepEqual(second.kernels, fresh.kernels);
    assert.equal(second.assembly, fresh.assembly);
    assert.deepEqual(second.image!.symbols.map((s) => [s.name, s.value]), fresh.image!.symbols.map((s) => [s.name, s.value]));
    // the lookup alone (no front-end) finds it too
    assert.deepEqual(cachedBuild(cache, FILE, memoryHost(files()), { defines: kernelDefines({}) })?.elf, fresh.elf);
  });

  it('misses when the source, an included header, a define or the optimisation level changes', async () => {
    const cache = memoryCache();
    const base = await build(memoryHost(files()), cache);
    assert.equal(base.cache, 'miss');
    const changes: [string, FileHost, CompileOptions][] = [
      ['source', memoryHost(files({ [FILE]: KERNEL.replace('* FACTOR', '* FACTOR + 1.0f') })), {}],
      ['header', memoryHost(files({ '/k/factor.h': HEADER.replace('2.0f', '3.0f') })), {}],
      ['define', memoryHost(files()), { defines: { ...kernelDefines({}), EXTRA: '1' } }],
      ['optimisation', memoryHost(files()), { optimize: 1 }],
    ];
    for (const [what, host, o] of changes) {
      const r = await build(host, cache, o);
      assert.equal(r.cache, 'miss', what);
      assert.ok(r.elf, what);
      const fresh = await build(host, undefined, o);
      assert.deepEqual(r.elf, fresh.elf, `${what}: the rebuilt image is a fresh build's`);
    }
    assert.notDeepEqual((await build(memoryHost(files({ '/k/factor.h': HEADER.replace('2.0f', '3.0f') })), cache)).elf, base.elf);
    assert.equal((await build(memoryHost(files()), cache)).cache, 'hit', 'the original still hits');
  });

  it('a header appearing earlier on the include path misses', async () => {
    const cache = memoryCache();
    const o = { includePaths: ['/inc'] };
    assert.equal((await build(memoryHost(files()), cache, o)).cache, 'miss');
    assert.equal((await build(memoryHost(files()), cache, o)).cache, 'hit');
    const shadow = memoryHost(files({ '/inc/torch/torch.h': '#pragma once\n#error shadowed\n' }));
    const r = await build(shadow, cache, o);
    assert.notEqual(r.cache, 'hit');
    assert.equal(r.elf, undefined, 'the shadowing header is what is built');
  });

  it('a damaged entry is rebuilt with the right result', async () => {
    const cache = memoryCache();
    const good = await build(memoryHost(files()), cache);
    const key = [...cache.entries.keys()].find((k) => k.startsWith('image-'))!;
    assert.equal([...cache.entries.keys()].filter((k) => k.startsWith('image-')).length, 1);
    const bytes = cache.entries.get(key)!;
    const damages: [string, Uint8Array][] = [
      ['truncated', bytes.subarray(0, bytes.length - 100)],
      ['flipped byte in the ELF', (() => { const b = bytes.slice(); b[b.length - 7] ^= 0xff; return b; })()],
      ['not an entry', new Uint8Array([1, 2, 3])],
      ['header not JSON', (() => { const b = bytes.slice(); b[6] = 0; return b; })()],
    ];
    for (const [what, damaged] of damages) {
      cache.entries.set(key, damaged);
      const r = await build(memoryHost(files()), cache);
      assert.equal(r.cache, 'miss', what);
      assert.deepEqual(r.elf, good.elf, what);
      assert.equal((await build(memoryHost(files()), cache)).cache, 'hit', `${what}: stored again`);
    }
    assert.ok(unpackEntry(cache.entries.get(key)!));
  });

  it('a store that throws on every call still builds', async () => {
    const broken: BuildCache = {
      get() { throw new Error('EACCES'); },
      put() { throw new Error('EROFS'); },
    };
    const r = await build(memoryHost(files()), broken);
    assert.ok(r.elf);
    assert.deepEqual(r.elf, (await build(memoryHost(files()), undefined)).elf);
  });

  it('a new front-end takes the runtime library from the cache (and builds the same image)', async () => {
    const cache = memoryCache();
    const fe1 = await Frontend.create(grammarBinaries());
    const a = compile(fe1, FILE, memoryHost(files()), { defines: kernelDefines({}), cache });
    const runtimeKeys = [...cache.entries.keys()].filter((k) => k.startsWith('runtime-'));
    assert.equal(runtimeKeys.length, 1);
    const fe2 = await Frontend.create(grammarBinaries());
    const stored: string[] = [];
    const watched: BuildCache = { get: (k) => cache.get(k), put: (k, v) => { stored.push(k); cache.put(k, v); } };
    const edited = memoryHost(files({ [FILE]: `${KERNEL}\n// edited\n` }));
    const b = compile(fe2, FILE, edited, { defines: kernelDefines({}), cache: watched });
    assert.equal(b.cache, 'miss');
    assert.deepEqual(stored.map((k) => k.split('-')[0]).sort(), ['files', 'image'], 'the runtime came from the cache');
    const c = compile(await Frontend.create(grammarBinaries()), FILE, edited, { defines: kernelDefines({}) });
    assert.deepEqual(b.elf, c.elf);
    assert.ok(a.elf);
  });
});
