// The SDK snapshot (language/sdk/snapshot.ts) changes speed, never results: every example kernel and
// every checks fixture gives the same diagnostics (front-end and domain checks), the same hovers at
// every word and the same compiled ELF bytes through a front-end that loads the SDK headers' chunks and
// trees from a snapshot as through one that preprocesses and parses them. A snapshot that does not
// match (another macro state, a damaged or foreign entry) is not used.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compile, memoryCache } from '../../compiler';
import { Frontend, memoryHost, type FileHost, type SnapshotStore } from '../../language';
import { checkedDiagnostics, findShapeSource } from '../../language/checks';
import { hover } from '../../server/hover';
import { kernelDefines } from '../../session';
import { grammarBinaries } from './grammar';
import { parseFixture } from './checks/fixture';

const ROOT = path.join(__dirname, '..', '..', '..');

interface Source {
  readonly file: string;
  readonly host: FileHost;
  readonly options: Record<string, unknown>;
}

/** The example kernels and the checks fixtures (a directory fixture's files share one host). */
function sources(): Source[] {
  const out: Source[] = [];
  const examples = path.join(ROOT, 'examples', 'kernels');
  for (const f of fs.readdirSync(examples).filter((n) => n.endsWith('.cpp')).sort()) {
    const file = `/examples/${f}`;
    out.push({ file, host: memoryHost({ [file]: fs.readFileSync(path.join(examples, f), 'utf8') }), options: {} });
  }
  const fixtures = path.join(ROOT, 'test', 'language', 'checks', 'fixtures');
  for (const f of fs.readdirSync(fixtures).sort()) {
    const full = path.join(fixtures, f);
    if (fs.statSync(full).isDirectory()) {
      const parsed = Object.fromEntries(fs.readdirSync(full).map((n) => [`/fixtures/${f}/${n}`, parseFixture(fs.readFileSync(path.join(full, n), 'utf8'))]));
      const host = memoryHost(Object.fromEntries(Object.entries(parsed).map(([p, x]) => [p, x.code])));
      for (const [file, p] of Object.entries(parsed)) out.push({ file, host, options: { ...p.options, shapeSource: findShapeSource(file, (x) => host.readFile(x)) } });
    } else {
      const { code, options } = parseFixture(fs.readFileSync(full, 'utf8'));
      const file = `/fixtures/${f}`;
      out.push({ file, host: memoryHost({ [file]: code }), options });
    }
  }
  return out;
}

/** Everything a user sees of a file: diagnostics with the checks, a hover at each word, the build. */
function observe(fe: Frontend, s: Source): { diagnostics: string; hovers: string; build: string; elf?: Uint8Array } {
  const defines = kernelDefines({});
  const analysis = fe.analyze(s.file, s.host, { defines });
  const diagnostics = JSON.stringify(checkedDiagnostics(analysis, s.options));
  const hovers: string[] = [];
  (s.host.readFile(s.file) ?? '').split('\n').forEach((line, l) => {
    for (const m of line.matchAll(/[A-Za-z_]\w*/g)) hovers.push(JSON.stringify(hover(analysis, s.file, l, m.index)));
  });
  const r = compile(fe, s.file, s.host, { defines });
  return { diagnostics, hovers: hovers.join('\n'), build: JSON.stringify({ diagnostics: r.diagnostics, assembly: r.assembly, kernels: r.kernels }), elf: r.elf };
}

function countingStore(): SnapshotStore & { entries: Map<string, Uint8Array> } {
  const c = memoryCache();
  return Object.assign(c, { entries: c.entries });
}

describe('language/sdk: the SDK snapshot', function () {
  this.timeout(600_000);

  it('gives the same diagnostics, hovers and ELF bytes on every example kernel and checks fixture', async () => {
    const store = countingStore();
    const writer = await Frontend.create(grammarBinaries(), { snapshots: store });
    const all = sources();
    for (const s of all) writer.analyze(s.file, s.host, { defines: kernelDefines({}) });
    assert.ok(writer.snapshots!.saved > 0, 'the first front-end stored snapshots');
    const plain = await Frontend.create(grammarBinaries());
    const loading = await Frontend.create(grammarBinaries(), { snapshots: store });
    for (const s of all) {
      const a = observe(plain, s);
      const b = observe(loading, s);
      assert.equal(b.diagnostics, a.diagnostics, `${s.file}: diagnostics`);
      assert.equal(b.hovers, a.hovers, `${s.file}: hovers`);
      assert.equal(b.build, a.build, `${s.file}: build`);
      assert.deepEqual(b.elf && Buffer.from(b.elf), a.elf && Buffer.from(a.elf), `${s.file}: ELF bytes`);
    }
    assert.ok(loading.snapshots!.loaded > 0, 'the second front-end loaded the SDK from snapshots');
    assert.equal(loading.snapshots!.saved, 0, 'and had nothing to preprocess itself');
  });

  it('ignores a snapshot of another macro state, a damaged entry and one stored under a wrong key', async () => {
    const store = countingStore();
    const file = '/k/a.cpp';
    const writer = await Frontend.create(grammarBinaries(), { snapshots: store });
    const host = memoryHost({ [file]: '#include <torch/torch.h>\nint f() { return 1; }\n' });
    const plain = writer.analyze(file, host, { defines: kernelDefines({}) });
    const keys = [...store.entries.keys()];
    assert.ok(keys.length > 0);
    // another macro state: not the same entry, so preprocessed afresh (and stored under its own key)
    const other = await Frontend.create(grammarBinaries(), { snapshots: store });
    const withDefine = other.analyze(file, host, { defines: { ...kernelDefines({}), Q7_USER_FLAG: '2' } });
    assert.equal(other.snapshots!.loaded, 0);
    assert.ok(other.snapshots!.saved > 0);
    assert.ok(withDefine.diagnostics.every((d) => d.severity !== 'error'));
    // damaged bytes and an entry moved to another key are misses: the headers are read again
    const damaged = countingStore();
    for (const [k, v] of store.entries) damaged.entries.set(k, v.slice(0, v.length >> 1));
    const swapped = countingStore();
    const values = [...store.entries.values()];
    keys.forEach((k, i) => swapped.entries.set(k, values[(i + 1) % values.length]));
    for (const s of [damaged, swapped]) {
      const fe = await Frontend.create(grammarBinaries(), { snapshots: s });
      const a = fe.analyze(file, host, { defines: kernelDefines({}) });
      assert.equal(fe.snapshots!.loaded, 0);
      assert.equal(JSON.stringify(a.diagnostics), JSON.stringify(plain.diagnostics));
    }
  });

  it('ignores a snapshot whose headers read differently now', async () => {
    const store = countingStore();
    const file = '/k/b.cpp';
    const text = '#include <torch/torch.h>\nint g() { return VALUE; }\n';
    // torch.h includes <stddef.h>, probed in the user's include path first: absent when the snapshot
    // was made, present now (with a macro the file uses), so the stored entry must not be used
    const first = await Frontend.create(grammarBinaries(), { snapshots: store });
    const before = first.analyze(file, memoryHost({ [file]: text }), { includePaths: ['/inc'], defines: kernelDefines({}) });
    assert.ok(before.diagnostics.some((d) => d.message.includes('VALUE')), 'VALUE is undeclared without the header');
    const stddef = fs.readFileSync(path.join(ROOT, 'target', 'q7', 'guest', 'sdk', 'include', 'stddef.h'), 'utf8');
    const now = memoryHost({ [file]: text, '/inc/stddef.h': `${stddef}\n#define VALUE 3\n` });
    const fe = await Frontend.create(grammarBinaries(), { snapshots: store });
    const a = fe.analyze(file, now, { includePaths: ['/inc'], defines: kernelDefines({}) });
    const fresh = (await Frontend.create(grammarBinaries())).analyze(file, now, { includePaths: ['/inc'], defines: kernelDefines({}) });
    assert.ok(!a.diagnostics.some((d) => d.message.includes('VALUE')), 'the header found now defines VALUE');
    assert.equal(JSON.stringify(a.diagnostics), JSON.stringify(fresh.diagnostics));
    assert.ok(fe.snapshots!.saved > 0, 'the include was preprocessed again and stored');
  });

  it('does not use a snapshot made without the include paths a file is analysed with', async () => {
    const store = countingStore();
    const file = '/k/c.cpp';
    const text = '#include <torch/torch.h>\nint g() { return VALUE; }\n';
    // made with no include path: torch.h's <stddef.h> was only probed in the SDK, so the entry's
    // recorded reads say nothing about /inc/stddef.h, which the user's include path finds first
    const first = await Frontend.create(grammarBinaries(), { snapshots: store });
    first.analyze(file, memoryHost({ [file]: text }), { defines: kernelDefines({}) });
    assert.ok(first.snapshots!.saved > 0);
    const stddef = fs.readFileSync(path.join(ROOT, 'target', 'q7', 'guest', 'sdk', 'include', 'stddef.h'), 'utf8');
    const host = memoryHost({ [file]: text, '/inc/stddef.h': `${stddef}\n#define VALUE 3\n` });
    const fe = await Frontend.create(grammarBinaries(), { snapshots: store });
    const a = fe.analyze(file, host, { includePaths: ['/inc'], defines: kernelDefines({}) });
    const fresh = (await Frontend.create(grammarBinaries())).analyze(file, host, { includePaths: ['/inc'], defines: kernelDefines({}) });
    assert.ok(!fresh.diagnostics.some((d) => d.message.includes('VALUE')), 'the header in /inc defines VALUE');
    assert.equal(JSON.stringify(a.diagnostics), JSON.stringify(fresh.diagnostics));
    assert.equal(fe.snapshots!.loaded, 0, 'the snapshot of another include path set was not loaded');
  });
});
