// The part of playwright-core's API the end-to-end test uses, typed here because playwright-core is
// installed in the e2e prefix (scripts/e2e-install.sh), not in the project's node_modules.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface FrameLocator {
  locator(selector: string): Locator;
  frameLocator(selector: string): FrameLocator;
}

export interface Locator {
  click(options?: { timeout?: number; button?: 'left' | 'right' }): Promise<void>;
  boundingBox(options?: { timeout?: number }): Promise<Box | null>;
  evaluate<R>(fn: (el: unknown) => R): Promise<R>;
  allInnerTexts(): Promise<string[]>;
  first(): Locator;
  last(): Locator;
  nth(index: number): Locator;
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
  mouse: { move(x: number, y: number, options?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void> };
  frameLocator(selector: string): FrameLocator;
  screenshot(options: { path: string; fullPage?: boolean; clip?: Box }): Promise<unknown>;
  on(event: 'console', listener: (m: { type(): string; text(): string }) => void): void;
  on(event: 'request', listener: (r: { url(): string }) => void): void;
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
  // no network: every host name but the loopback fails to resolve
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
