// The test layout mirrors the source tree: a folder of test/ is the tests of the repository folder of
// the same path (test/emulator/device/ tests emulator/device/), or one of the whole-product suites
// listed below, or a folder of test data or helpers inside one of those (fixtures, corpora, helpers,
// the C programs). ARCHITECTURE.md › Code map › `test/`.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from './imports';

/** Suites that test the product as a whole rather than one folder, each with what it holds. */
const SUITES: Readonly<Record<string, string>> = {
  'test/architecture': 'the invariants of ARCHITECTURE.md over the import graph',
  'test/e2e': 'the extension in a real VS Code (code-server and Chromium)',
  'test/features': 'one self-checking assembly program per ISA option lx106 lacks',
  'test/package': 'the .vsix and the npm tarball',
  'test/programs': 'the C corpus QEMU, host gcc and the emulator all run',
  'test/public-kernels': "AWS's custom-op samples and guide snippets, unmodified",
};

/** Names of folders holding a suite's data or helpers rather than tests of a source folder. */
const DATA = new Set(['fixtures', 'corpus', 'helpers']);

/** The folders under `rel` (repository-relative), depth first, skipping data folders and suites' insides. */
function testFolders(rel: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true })) {
    if (!e.isDirectory() || DATA.has(e.name)) continue;
    const child = `${rel}/${e.name}`;
    out.push(child);
    if (!(child in SUITES)) testFolders(child, out);
  }
  return out;
}

/** The folders of `folders` that neither mirror a repository folder nor are a listed suite. */
export function strayFolders(folders: readonly string[], exists: (repoPath: string) => boolean): string[] {
  return folders.filter((f) => !(f in SUITES) && !exists(f.slice('test/'.length)));
}

describe('architecture: the test layout mirrors the source tree', () => {
  it('every folder of test/ mirrors a repository folder or is a listed suite', () => {
    const stray = strayFolders(testFolders('test'), (p) => fs.existsSync(path.join(ROOT, p)) && fs.statSync(path.join(ROOT, p)).isDirectory());
    assert.deepEqual(stray, [], 'move the tests to the path of the folder they test, or list a whole-product suite in SUITES');
  });

  it('every listed suite exists', () => {
    assert.deepEqual(Object.keys(SUITES).filter((s) => !fs.existsSync(path.join(ROOT, s))), []);
  });

  it('reports a folder that mirrors nothing', () => {
    const repo = new Set(['emulator', 'emulator/device']);
    assert.deepEqual(strayFolders(['test/emulator', 'test/emulator/device', 'test/emulator/devices', 'test/e2e'], (p) => repo.has(p)), ['test/emulator/devices']);
  });
});
