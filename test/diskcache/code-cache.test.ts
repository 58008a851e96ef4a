// V8's code cache for a bundle (diskcache/code-cache.ts): a bundle runs as require would run it (its
// exports, __filename, __dirname and require), the entry is written once after the run and accepted by
// the next process's V8, and a damaged entry or one made from another source is not used (the bundle
// still runs, and a good entry replaces it); an edited bundle of the same length runs its new code (V8
// checks only the source's length: the key carries the bundle's time); an entry shipped next to the
// bundle stands in for a missing one unless the bundle is newer; a bundle with characters beyond ASCII
// is read as UTF-8; a bundle run under V8 flags of its own has its entry made under them.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { codeCacheKey } from '../../diskcache/code-cache';

const MODULE = path.join(__dirname, '..', '..', 'diskcache', 'code-cache.js');

/** Runs the bundle through the code cache in a fresh process; what it exported and the cache's use. */
function run(bundle: string, dir: string, shipped?: string): { value: unknown; accepted: boolean; saved: boolean } {
  const script = `const { requireWithCodeCache } = require(${JSON.stringify(MODULE)});
const use = { accepted: false, saved: false };
const m = requireWithCodeCache(${JSON.stringify(bundle)}, { buildId: 'test', dir: ${JSON.stringify(dir)}, saveAfterMs: 0, shipped: ${JSON.stringify(shipped)} }, use);
setTimeout(() => console.log(JSON.stringify({ value: m.value(), accepted: use.accepted, saved: use.saved })), 20);`;
  const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { value: unknown; accepted: boolean; saved: boolean };
}

describe('diskcache: the code cache of a bundle', function () {
  this.timeout(60_000);
  let dir: string;
  let bundle: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-code-cache-'));
    bundle = path.join(dir, 'bundle.js');
    fs.writeFileSync(path.join(dir, 'sibling.js'), 'module.exports = 40;\n');
    fs.writeFileSync(bundle, `const sibling = require('./sibling');
function value() { return [sibling + 2, __filename, __dirname, typeof module.exports]; }
exports.value = value;\n`);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs the bundle as require does, writes the entry, and the next process uses it', () => {
    const expected = [42, bundle, dir, 'object'];
    const entry = path.join(dir, 'cache', codeCacheKey(bundle, 'test'));
    const first = run(bundle, path.join(dir, 'cache'));
    assert.deepEqual(first, { value: expected, accepted: false, saved: true });
    assert.ok(fs.existsSync(entry));
    const second = run(bundle, path.join(dir, 'cache'));
    assert.deepEqual(second, { value: expected, accepted: true, saved: false });
  });

  it('a damaged entry, or one made from another source, is not used and is replaced', () => {
    const cache = path.join(dir, 'cache');
    const entry = path.join(cache, codeCacheKey(bundle, 'test'));
    run(bundle, cache);
    const good = fs.readFileSync(entry);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 5] ^= 0xff;
    fs.writeFileSync(entry, damaged);
    assert.deepEqual(run(bundle, cache), { value: [42, bundle, dir, 'object'], accepted: false, saved: true });
    assert.deepEqual(run(bundle, cache), { value: [42, bundle, dir, 'object'], accepted: true, saved: false }, 'the damaged entry was replaced');
    // the same file name with other contents: V8 rejects the entry
    fs.writeFileSync(bundle, `${fs.readFileSync(bundle, 'utf8')}exports.value = () => ['changed'];\n`);
    assert.deepEqual(run(bundle, cache), { value: ['changed'], accepted: false, saved: true });
    assert.deepEqual(run(bundle, cache), { value: ['changed'], accepted: true, saved: false });
  });

  it('an edited bundle of the same length runs its new code, not the bytecode cached for the old one', () => {
    const cache = path.join(dir, 'cache');
    const file = path.join(dir, 'same-length.js');
    // the function runs before the entry is saved, so the entry holds its bytecode
    const script = `const { requireWithCodeCache } = require(${JSON.stringify(MODULE)});
const use = { accepted: false, saved: false };
const m = requireWithCodeCache(${JSON.stringify(file)}, { buildId: 'test', dir: ${JSON.stringify(cache)}, saveAfterMs: 60000 }, use);
const v = m.value();
if (use.save) use.save();
console.log(JSON.stringify({ v, accepted: use.accepted }));`;
    const once = () => {
      const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout) as { v: string; accepted: boolean };
    };
    fs.writeFileSync(file, "exports.value = () => 'AAAA';\n");
    assert.deepEqual(once(), { v: 'AAAA', accepted: false });
    assert.deepEqual(once(), { v: 'AAAA', accepted: true });
    fs.writeFileSync(file, "exports.value = () => 'BBBB';\n");
    const later = new Date(fs.statSync(file).mtimeMs + 2000);
    fs.utimesSync(file, later, later);
    assert.deepEqual(once(), { v: 'BBBB', accepted: false });
    assert.deepEqual(once(), { v: 'BBBB', accepted: true });
  });

  it('the host can save the entry when its start-up is done, before the timer', () => {
    const cache = path.join(dir, 'cache');
    const script = `const { requireWithCodeCache } = require(${JSON.stringify(MODULE)});
const use = { accepted: false, saved: false };
const m = requireWithCodeCache(${JSON.stringify(bundle)}, { buildId: 'test', dir: ${JSON.stringify(cache)}, saveAfterMs: 60000 }, use);
m.value();
use.save();
console.log(JSON.stringify({ saved: use.saved, exists: require('fs').existsSync(${JSON.stringify(path.join(cache, codeCacheKey(bundle, 'test')))}) }));
process.exit(0);`;
    const r = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), { saved: true, exists: true });
    assert.equal(run(bundle, cache).accepted, true);
  });

  it("a bundle run under flags of its own: the entry is made under them though the process changed them since, and a process without them does not use it", () => {
    const cache = path.join(dir, 'cache');
    // the bundle changes the flag while it runs (as q7 run does for the emulated run, cli/tier-up.ts)
    const script = (flags: string) => `const { requireWithCodeCache } = require(${JSON.stringify(MODULE)});
const use = { accepted: false, saved: false };
const m = requireWithCodeCache(${JSON.stringify(bundle)}, { buildId: 'test', dir: ${JSON.stringify(cache)}, saveAfterMs: 60000${flags} }, use);
m.value();
require('node:v8').setFlagsFromString('--interrupt-budget=${132 * 1024}');
console.log(JSON.stringify({ accepted: use.accepted }));`;
    const once = (flags: string) => {
      const r = spawnSync(process.execPath, ['-e', script(flags)], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return (JSON.parse(r.stdout) as { accepted: boolean }).accepted;
    };
    const flags = `, flags: '--interrupt-budget=${1056 * 1024}'`;
    assert.equal(once(flags), false);
    assert.equal(once(flags), true, 'the entry written at exit was made under the flags the bundle runs under');
    assert.equal(once(''), false, 'V8 rejects an entry made under other flags');
  });

  it('an entry shipped next to the bundle is used when the directory has none, and a damaged one is not', () => {
    const made = path.join(dir, 'made');
    run(bundle, made);
    const shipped = path.join(dir, 'shipped.bin');
    fs.copyFileSync(path.join(made, codeCacheKey(bundle, 'test')), shipped);
    const empty = path.join(dir, 'empty');
    assert.deepEqual(run(bundle, empty, shipped), { value: [42, bundle, dir, 'object'], accepted: true, saved: false });
    assert.equal(fs.existsSync(path.join(empty, codeCacheKey(bundle, 'test'))), false, 'nothing written to the directory');
    const damaged = fs.readFileSync(shipped);
    damaged[damaged.length - 5] ^= 0xff;
    fs.writeFileSync(shipped, damaged);
    assert.deepEqual(run(bundle, empty, shipped), { value: [42, bundle, dir, 'object'], accepted: false, saved: true });
    assert.deepEqual(run(bundle, empty, shipped), { value: [42, bundle, dir, 'object'], accepted: true, saved: false }, "the directory's entry comes first");
  });

  it('a shipped entry older than its bundle (the bundles rebuilt alone) is not used', () => {
    const made = path.join(dir, 'made');
    run(bundle, made);
    const shipped = path.join(dir, 'shipped.bin');
    fs.copyFileSync(path.join(made, codeCacheKey(bundle, 'test')), shipped);
    const stale = new Date(fs.statSync(bundle).mtimeMs - 2000);
    fs.utimesSync(shipped, stale, stale);
    const empty = path.join(dir, 'empty');
    assert.deepEqual(run(bundle, empty, shipped), { value: [42, bundle, dir, 'object'], accepted: false, saved: true });
  });

  it('reads a bundle that is not all ASCII as UTF-8, compiled or from its entry', () => {
    // an ASCII bundle is read as Latin-1; these characters would come out as two or three each that way
    const utf8 = path.join(dir, 'utf8.js');
    fs.writeFileSync(utf8, `// spawn → first diagnostics, μs\nexports.value = () => ['→ é μ', 'plain'];\n`);
    const expected = ['→ é μ', 'plain'];
    assert.deepEqual(run(utf8, path.join(dir, 'cache')), { value: expected, accepted: false, saved: true });
    assert.deepEqual(run(utf8, path.join(dir, 'cache')), { value: expected, accepted: true, saved: false });
  });

  it("an entry is keyed by build id, file name, the file's size and time, Node version and architecture", () => {
    const st = fs.statSync(bundle);
    const other = (size: number, mtimeMs: number) => ({ ...st, size, mtimeMs }) as fs.Stats;
    assert.notEqual(codeCacheKey('/a/server-main.js', 'x', st), codeCacheKey('/a/server-main.js', 'y', st));
    assert.notEqual(codeCacheKey('/a/server-main.js', 'x', st), codeCacheKey('/a/cli.js', 'x', st));
    assert.notEqual(codeCacheKey('/a/cli.js', 'x', st), codeCacheKey('/a/cli.js', 'x', other(st.size + 1, st.mtimeMs)));
    assert.notEqual(codeCacheKey('/a/cli.js', 'x', st), codeCacheKey('/a/cli.js', 'x', other(st.size, st.mtimeMs + 1)));
    assert.equal(codeCacheKey(bundle, 'x'), codeCacheKey('/a/bundle.js', 'x', st), 'by default the file as it is on disk');
    assert.match(codeCacheKey('/a/server-main.js', 'x', st), /^code-[0-9a-f]{24}$/);
  });
});
