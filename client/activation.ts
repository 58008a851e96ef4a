// The extension's activation figures: when its bundle started loading (a banner line scripts/bundle.mjs
// puts first in dist/extension.js), when the module finished loading, and when activate() began and
// ended, all performance.now() readings. The line they make goes to the "Q7 Studio" log, where users and
// the end-to-end test (test/e2e/vscode.test.ts, target < 200 ms) read it. No VS Code import.

export interface ActivationTimes {
  /** The bundle's first statement (undefined when not running from the bundle). */
  readonly bundleStart?: number;
  readonly moduleLoaded: number;
  readonly activateStart: number;
  readonly activateEnd: number;
}

/**
 * The extension's own share of its activation, as VS Code counts it (code loading + the activate call):
 * evaluating the bundle plus running activate(). The time VS Code spends between the two (other
 * extensions, its own work) is not the extension's.
 */
export function activationMs(t: ActivationTimes): number {
  const load = t.bundleStart === undefined ? 0 : t.moduleLoaded - t.bundleStart;
  return load + (t.activateEnd - t.activateStart);
}

const ms = (x: number) => x.toFixed(1);

/** "activated in 41.3 ms (loading the bundle 30.2 ms, activate() 11.1 ms)". */
export function activationLine(t: ActivationTimes): string {
  const load = t.bundleStart === undefined ? '' : `loading the bundle ${ms(t.moduleLoaded - t.bundleStart)} ms, `;
  return `activated in ${ms(activationMs(t))} ms (${load}activate() ${ms(t.activateEnd - t.activateStart)} ms)`;
}

/** Reads the figure back from a log text (the last activation line); undefined when there is none. */
export function parseActivationMs(log: string): number | undefined {
  const all = [...log.matchAll(/activated in (\d+(?:\.\d+)?) ms/g)];
  return all.length ? Number(all[all.length - 1][1]) : undefined;
}
