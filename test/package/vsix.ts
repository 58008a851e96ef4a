// Builds the extension's .vsix as `npm run package` does (after the build): @vscode/vsce with the same
// flags, either in-process (the packaging test) or as a child process (synchronous, for the e2e set-up).

import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const REPO = path.join(__dirname, '..', '..', '..');

/** The flags `npm run package` passes to `vsce package` (a test checks package.json says the same). */
export const VSCE_FLAGS = ['--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links'];

interface VsceApi {
  createVSIX(options: { cwd: string; packagePath: string; dependencies: boolean; allowMissingRepository: boolean; rewriteRelativeLinks: boolean }): Promise<void>;
}

/** @vscode/vsce (a devDependency: a stale node_modules gets told to run npm ci). */
function loadVsce(): VsceApi {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@vscode/vsce') as VsceApi;
  } catch {
    throw new Error('@vscode/vsce is not installed: run `npm ci`');
  }
}

function checkBuilt(): void {
  for (const f of ['extension.js', 'server.js']) {
    if (!fs.existsSync(path.join(REPO, 'dist', f))) throw new Error(`dist/${f} is missing: run \`npm run build\` first`);
  }
}

/** Packages the checkout into `out` with vsce's API; returns what vsce printed. */
export async function packageVsix(out: string): Promise<string> {
  checkBuilt();
  const vsce = loadVsce();
  const printed: string[] = [];
  const { log, warn } = console;
  const write = process.stdout.write;
  console.log = (...a: unknown[]) => void printed.push(a.join(' '));
  console.warn = (...a: unknown[]) => void printed.push(a.join(' '));
  process.stdout.write = ((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0) as typeof process.stdout.write;
  try {
    await vsce.createVSIX({ cwd: REPO, packagePath: out, dependencies: false, allowMissingRepository: true, rewriteRelativeLinks: false });
  } finally {
    console.log = log;
    console.warn = warn;
    process.stdout.write = write;
  }
  return printed.join('\n');
}

/** Packages the checkout into `out` by running vsce's command line (as `npm run package` does). */
export function packageVsixSync(out: string): void {
  checkBuilt();
  loadVsce();
  const cli = path.join(path.dirname(require.resolve('@vscode/vsce/package.json')), 'vsce');
  const r = spawnSync(process.execPath, [cli, 'package', ...VSCE_FLAGS, '--out', out], { cwd: REPO, encoding: 'utf8', timeout: 120000 });
  if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`vsce package failed (status ${r.status}):\n${r.stdout}\n${r.stderr}`);
}
