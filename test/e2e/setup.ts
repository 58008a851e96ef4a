// What the VS Code end-to-end test needs and where it is: code-server and playwright-core in their own
// prefix (scripts/e2e-install.sh, default .e2e/), Debian's chromium, and the extension's .vsix installed. Locally a
// missing piece skips the test; under CI=true it fails it (as the oracle tests do, harness/oracle/tools.ts).

import * as fs from 'node:fs';
import * as path from 'node:path';
import { isCI, whichProgram } from '../../harness/oracle/tools';
import { packageVsixSync } from '../package/vsix';
import { installExtension } from './code-server';

export const REPO = path.join(__dirname, '..', '..', '..');

/** The prefix scripts/e2e-install.sh installs into (`Q7_E2E_PREFIX` overrides it). */
export function e2ePrefix(): string {
  return process.env.Q7_E2E_PREFIX ?? path.join(REPO, '.e2e');
}

export interface E2eTools {
  codeServer: string;
  playwrightCore: string;
  chromium: string;
}

/** The tools, or a description of what is missing and how to get it. */
export function locateTools(): E2eTools | string {
  const prefix = e2ePrefix();
  const codeServer = path.join(prefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
  const playwrightCore = path.join(prefix, 'node_modules', 'playwright-core');
  const chromium = process.env.Q7_E2E_CHROMIUM ?? whichProgram('chromium');
  const missing: string[] = [];
  if (!fs.existsSync(codeServer) || !fs.existsSync(playwrightCore)) missing.push(`code-server and playwright-core in ${prefix} (run scripts/e2e-install.sh)`);
  if (!chromium) missing.push('chromium (Debian package chromium)');
  return missing.length ? `end-to-end tools missing: ${missing.join(', ')}` : { codeServer, playwrightCore, chromium: chromium! };
}

/** Where screenshots of the end-to-end runs are kept as test artifacts (`Q7_E2E_ARTIFACTS` overrides it). */
export function artifactsDir(): string {
  const dir = process.env.Q7_E2E_ARTIFACTS ?? path.join(REPO, 'test-artifacts', 'e2e');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The tools, or a skip (locally) / a failure (CI=true) of the current test or hook. */
export function requireE2eTools(ctx: Mocha.Context): E2eTools {
  const found = locateTools();
  if (typeof found !== 'string') return found;
  if (isCI()) throw new Error(found);
  ctx.skip();
}

/**
 * The extension as a user gets it: the checkout packaged into a .vsix exactly as `npm run package` does
 * (after the build) and installed into the extensions folder `into` with code-server's installer.
 * Returns the installed extension's folder.
 */
export function stageExtension(into: string): string {
  const tools = locateTools();
  if (typeof tools === 'string') throw new Error(tools);
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  fs.mkdirSync(into, { recursive: true });
  const vsix = path.join(path.dirname(into), `${manifest.name}-${manifest.version}.vsix`);
  packageVsixSync(vsix);
  return installExtension(tools.codeServer, vsix, into, `${manifest.publisher}.${manifest.name}`);
}
