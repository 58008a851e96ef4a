// The build cache on disk (diskcache/): where it lives, entries that round-trip, damaged and truncated
// files read as misses (and are removed), atomic writes leave no temporary files, the size bound
// removes the least recently used entries, and an unwritable directory never fails a build.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compile } from '../../compiler';
import { cacheDirectory, diskCache, evict } from '../../diskcache';
import { memoryHost } from '../../language';
import { kernelDefines } from '../../session';
import { sharedFrontend } from '../language/grammar';

describe('diskcache', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-disk-cache-'));
  });
  afterEach(() => {
    fs.chmodSync(dir, 0o700);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lives in $Q7_CACHE_DIR, else $XDG_CACHE_HOME/q7-studio, else ~/.cache/q7-studio', () => {
    assert.equal(cacheDirectory({ Q7_CACHE_DIR: '/a', XDG_CACHE_HOME: '/b' }), '/a');
    assert.equal(cacheDirectory({ XDG_CACHE_HOME: '/b' }), path.join('/b', 'q7-studio'));
    assert.equal(cacheDirectory({}), path.join(os.homedir(), '.cache', 'q7-studio'));
  });

  it('stores and reads back entries, creating the directory, with no temporary file left', () => {
    const c = diskCache({ dir: path.join(dir, 'deep', 'er') });
    assert.equal(c.get('image-1'), undefined);
    const value = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
    c.put('image-1', value);
    assert.deepEqual(c.get('image-1'), value);
    assert.deepEqual(fs.readdirSync(c.dir), ['image-1']);
    assert.deepEqual([c.hits, c.misses, c.puts], [1, 1, 1]);
  });

  it('a truncated or altered file is a miss and is removed', () => {
    const c = diskCache({ dir });
    const file = path.join(dir, 'k');
    for (const damage of [(b: Buffer) => b.subarray(0, b.length - 1), (b: Buffer) => { b[b.length - 1] ^= 1; return b; }, (b: Buffer) => b.subarray(0, 5), () => Buffer.alloc(0)]) {
      c.put('k', new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]));
      fs.writeFileSync(file, damage(fs.readFileSync(file)));
      assert.equal(c.get('k'), undefined);
      assert.equal(fs.existsSync(file), false);
    }
  });

  it('keeps the total under the bound by removing the least recently used entries', () => {
    const c = diskCache({ dir, maxBytes: 3 * 1100 });
    const kb = new Uint8Array(1000);
    for (const k of ['a', 'b', 'c']) c.put(k, kb);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(path.join(dir, 'a'), past, past);
    fs.utimesSync(path.join(dir, 'b'), new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    assert.ok(c.get('a'), 'a hit makes "a" the most recent');
    c.put('d', kb);
    assert.deepEqual(fs.readdirSync(dir).sort(), ['a', 'c', 'd']);
    fs.writeFileSync(path.join(dir, 'x.tmp'), 'left by a killed writer');
    fs.utimesSync(path.join(dir, 'x.tmp'), new Date(0), new Date(0));
    evict(dir, 1e9);
    assert.equal(fs.existsSync(path.join(dir, 'x.tmp')), false);
  });

  it('an unwritable directory: lookups miss, writes are dropped, the build goes on', async function () {
    if (process.getuid?.() === 0) {
      // root writes anyway: use a path under a regular file, which no one can create
      fs.writeFileSync(path.join(dir, 'file'), '');
    } else fs.chmodSync(dir, 0o500);
    const where = process.getuid?.() === 0 ? path.join(dir, 'file', 'cache') : dir;
    const lines: string[] = [];
    const c = diskCache({ dir: where, log: (l) => lines.push(l) });
    c.put('k', new Uint8Array([1]));
    assert.equal(c.get('k'), undefined);
    assert.ok(lines.some((l) => /cannot store k/.test(l)), lines.join('\n'));
    const file = '/k/relu.cpp';
    const src = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu.cpp'), 'utf8');
    const r = compile(await sharedFrontend(), file, memoryHost({ [file]: src }), { defines: kernelDefines({}), cache: c });
    assert.ok(r.elf, 'built');
    assert.equal(r.cache, 'miss');
  });
});
