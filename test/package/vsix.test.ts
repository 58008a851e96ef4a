// The .vsix: built with @vscode/vsce from the checkout exactly as `npm run package` does, then read back.
// It holds the bundles the extension starts (every `asAbsolutePath` of client/, the server's bundle
// client/server-launch.ts names), the tree-sitter WebAssembly, the SDK snapshot the server loads, the
// grammars its manifest contributes, the examples, the icon and the documents; no
// node_modules, no sources, no tests; under 20 MB; and its manifest activates the extension only on demand.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SERVER_BUNDLE } from '../../client/server-launch';
import { packageVsix, REPO, VSCE_FLAGS } from './vsix';
import { zipEntries, zipRead, type ZipEntry } from './zip';

interface Manifest {
  icon?: string;
  activationEvents?: string[];
  scripts: Record<string, string>;
  contributes: { grammars?: { path: string }[]; commands: { command: string }[] };
}

describe('package: the .vsix', function () {
  this.timeout(120000);
  let dir: string;
  let vsix: Buffer;
  let entries: ZipEntry[];
  let names: string[];
  let printed: string;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-vsix-'));
    printed = await packageVsix(path.join(dir, 'q7-studio.vsix'));
    vsix = fs.readFileSync(path.join(dir, 'q7-studio.vsix'));
    entries = zipEntries(vsix);
    names = entries.map((e) => e.name);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is what `npm run package` builds (same vsce flags) and vsce has no warning', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Manifest;
    assert.match(manifest.scripts.package, new RegExp(`^npm run build && vsce package ${VSCE_FLAGS.join(' ')}$`));
    assert.match(printed, /Packaged: .*q7-studio\.vsix/);
    assert.doesNotMatch(printed, /WARNING|ERROR/i, printed);
  });

  it('holds the bundles, the WebAssembly, the icon, the documents and the examples', () => {
    const required = ['extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt',
      'extension/dist/extension.js', 'extension/dist/server.js', 'extension/dist/server-main.js', 'extension/dist/dap.js', 'extension/dist/dap-main.js', 'extension/dist/prebuild-worker.js', 'extension/dist/tree-sitter.wasm', 'extension/dist/tree-sitter-cpp.wasm', 'extension/dist/sdk-snapshot.bin', 'extension/dist/build-seed.bin',
      'extension/images/icon.png', 'extension/examples/kernels/relu.cpp', 'extension/examples/asm/fib.S', 'extension.vsixmanifest',
      'extension/docs/diagnostics/README.md', 'extension/docs/diagnostics/Q7-A002.md', 'extension/docs/diagnostics/Q7-S016.md'];
    for (const f of required) assert.ok(names.includes(f), `${f} missing from ${names.join(', ')}`);
  });

  it('holds every file the extension opens relative to itself (asAbsolutePath in client/, the server\'s launch)', () => {
    const wanted = new Set<string>();
    for (const f of fs.readdirSync(path.join(REPO, 'client')).filter((n) => n.endsWith('.ts'))) {
      for (const m of fs.readFileSync(path.join(REPO, 'client', f), 'utf8').matchAll(/asAbsolutePath\('([^']+)'\)/g)) wanted.add(m[1]);
    }
    assert.ok(wanted.has('dist/language-client.js'), `asAbsolutePath scan found ${[...wanted].join(', ')}`);
    assert.equal(SERVER_BUNDLE, 'dist/server.js');
    wanted.add(SERVER_BUNDLE);
    // The debug adapter's bundle is required as soon as its sources (debug-adapter/) are in the checkout.
    if (!fs.existsSync(path.join(REPO, 'debug-adapter'))) wanted.delete('dist/dap.js');
    for (const f of wanted) assert.ok(names.includes(`extension/${f}`), `${f} (opened by client/) missing from the .vsix`);
  });

  it('holds the pictures and pages its README links to (the Extensions view shows them from the .vsix)', () => {
    const readme = zipRead(vsix, entries.find((e) => e.name === 'extension/readme.md')!).toString('utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
    assert.ok(images.length >= 5, `${images.length} pictures in the README`);
    for (const f of images) assert.ok(names.includes(`extension/${f}`), `${f} (shown by the README) missing from the .vsix`);
    assert.ok(names.includes('extension/docs/debugging.md') && names.includes('extension/docs/testing.md'));
  });

  it('holds the grammars and the icon its manifest names', () => {
    const manifest = JSON.parse(zipRead(vsix, entries.find((e) => e.name === 'extension/package.json')!).toString('utf8')) as Manifest;
    assert.equal(manifest.icon, 'images/icon.png');
    for (const g of manifest.contributes.grammars ?? []) assert.ok(names.includes(`extension/${path.posix.normalize(g.path)}`), `grammar ${g.path} missing`);
    const png = zipRead(vsix, entries.find((e) => e.name === 'extension/images/icon.png')!);
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.equal(png.readUInt32BE(16), 128, 'icon width');
  });

  it('activates only on demand: a C++ file, a q7 debug session, a Q7 command', () => {
    const manifest = JSON.parse(zipRead(vsix, entries.find((e) => e.name === 'extension/package.json')!).toString('utf8')) as Manifest;
    const events = manifest.activationEvents ?? [];
    assert.ok(events.includes('onLanguage:cpp'));
    const commands = new Set(manifest.contributes.commands.map((c) => c.command));
    for (const e of events) {
      assert.notEqual(e, '*', 'no start-up activation');
      assert.notEqual(e, 'onStartupFinished', 'no start-up activation');
      const ok = e === 'onLanguage:cpp' || e === 'onDebugInitialConfigurations' || /^onDebug(Resolve|DynamicConfigurations)?(:q7)?$/.test(e) ||
        (e.startsWith('onCommand:') && commands.has(e.slice('onCommand:'.length)));
      assert.ok(ok, `activation event ${e} is not one of the on-demand ones`);
    }
  });

  it('keeps activation cheap: the activation bundle holds no language client and loads it from its own bundle', () => {
    const ext = zipRead(vsix, entries.find((e) => e.name === 'extension/dist/extension.js')!).toString('utf8');
    assert.ok(names.includes('extension/dist/language-client.js'), 'the language client has its own bundle');
    assert.doesNotMatch(ext, /class LanguageClient\b|vscode-languageclient\/node/, 'the activation bundle holds no language client');
    assert.match(ext, /language-client\.js/, 'the activation bundle loads the client bundle on demand');
    assert.ok(ext.length < 200 * 1024, `the activation bundle is ${ext.length} bytes`);
  });

  it('holds no node_modules, sources, tests, source maps or build outputs', () => {
    const bad = names.filter((n) => /^extension\/(node_modules|test|out|client|server|language|compiler|emulator|xtensa|scripts|\.e2e)\//.test(n) ||
      /\.(ts|map|tsbuildinfo|vsix|tgz)$/.test(n));
    assert.deepEqual(bad, []);
    assert.ok(names.length < 60, `${names.length} files: ${names.join(', ')}`);
  });

  it('is under 20 MB', () => {
    assert.ok(vsix.length < 20 * 1024 * 1024, `${vsix.length} bytes`);
    const unpacked = entries.reduce((s, e) => s + e.size, 0);
    assert.ok(unpacked < 20 * 1024 * 1024, `${unpacked} bytes unpacked`);
  });
});
