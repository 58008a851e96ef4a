// End to end in a real VS Code: code-server (VS Code 1.100 server and workbench) with the packaged
// extension (the .vsix `npm run package` builds) installed by its installer, driven through the
// workbench UI in Debian's headless chromium with playwright-core, with no network (network-guard.js in
// every Node process, chromium resolving no host but the loopback). Opening a plain C++ file activates
// the extension without starting the language server (the activation figures, the extension's and VS
// Code's, are printed beside the 200 ms target: a wall-clock figure on a shared CI machine is a
// measurement, not a pass/fail check; the bundle split that keeps activation cheap is asserted); opening a
// kernel starts it (its status bar item appears); the Problems panel lists the read-only write Q7-A002
// with its message; the hover on the accessor shows its type and layout; the quick fix picked from the
// light-bulb menu rewrites the parameter and the diagnostic disappears; F2 renames a local at its
// declaration and its uses; nothing tried to reach a network.
// Screenshots for the README (tour-*.png) go to test-artifacts/e2e/. Tools come from scripts/e2e-install.sh.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionLog, guardedPid, networkLog, processEnvironment, startCodeServer, type CodeServer } from './code-server';
import { CHROMIUM_ARGS, loadPlaywright, type Browser, type Page } from './playwright';
import { artifactsDir, requireE2eTools, stageExtension, type E2eTools } from './setup';
import { SELECTORS, applyQuickFix, runCommand, editorText, goTo, hoverText, openFromExplorer, openProblems, openWorkbench, problem, renameSymbol, shotOf, statusItem } from './workbench';
import { parseActivationMs } from '../../client/activation';
import { withMallocTunables } from '../../client/server-launch';
import { assertNoNetwork } from './network';

/** The activation target the packaging issue sets (printed beside the measured figures). */
const ACTIVATION_BUDGET_MS = 200;

const PLAIN = `// an ordinary C++ file: no device SDK include
int add(int a, int b) { return a + b; }
`;

const KERNEL = `#include <torch/torch.h>

void relu(const torch::Tensor& t_in, const torch::Tensor& t_out) {
  auto in = t_in.accessor<float, 1>();
  auto out = t_out.accessor<float, 1>();
  for (int64_t i = 0; i < t_in.size(0); i++) {
    float v = in[i];
    out[i] = v > 0.0f ? v : 0.0f;
  }
}
`;

describe('VS Code end to end (code-server + chromium)', function () {
  this.timeout(240000);
  let tools: E2eTools;
  let run: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const consoleLines: string[] = [];
  const requests: string[] = [];
  let failed = false;
  let t0 = Date.now();
  const mark = (what: string) => console.log(`      [e2e] ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  before(async function () {
    tools = requireE2eTools(this);
    t0 = Date.now();
    run = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-e2e-'));
    const extensions = path.join(run, 'extensions');
    stageExtension(extensions);
    fs.mkdirSync(path.join(run, 'workspace'));
    fs.writeFileSync(path.join(run, 'workspace', 'relu.cpp'), KERNEL);
    fs.writeFileSync(path.join(run, 'workspace', 'plain.cpp'), PLAIN);
    server = await startCodeServer(tools.codeServer, run, extensions);
    mark('code-server healthy');
    browser = await loadPlaywright(tools.playwrightCore).chromium.launch({ executablePath: tools.chromium, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('request', (r) => requests.push(r.url()));
    await openWorkbench(page, server.url, path.join(run, 'workspace'));
    mark('workbench ready');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      failed = true;
      const shot = path.join(run, `${this.currentTest.title.replace(/\W+/g, '-')}.png`);
      await page.screenshot({ path: shot }).catch(() => undefined);
      console.log(`      screenshot: ${shot}\n      code-server log:\n${server?.log()}\n      console:\n${consoleLines.slice(-30).join('\n')}`);
    }
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (run && !failed && !process.env.Q7_E2E_KEEP) fs.rmSync(run, { recursive: true, force: true });
    mark('stopped');
  });

  it('activates on a plain C++ file without loading or starting the language server (figures printed against 200 ms)', async () => {
    assert.equal(await statusItem(page, 'Q7').count(), 0, 'not active before a C++ file opens');
    await openFromExplorer(page, 'plain.cpp');
    const log = await extensionLog(run, 'Q7 Studio', /activated in/);
    const ms = parseActivationMs(log);
    console.log(`      [e2e] activation: ${ms} ms (budget ${ACTIVATION_BUDGET_MS} ms): ${/activated in .*/.exec(log)?.[0]}`);
    assert.ok(ms !== undefined && ms > 0, `the extension logs its activation figure:\n${log}`);
    assert.match(log, /no kernel open: the language server starts when one opens/);
    await page.waitForTimeout(1000);
    assert.doesNotMatch(await extensionLog(run, 'Q7 Studio', /activated in/), /starting the language server/);
    assert.equal(await statusItem(page, 'Q7').count(), 0, 'no server status for a plain C++ file');
    // VS Code's own figure (code loading + activate call) in Developer: Show Running Extensions
    await runCommand(page, 'Developer: Show Running Extensions');
    const row = page.locator('.monaco-list-row').filter({ hasText: 'Q7 Studio' }).filter({ hasText: /Activation/i }).first();
    await row.waitFor({ state: 'visible', timeout: 60000 });
    const shown = (await row.innerText()).replace(/\s+/g, ' ');
    const vscodeMs = Number(/Activation:?\s*(\d+)\s*ms/i.exec(shown)?.[1]);
    console.log(`      [e2e] VS Code's Running Extensions: ${shown}`);
    assert.ok(Number.isFinite(vscodeMs) && vscodeMs > 0, `VS Code shows an activation figure: ${shown}`);
    if (vscodeMs >= ACTIVATION_BUDGET_MS) console.log(`      [e2e] note: VS Code's figure is over the ${ACTIVATION_BUDGET_MS} ms target on this machine`);
    await runCommand(page, 'View: Close Editor');
    mark(`extension active (${ms} ms; VS Code: ${vscodeMs} ms), no server`);
  });

  it('starts the language server when a kernel opens (its status bar item appears)', async () => {
    await openFromExplorer(page, 'relu.cpp');
    await statusItem(page, 'Q7').waitFor({ state: 'visible', timeout: 60000 });
    assert.match(await extensionLog(run, 'Q7 Studio', /starting the language server/), /starting the language server: relu\.cpp is a kernel/);
    // started as client/server-launch.ts says: the extension host's environment less NODE_EXTRA_CA_CERTS,
    // with glibc's malloc tunables added to the host's own
    const host = guardedPid(run, /extensionHost/);
    let lsp = guardedPid(run, /server\.js/);
    for (const until = Date.now() + 30000; lsp === undefined && Date.now() < until; lsp = guardedPid(run, /server\.js/)) await new Promise((r) => setTimeout(r, 100));
    assert.ok(host !== undefined && lsp !== undefined, `the extension host and the server in the guard's log:\n${networkLog(run).guarded.join('\n')}`);
    const hostEnv = processEnvironment(host);
    const lspEnv = processEnvironment(lsp);
    if (hostEnv.has('NODE_EXTRA_CA_CERTS')) assert.equal(lspEnv.has('NODE_EXTRA_CA_CERTS'), false, 'the server started without NODE_EXTRA_CA_CERTS');
    for (const name of ['NODE_OPTIONS', 'Q7_E2E_NETLOG', 'HOME', 'PATH']) assert.equal(lspEnv.get(name), hostEnv.get(name), `${name} passed through to the server`);
    if (process.platform === 'linux') await assertMallocTunables(lsp, hostEnv.get('GLIBC_TUNABLES'));
    mark(`language server started${hostEnv.has('NODE_EXTRA_CA_CERTS') ? ' (without the host\'s NODE_EXTRA_CA_CERTS)' : ''}`);
  });

  it('lists the read-only write Q7-A002 with its message in the Problems panel', async () => {
    await openProblems(page);
    const row = problem(page, 'Q7-A002');
    await row.waitFor({ state: 'visible', timeout: 60000 });
    const text = (await row.textContent()) ?? '';
    assert.match(text, /write through read-only accessor 'out'/);
    mark('diagnostic in Problems');
  });

  it('shows the accessor\'s type and layout on hover', async () => {
    await goTo(page, 5, 9);
    const text = await hoverText(page, 'TensorAccessor');
    assert.match(text, /at::TensorAccessor<float, 1, true, long long> out/);
    assert.match(text, /sizeof 40, alignof 8/);
    assert.match(text, /coherency_enforcer_/);
    await shotOf(page, path.join(artifactsDir(), 'tour-hover.png'), [page.locator(SELECTORS.editorPart).first()], 0);
    await page.keyboard.press('Escape');
    mark('hover');
  });

  it('applies the quick fix from the light-bulb menu and the diagnostic disappears', async () => {
    await goTo(page, 8, 5);
    await applyQuickFix(page, "Make 't_out' a non-const", () =>
      shotOf(page, path.join(artifactsDir(), 'tour-quick-fix.png'), [page.locator(SELECTORS.editorPart).first(), page.locator(SELECTORS.panelPart).first()], 0));
    await problem(page, 'Q7-A002').waitFor({ state: 'detached', timeout: 60000 });
    assert.match(await editorText(page), /const torch::Tensor& t_in,\s+torch::Tensor& t_out/);
    mark('quick fix applied, diagnostic gone');
  });

  it('renames a local with F2 at its declaration and every use (the server verifies the rename)', async () => {
    await goTo(page, 7, 11);
    await renameSymbol(page, 'x');
    const deadline = Date.now() + 60000;
    let text = await editorText(page);
    while (!/float x = in\[i\];/.test(text) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      text = await editorText(page);
    }
    assert.match(text, /float x = in\[i\];/);
    assert.match(text, /out\[i\] = x > 0\.0f \? x : 0\.0f;/);
    assert.doesNotMatch(text, /\bv\b/);
    mark('renamed with F2');
  });

  it('worked with no network: nothing tried to leave the machine', () => {
    const summary = assertNoNetwork(run, requests, [/extensionHost|bootstrap-fork/, /server\.js/]);
    mark(`no network: ${summary}`);
  });
});

/**
 * The server process `pid` started with the launch's malloc tunables (client/server-launch.ts), and,
 * where the kernel gives transparent huge pages on request, has some (within 10 s of its start). glibc parses GLIBC_TUNABLES in
 * place, ending each tunable it takes with a NUL, so /proc shows the variable as its first tunable and
 * the others as entries of their own: each is looked for in the raw environment.
 */
async function assertMallocTunables(pid: number, hostTunables: string | undefined): Promise<void> {
  const raw = fs.readFileSync(`/proc/${pid}/environ`, 'latin1');
  assert.match(raw, /(^|\0)GLIBC_TUNABLES=/, 'the server has GLIBC_TUNABLES');
  for (const t of withMallocTunables(hostTunables).split(':')) assert.ok(raw.includes(t), `the server started with ${t}`);
  const mode = /\[(\w+)\]/.exec(fs.existsSync(THP) ? fs.readFileSync(THP, 'utf8') : '')?.[1];
  if (mode !== 'madvise') return;
  const hugeKiB = () => Number(/AnonHugePages:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1]);
  let huge = hugeKiB();
  for (const until = Date.now() + 10000; !(huge > 0) && Date.now() < until; huge = hugeKiB()) await new Promise((r) => setTimeout(r, 100));
  assert.ok(huge > 0, `the server has transparent huge pages (THP madvise): ${huge} KiB`);
}

const THP = '/sys/kernel/mm/transparent_hugepage/enabled';
