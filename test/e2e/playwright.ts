// The part of playwright-core's API the end-to-end test uses, typed here because playwright-core is
// installed in the e2e prefix (scripts/e2e-install.sh), not in the project's node_modules.

export interface Locator {
  click(options?: { timeout?: number }): Promise<void>;
  first(): Locator;
  filter(options: { hasText?: string | RegExp; hasNotText?: string | RegExp; has?: Locator }): Locator;
  getAttribute(name: string, options?: { timeout?: number }): Promise<string | null>;
  locator(selector: string): Locator;
  waitFor(options?: { state?: 'attached' | 'detached' | 'visible' | 'hidden'; timeout?: number }): Promise<void>;
  textContent(options?: { timeout?: number }): Promise<string | null>;
  innerText(options?: { timeout?: number }): Promise<string>;
  count(): Promise<number>;
}

export interface Page {
  goto(url: string, options?: { timeout?: number; waitUntil?: 'load' | 'domcontentloaded' | 'commit' }): Promise<unknown>;
  locator(selector: string, options?: { hasText?: string | RegExp; has?: Locator }): Locator;
  keyboard: { press(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  on(event: 'console', listener: (m: { type(): string; text(): string }) => void): void;
  waitForTimeout(ms: number): Promise<void>;
}

export interface Browser {
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

export interface PlaywrightCore {
  chromium: { launch(options: { executablePath: string; headless: boolean; args: string[] }): Promise<Browser> };
}

/** Loads playwright-core from the folder it was installed in. */
export function loadPlaywright(dir: string): PlaywrightCore {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(dir) as PlaywrightCore;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
