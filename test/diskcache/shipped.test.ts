// The SDK snapshot shipped next to the bundles (diskcache/shipped.ts): entries round-trip under their
// build id; a file of another build, a truncated one and a damaged entry are not used; the snapshot
// store reads the shipped entries first and writes only the build cache; a front-end given a shipped
// file made from the example kernels preprocesses nothing for them and finds what a plain one finds.
// The build-cache seed in the same layout (dist/build-seed.bin): the hosts' cache reads a key the disk
// lacks from it, logs it as shipped, prefers the disk's entry, and writes only the disk.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { memoryCache } from '../../compiler';
import { decodeShipped, diskCache, encodeShipped, hostCache, SHIPPED_BUILD_SEED_FILE, SHIPPED_SNAPSHOT_FILE, shippedBuildSeed, shippedSnapshot, snapshotStore } from '../../diskcache';
import { Frontend, memoryHost, type SnapshotStore } from '../../language';
import { grammarBinaries } from '../language/grammar';

const ID = 'b'.repeat(64);
const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

describe('diskcache: the shipped SDK snapshot', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shipped-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads back every entry under its build id, and nothing under another', () => {
    const file = encodeShipped(ID, [['sdk-1', bytes(1000, 1)], ['sdk-2', bytes(3, 2)], ['sdk-3', new Uint8Array(0)]]);
    const e = decodeShipped(file, ID)!;
    assert.deepEqual(e.keys, ['sdk-1', 'sdk-2', 'sdk-3']);
    assert.deepEqual(e.get('sdk-1'), bytes(1000, 1));
    assert.deepEqual(e.get('sdk-2'), bytes(3, 2));
    assert.deepEqual(e.get('sdk-3'), new Uint8Array(0));
    assert.equal(e.get('sdk-4'), undefined);
    assert.equal(decodeShipped(file, 'c'.repeat(64)), undefined, 'another build');
  });

  it('stores entries as they are when asked (the SDK snapshot\'s), deflated by default, and reads both back', () => {
    const value = new Uint8Array(20000).map((_, i) => i % 7);
    const stored = encodeShipped(ID, [['sdk-1', value], ['sdk-2', bytes(3, 2)]], { deflate: false });
    const deflated = encodeShipped(ID, [['sdk-1', value], ['sdk-2', bytes(3, 2)]]);
    assert.ok(stored.length > value.length, `stored: ${stored.length} bytes for ${value.length}`);
    assert.ok(deflated.length < value.length / 10, `deflated: ${deflated.length} bytes for ${value.length}`);
    for (const file of [stored, deflated]) {
      const e = decodeShipped(file, ID)!;
      assert.deepEqual(e.get('sdk-1'), value);
      assert.deepEqual(e.get('sdk-2'), bytes(3, 2));
    }
    const damaged = Buffer.from(stored);
    damaged[damaged.length - 10] ^= 0x40; // inside sdk-2's frame
    assert.equal(decodeShipped(damaged, ID)!.get('sdk-2'), undefined);
  });

  it('a truncated file is not used; a damaged entry is a miss, the others still read', () => {
    const file = encodeShipped(ID, [['sdk-1', bytes(1000, 1)], ['sdk-2', bytes(500, 2)]]);
    for (const n of [10, file.length >> 1, file.length - 1]) assert.equal(decodeShipped(file.subarray(0, n), ID), undefined, `cut at ${n}`);
    assert.equal(decodeShipped(Buffer.concat([file, Buffer.from([0])]), ID), undefined, 'trailing byte');
    const damaged = Buffer.from(file);
    damaged[damaged.length - 10] ^= 0x40; // inside sdk-2's payload
    const e = decodeShipped(damaged, ID)!;
    assert.deepEqual(e.get('sdk-1'), bytes(1000, 1));
    assert.equal(e.get('sdk-2'), undefined);
  });

  it('is read from its directory once, on first use; a missing file is an empty store', () => {
    const s = shippedSnapshot(ID, dir);
    fs.writeFileSync(path.join(dir, SHIPPED_SNAPSHOT_FILE), encodeShipped(ID, [['sdk-1', bytes(10, 1)]]));
    assert.deepEqual(s.get('sdk-1'), bytes(10, 1));
    fs.rmSync(path.join(dir, SHIPPED_SNAPSHOT_FILE));
    assert.deepEqual(s.get('sdk-1'), bytes(10, 1), 'read once');
    assert.equal(shippedSnapshot(ID, dir).get('sdk-1'), undefined);
    assert.equal(shippedSnapshot(ID, path.join(dir, 'none')).get('sdk-1'), undefined);
  });

  it('reads an entry in place when first asked for, and none from a file of another build put there since', () => {
    const entries: [string, Uint8Array][] = [['sdk-1', bytes(100, 1)], ['sdk-2', bytes(100, 2)]];
    fs.writeFileSync(path.join(dir, SHIPPED_SNAPSHOT_FILE), encodeShipped(ID, entries));
    const s = shippedSnapshot(ID, dir);
    assert.deepEqual(s.get('sdk-1'), bytes(100, 1));
    // the same layout (same keys and sizes) under another build id: every entry lies where it did
    const other = 'c'.repeat(ID.length);
    fs.writeFileSync(path.join(dir, SHIPPED_SNAPSHOT_FILE), encodeShipped(other, [['sdk-1', bytes(100, 3)], ['sdk-2', bytes(100, 4)]]));
    assert.equal(s.get('sdk-2'), undefined, 'not the other build\'s entry');
    assert.deepEqual(s.get('sdk-1'), bytes(100, 1), 'an entry read before is kept');
    assert.deepEqual(shippedSnapshot(other, dir).get('sdk-2'), bytes(100, 4));
  });

  it('the snapshot store reads the shipped entries first and writes only the build cache', () => {
    const cache = diskCache({ dir });
    const shipped = decodeShipped(encodeShipped(ID, [['sdk-1', bytes(10, 1)]]), ID)!;
    const store = snapshotStore(cache, ID, shipped);
    assert.deepEqual(store.get('sdk-1'), bytes(10, 1));
    assert.equal(cache.misses, 0, 'the build cache was not asked');
    assert.equal(store.get('sdk-2'), undefined);
    store.put('sdk-2', bytes(20, 2));
    assert.deepEqual(store.get('sdk-2'), bytes(20, 2));
    assert.deepEqual([cache.puts, cache.hits], [1, 1]);
    assert.deepEqual(shipped.keys, ['sdk-1']);
  });

  it('a front-end reading a shipped file made from a kernel preprocesses nothing for it and finds the same', async () => {
    const file = '/k/relu.cpp';
    const text = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu.cpp'), 'utf8');
    const entries = new Map<string, Uint8Array>();
    const recording: SnapshotStore = { get: () => undefined, put: (k, v) => void entries.set(k, v) };
    const writer = await Frontend.create(grammarBinaries(), { snapshots: recording });
    const expected = writer.analyze(file, memoryHost({ [file]: text }));
    assert.ok(entries.size > 0);
    const shipped = decodeShipped(encodeShipped(ID, entries), ID)!;
    const cache = memoryCache();
    const fe = await Frontend.create(grammarBinaries(), { snapshots: snapshotStore(cache, ID, shipped) });
    const a = fe.analyze(`/other${file}`, memoryHost({ [`/other${file}`]: text }));
    assert.equal(fe.snapshots!.loaded, entries.size, 'every include came from the shipped file');
    assert.equal(fe.snapshots!.saved, 0);
    assert.equal(cache.entries.size, 0, 'nothing written to the build cache');
    assert.equal(JSON.stringify(a.diagnostics).replaceAll('/other', ''), JSON.stringify(expected.diagnostics));
  });

  it('the hosts\' cache reads a key the disk lacks from the build seed, prefers the disk, and writes only the disk', () => {
    fs.writeFileSync(path.join(dir, SHIPPED_BUILD_SEED_FILE), encodeShipped(ID, [['runtime-a', bytes(40, 3)], ['object-b', bytes(20, 4)]]));
    const lines: string[] = [];
    const cacheDir = path.join(dir, 'cache');
    const c = hostCache((l) => lines.push(l), { Q7_CACHE_DIR: cacheDir, Q7_CACHE_LOG: '1' }, shippedBuildSeed(ID, dir));
    assert.deepEqual(c.get('runtime-a'), bytes(40, 3));
    assert.ok(lines.includes('q7 cache: shipped runtime-a'), lines.join('\n'));
    assert.equal(c.get('image-x'), undefined);
    assert.equal(fs.existsSync(cacheDir), false, 'reading wrote nothing');
    c.put('object-b', bytes(5, 9));
    assert.deepEqual(c.get('object-b'), bytes(5, 9), 'the disk\'s entry first');
    assert.deepEqual(fs.readdirSync(cacheDir), ['object-b']);
    assert.equal(hostCache(() => {}, { Q7_CACHE_DIR: cacheDir }, shippedBuildSeed('c'.repeat(64), dir)).get('runtime-a'), undefined, 'a seed of another build');
  });
});
