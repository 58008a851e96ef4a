// Driving the VS Code workbench in the browser: the selectors (VS Code's internal class names, kept in
// this one file) and the few gestures the end-to-end test makes — open a file from the explorer, go to
// a line and column, show the hover, open the Problems panel, apply a quick fix.

import type { Box, Locator, Page } from './playwright';

export const SELECTORS = {
  workbench: '.monaco-workbench',
  editorPart: '.part.editor',
  panelPart: '.part.panel',
  contextMenuItem: '.monaco-menu .action-item',
  explorerRow: '.explorer-folders-view .monaco-list-row',
  statusItem: '.statusbar-item',
  problemsRow: '.markers-panel .monaco-list-row',
  hover: '.monaco-hover-content',
  quickInput: '.quick-input-widget input',
  actionWidget: '.action-widget .monaco-list-row',
  editorLines: '.monaco-editor .view-lines',
  codeLens: '.monaco-editor .codelens-decoration a',
  debugToolbar: '.debug-toolbar',
  callStackRow: '.debug-call-stack .monaco-list-row',
  variablesRow: '.debug-variables .monaco-list-row',
  paneHeader: '.pane-header',
  treeRow: '.monaco-list-row',
  exceptionWidget: '.exception-widget',
  disassemblyRow: '.disassembly-view .monaco-list-row',
  renameInput: '.rename-box .rename-input',
};

/** Clicks the code lens whose text is `title` (e.g. "Debug Kernel") on the line of `nearText`. */
export async function clickCodeLens(page: Page, title: string): Promise<void> {
  const lens = page.locator(SELECTORS.codeLens).filter({ hasText: title }).first();
  await lens.waitFor({ state: 'visible', timeout: T });
  await lens.click();
}

/** Runs a command from the palette by its exact title. */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator(SELECTORS.quickInput).first();
  await input.waitFor({ state: 'visible', timeout: T });
  await page.keyboard.type(`>${title}`);
  const row = page.locator(`.quick-input-list .monaco-list-row[aria-label^="${title}"]`).first();
  await row.waitFor({ state: 'visible', timeout: T });
  await row.click();
}

/** The top frame's row of the call stack, once it shows `text`. */
export async function topFrame(page: Page, text: string | RegExp): Promise<string> {
  const row = page.locator(SELECTORS.callStackRow).filter({ hasText: text }).first();
  await row.waitFor({ state: 'visible', timeout: T });
  return row.innerText();
}

/** A row of the Variables view showing `text`. */
export function variable(page: Page, text: string | RegExp): Locator {
  return page.locator(SELECTORS.variablesRow).filter({ hasText: text }).first();
}

const T = 60000;

export async function openWorkbench(page: Page, url: string, folder: string): Promise<void> {
  await page.goto(`${url}/?folder=${encodeURIComponent(folder)}`, { timeout: T });
  await page.locator(SELECTORS.workbench).waitFor({ state: 'visible', timeout: T });
}

export async function openFromExplorer(page: Page, name: string): Promise<void> {
  const row = page.locator(SELECTORS.explorerRow).filter({ hasText: name }).first();
  await row.waitFor({ state: 'visible', timeout: T });
  await row.click();
  await page.locator(SELECTORS.editorLines).first().waitFor({ state: 'visible', timeout: T });
}

export function statusItem(page: Page, text: string): Locator {
  return page.locator(SELECTORS.statusItem).filter({ hasText: text }).first();
}

/** Moves the cursor with Go to Line (Ctrl+G) to a 1-based line and column. */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.locator(SELECTORS.editorLines).first().click();
  await page.keyboard.press('Control+G');
  const input = page.locator(SELECTORS.quickInput).first();
  await input.waitFor({ state: 'visible', timeout: T });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: T });
}

/** Shows the hover at the cursor (Ctrl+K Ctrl+I) and returns its text. */
export async function hoverText(page: Page, expect: string): Promise<string> {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  const hover = page.locator(SELECTORS.hover).filter({ hasText: expect }).first();
  await hover.waitFor({ state: 'visible', timeout: T });
  return hover.innerText();
}

export async function openProblems(page: Page): Promise<void> {
  await page.keyboard.press('Control+Shift+M');
}

export function problem(page: Page, text: string): Locator {
  return page.locator(SELECTORS.problemsRow).filter({ hasText: text }).first();
}

/**
 * Opens the quick-fix menu at the cursor (Ctrl+.) and applies the action whose title contains `title`:
 * moves the selection to it with the arrow keys and presses Enter (the menu blocks pointer events
 * until the mouse moves, so keys are the reliable gesture); `whileOpen` runs with the menu open and the fix selected.
 */
export async function applyQuickFix(page: Page, title: string, whileOpen?: () => Promise<void>): Promise<void> {
  await page.keyboard.press('Control+.');
  const rows = page.locator(SELECTORS.actionWidget);
  await rows.filter({ hasText: title }).first().waitFor({ state: 'visible', timeout: T });
  const focused = page.locator(`${SELECTORS.actionWidget}.focused`).filter({ hasText: title });
  for (let i = 0; i < (await rows.count()) && (await focused.count()) === 0; i++) await page.keyboard.press('ArrowDown');
  if ((await focused.count()) === 0) throw new Error(`the quick fix '${title}' could not be selected`);
  await whileOpen?.();
  await page.keyboard.press('Enter');
}

/** Renames the symbol at the cursor (F2): types `name` over the old name in the rename box and accepts it. */
export async function renameSymbol(page: Page, name: string): Promise<void> {
  await page.keyboard.press('F2');
  const box = page.locator(SELECTORS.renameInput).first();
  await box.waitFor({ state: 'visible', timeout: T });
  // focus the box itself first: a select-all that reached the editor would select the whole file
  await box.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(name);
  const typed = await box.evaluate((el) => (el as { value?: string }).value);
  if (typed !== name) throw new Error(`the rename box holds '${typed}', not '${name}'`);
  await page.keyboard.press('Enter');
  await box.waitFor({ state: 'hidden', timeout: T });
}

/** The visible text of the editor (the non-breaking spaces the editor renders read as spaces). */
export async function editorText(page: Page): Promise<string> {
  return (await page.locator(SELECTORS.editorLines).first().innerText()).replace(/\u00a0/g, ' ');
}

/**
 * A screenshot of the part of the window the locators cover (their bounding boxes' union, `pad` pixels
 * around it, inside the viewport): the README's pictures are cut this way to stay small.
 */
export async function shotOf(page: Page, file: string, parts: Locator[], pad = 8): Promise<void> {
  const boxes = (await Promise.all(parts.map((p) => p.boundingBox()))).filter((b): b is Box => b !== null);
  if (boxes.length === 0) throw new Error(`nothing to photograph for ${file}`);
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x)) - pad);
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y)) - pad);
  const x1 = Math.max(...boxes.map((b) => b.x + b.width)) + pad;
  const y1 = Math.max(...boxes.map((b) => b.y + b.height)) + pad;
  await page.screenshot({ path: file, clip: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
}
