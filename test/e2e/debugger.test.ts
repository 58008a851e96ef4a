// The debugger end to end in a real VS Code (code-server + headless chromium, as vscode.test.ts): open
// the ReLU kernel, put a breakpoint on the store, start "Debug Kernel" from its code lens (accepting
// the default argument; the language server has prebuilt the kernel by then), stop at the breakpoint, step over, expand the input accessor in Variables to
// its Q7PtrType (exact 64-bit hbm_addr), see the window table in the Q7 Device view, open View Tensor
// on the input tensor (its table holds the generated values, its heat map is painted from them), step
// one instruction in the Disassembly view; then debug a kernel with an out-of-bounds write and stop at
// its line; with no network throughout. Screenshots of each state are kept in test-artifacts/e2e/
// (Q7_E2E_ARTIFACTS); the tour-*.png ones are the README's (scripts/readme-screenshots.mjs).

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { extensionLog, startCodeServer, type CodeServer } from './code-server';
import { assertNoNetwork } from './network';
import { CHROMIUM_ARGS, loadPlaywright, type Browser, type Page } from './playwright';
import { REPO, artifactsDir, requireE2eTools, stageExtension, type E2eTools } from './setup';
import { SELECTORS, clickCodeLens, goTo, openFromExplorer, openWorkbench, runCommand, shotOf, statusItem, topFrame, variable } from './workbench';
import { generateTensor, getElement, parseTensorSpec } from '../../tensors';
import { DEFAULT_TENSOR } from '../../client/kernel-args';

const OOB = `#include <torch/torch.h>
torch::Tensor fill3(const torch::Tensor& t) {
  torch::Tensor out = torch::zeros({5, 5, 5}, torch::kFloat);
  auto acc = out.accessor<float, 3>();
  acc[1][2][3] = 1.0f;
  acc[15][20][30] = 2.0f;
  return out;
}
`;

describe('VS Code end to end: the debugger (code-server + chromium)', function () {
  this.timeout(300000);
  let tools: E2eTools;
  let run: string;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  const consoleLines: string[] = [];
  const requests: string[] = [];
  let t0 = Date.now();
  const mark = (what: string) => console.log(`      [e2e] ${what} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const shot = (name: string) => page.screenshot({ path: path.join(artifactsDir(), `debugger-${name}.png`) });

  before(async function () {
    tools = requireE2eTools(this);
    t0 = Date.now();
    run = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-e2e-dbg-'));
    const extensions = path.join(run, 'extensions');
    stageExtension(extensions);
    const ws = path.join(run, 'workspace');
    fs.mkdirSync(ws);
    fs.copyFileSync(path.join(REPO, 'examples', 'kernels', 'relu.cpp'), path.join(ws, 'relu.cpp'));
    fs.writeFileSync(path.join(ws, 'oob.cpp'), OOB);
    server = await startCodeServer(tools.codeServer, run, extensions);
    browser = await loadPlaywright(tools.playwrightCore).chromium.launch({ executablePath: tools.chromium, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('request', (r) => requests.push(r.url()));
    await openWorkbench(page, server.url, ws);
    mark('workbench ready');
  });

  afterEach(async function () {
    if (this.currentTest?.state === 'failed' && page) {
      await shot(`failed-${this.currentTest.title.replace(/\W+/g, '-')}`).catch(() => undefined);
      console.log(`      code-server log:\n${server?.log()}\n      console:\n${consoleLines.slice(-30).join('\n')}`);
    }
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (run && !process.env.Q7_E2E_KEEP) fs.rmSync(run, { recursive: true, force: true });
    mark('stopped');
  });

  it('starts Debug Kernel from the code lens and stops at a breakpoint on the store', async () => {
    await openFromExplorer(page, 'relu.cpp');
    await statusItem(page, 'Q7').waitFor({ state: 'visible', timeout: 60000 });
    // the language server has built the checked kernel for the debugger (server/prebuild.ts)
    assert.match(await extensionLog(run, 'Q7 Studio', /prebuild for the debugger of .*relu\.cpp: \w+/, 120000), /prebuild for the debugger of .*relu\.cpp: built in \d+ ms/);
    await goTo(page, 12, 7);
    await page.keyboard.press('F9');
    await clickCodeLens(page, 'Debug Kernel');
    const input = page.locator(SELECTORS.quickInput).first();
    await input.waitFor({ state: 'visible', timeout: 60000 });
    await page.keyboard.press('Enter');
    await page.locator(SELECTORS.debugToolbar).waitFor({ state: 'visible', timeout: 120000 });
    const top = await topFrame(page, /relu_forward/);
    assert.match(top, /relu\.cpp\s*12:\d+/);
    await shot('breakpoint');
    mark('stopped at the breakpoint');
  });

  it('steps over to the next line', async () => {
    await variable(page, /^\s*x\s*=/).waitFor({ state: 'visible', timeout: 60000 });
    await page.keyboard.press('F10');
    const top = await topFrame(page, /relu\.cpp\s*1[01]:\d+/);
    assert.match(top, /relu_forward/);
    // the Variables view has caught up with the new stop (x, in scope on line 12, is gone on line 10)
    await variable(page, /^\s*x\s*=/).waitFor({ state: 'detached', timeout: 60000 });
    mark('stepped over');
  });

  it('shows the input accessor\'s Q7PtrType with its exact 64-bit hbm_addr in Variables', async () => {
    const acc = variable(page, /^\s*in\b/);
    await acc.waitFor({ state: 'visible', timeout: 60000 });
    await acc.click();
    const data = variable(page, /^\s*data_\b/);
    await data.waitFor({ state: 'visible', timeout: 60000 });
    await data.click();
    const hbm = variable(page, /^\s*hbm_addr\b/);
    await hbm.waitFor({ state: 'visible', timeout: 60000 });
    assert.match(await hbm.innerText(), /^\s*hbm_addr\s*[:=]?\s*0x1[0-9a-f]{8}\b/);
    assert.match(await variable(page, /^\s*is_nullptr\b/).innerText(), /is_nullptr\s*[:=]?\s*false/);
    await shot('q7ptrtype');
    mark('Q7PtrType shown');
  });

  it('lists the window table in the Q7 Device view', async () => {
    // make room: collapse the other panes of Run and Debug, open the Q7 Device pane
    for (const name of ['Breakpoints', 'Watch', 'Loaded Scripts']) {
      const h = page.locator(SELECTORS.paneHeader).filter({ hasText: new RegExp(`^\\s*${name}`, 'i') }).first();
      if ((await h.count()) && (await h.getAttribute('aria-expanded')) === 'true') await h.click();
    }
    const header = page.locator(SELECTORS.paneHeader).filter({ hasText: 'Q7 Device' }).first();
    await header.waitFor({ state: 'visible', timeout: 60000 });
    if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
    const pane = page.locator('.pane').filter({ has: page.locator('.pane-header', { hasText: 'Q7 Device' }) }).first();
    const windows = pane.locator('.monaco-list-row').filter({ hasText: /window/i }).first();
    await windows.waitFor({ state: 'visible', timeout: 60000 });
    const entry = pane.locator(".monaco-list-row").filter({ hasText: /hbm 0x0*1[0-9a-f]{8} → local 0x[0-9a-f]{8}/ }).first();
    await entry.waitFor({ state: 'visible', timeout: 60000 });
    assert.match(await entry.innerText(), /\[0\]\s*hbm 0x0*1[0-9a-f]{8} → local 0x8[0-9a-f]{7}/);
    await shot('device-view');
    // the README's picture: Call Stack folded for room, the accessor's Q7PtrType and the window table in view
    await runCommand(page, 'Notifications: Clear All Notifications');
    const callStack = page.locator(SELECTORS.paneHeader).filter({ hasText: /^\s*Call Stack/i }).first();
    await callStack.click();
    // drag the sash under Variables down to show the accessor's fields
    const watch = await page.locator(SELECTORS.paneHeader).filter({ hasText: /^\s*Watch/i }).first().boundingBox();
    if (watch) {
      await page.mouse.move(watch.x + 100, watch.y);
      await page.mouse.down();
      await page.mouse.move(watch.x + 100, watch.y + 220, { steps: 8 });
      await page.mouse.up();
    }
    await variable(page, /^\s*hbm_addr\b/).waitFor({ state: 'visible', timeout: 60000 });
    await page.screenshot({ path: path.join(artifactsDir(), 'tour-debug.png') });
    await callStack.click();
    mark('window table shown');
  });

  it('shows the input tensor as a table and a heat map in View Tensor', async () => {
    await variable(page, /^\s*in\b/).click(); // fold the accessor: t_in comes back into view
    const row = variable(page, /^\s*t_in\b/);
    await row.waitFor({ state: 'visible', timeout: 60000 });
    await row.click({ button: 'right' });
    const item = page.locator(SELECTORS.contextMenuItem).filter({ hasText: 'View Tensor' }).first();
    await item.waitFor({ state: 'visible', timeout: 60000 });
    // keys, as for the quick-fix menu: move the focus to the item, then Enter
    const focused = page.locator(`${SELECTORS.contextMenuItem}.focused`).filter({ hasText: 'View Tensor' });
    for (let i = 0; i < 8 && (await focused.count()) === 0; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const view = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    const title = view.locator('#title');
    await title.waitFor({ state: 'visible', timeout: 60000 });
    assert.equal(await title.innerText(), 't_in: float32 [4, 8]');
    assert.equal(await view.locator('#summary').innerText(), '32 elements');
    // the table: the elements the lens's default argument (DEFAULT_TENSOR) generates, in row-major order
    const gen = generateTensor(parseTensorSpec(DEFAULT_TENSOR));
    const want = Array.from({ length: 32 }, (_, k) => getElement(gen.dtype, gen.data, k));
    const cells = (await view.locator('table tbody td').allInnerTexts()).map(Number);
    assert.deepEqual(cells, want);
    // the heat map: one pixel per element, the largest element red, the smallest blue
    const pixels = await view.locator('#heat').evaluate((el) => {
      const c = el as { width: number; height: number; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } };
      return { width: c.width, height: c.height, data: Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data) };
    });
    assert.deepEqual([pixels.width, pixels.height], [8, 4]);
    const px = (k: number) => pixels.data.slice(4 * k, 4 * k + 4);
    assert.deepEqual(px(want.indexOf(Math.max(...want))), [255, 80, 0, 255]);
    assert.deepEqual(px(want.indexOf(Math.min(...want))), [0, 80, 255, 255]);
    assert.ok(Array.from({ length: 32 }, (_, k) => px(k)[3]).every((a) => a === 255), 'every element painted');
    await shotOf(page, path.join(artifactsDir(), 'tour-tensor.png'), [page.locator(SELECTORS.editorPart).first()], 0);
    await shot('tensor');
    mark('tensor viewer');
    await runCommand(page, 'View: Close Editor');
  });

  it('steps one instruction in the Disassembly view', async () => {
    await runCommand(page, 'Open Disassembly View');
    const current = page.locator(`${SELECTORS.disassemblyRow}`).filter({ has: page.locator('.codicon-debug-stackframe') }).first();
    await current.waitFor({ state: 'visible', timeout: 60000 });
    const before = await current.innerText();
    await page.locator('.disassembly-view').first().click();
    await page.keyboard.press('F10');
    await page.waitForTimeout(500);
    const after = page.locator(`${SELECTORS.disassemblyRow}`).filter({ has: page.locator('.codicon-debug-stackframe') }).first();
    await after.waitFor({ state: 'visible', timeout: 60000 });
    assert.notEqual(await after.innerText(), before, 'the current instruction moved by one');
    await shot('disassembly');
    mark('instruction stepped');
    await page.keyboard.press('Shift+F5');
    await page.locator(SELECTORS.debugToolbar).waitFor({ state: 'hidden', timeout: 60000 });
  });

  it('stops a kernel with an out-of-bounds write at its line', async () => {
    await page.keyboard.press('Control+Shift+E');
    await openFromExplorer(page, 'oob.cpp');
    await clickCodeLens(page, 'Debug Kernel');
    const input = page.locator(SELECTORS.quickInput).first();
    await input.waitFor({ state: 'visible', timeout: 60000 });
    await page.keyboard.press('Enter');
    const widget = page.locator(SELECTORS.exceptionWidget).first();
    await widget.waitFor({ state: 'visible', timeout: 120000 });
    assert.match(await widget.innerText(), /out-of-bounds[\s\S]*index 15 is out of bounds for dimension 0 of size 5/);
    await page.keyboard.press('Control+Shift+D');
    const top = await topFrame(page, /oob\.cpp\s*6:\d+/);
    assert.match(top, /fill3/);
    await shot('fault');
    await shotOf(page, path.join(artifactsDir(), 'tour-fault.png'), [page.locator(SELECTORS.editorPart).first()], 0);
    mark('fault stop at line 6');
    await page.keyboard.press('Shift+F5');
  });

  it('worked with no network: nothing tried to leave the machine', () => {
    const summary = assertNoNetwork(run, requests, [/extensionHost|bootstrap-fork/, /server\.js/, /dap\.js/]);
    mark(`no network: ${summary}`);
  });
});
