// End to end in a real VS Code: code-server (VS Code 1.100 server and workbench) with the packaged
// extension (the .vsix `npm run package` builds) installed by its installer, driven through the
// workbench UI in Debian's headless chromium with playwright-core. Opening a kernel activates the
// extension (its status bar item appears); the Problems panel lists the read-only write Q7-A002 with its
// message; the hover on the accessor shows its type and layout; the quick fix picked from the light-bulb
// menu rewrites the parameter and the diagnostic disappears. Tools come from scripts/e2e-install.sh.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startCodeServer, type CodeServer } from './code-server';
import { CHROMIUM_ARGS, loadPlaywright, type Browser, type Page } from './playwright';
import { requireE2eTools, stageExtension, type E2eTools } from './setup';
import { applyQuickFix, editorText, goTo, hoverText, openFromExplorer, openProblems, openWorkbench, problem, statusItem } from './workbench';

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
    server = await startCodeServer(tools.codeServer, run, extensions);
    mark('code-server healthy');
    browser = await loadPlaywright(tools.playwrightCore).chromium.launch({ executablePath: tools.chromium, headless: true, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
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

  it('activates the extension when a kernel opens (its status bar item appears)', async () => {
    assert.equal(await statusItem(page, 'Q7').count(), 0, 'not active before a C++ file opens');
    await openFromExplorer(page, 'relu.cpp');
    await statusItem(page, 'Q7').waitFor({ state: 'visible', timeout: 60000 });
    mark('extension active');
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
    await page.keyboard.press('Escape');
    mark('hover');
  });

  it('applies the quick fix from the light-bulb menu and the diagnostic disappears', async () => {
    await goTo(page, 8, 5);
    await applyQuickFix(page, "Make 't_out' a non-const");
    await problem(page, 'Q7-A002').waitFor({ state: 'detached', timeout: 60000 });
    assert.match(await editorText(page), /const torch::Tensor& t_in,\s+torch::Tensor& t_out/);
    mark('quick fix applied, diagnostic gone');
  });
});
