// `q7 --version`: the package version and the build id the bundler stamps (the same id that keys the
// build cache). Run from the TypeScript output (tests), the version comes from the package.json found
// above this file (read through the CLI's injected I/O) and the build is named "unbundled".

import * as path from 'node:path';

declare const __Q7_VERSION: string | undefined;
declare const __Q7_BUILD_ID: string | undefined;

/** The package version: stamped into bundles, else read from the nearest package.json named q7-studio. */
export function packageVersion(readFile: (p: string) => Uint8Array): string {
  if (typeof __Q7_VERSION === 'string') return __Q7_VERSION;
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    try {
      const pkg = JSON.parse(new TextDecoder().decode(readFile(path.join(dir, 'package.json')))) as { name?: string; version?: string };
      if (pkg.name === 'q7-studio' && pkg.version) return pkg.version;
    } catch {
      // no readable package.json here: look further up
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
}

/** The text `q7 --version` prints. */
export function versionText(readFile: (p: string) => Uint8Array): string {
  const build = typeof __Q7_BUILD_ID === 'string' ? `build ${__Q7_BUILD_ID.slice(0, 12)}` : 'unbundled build';
  return `q7 (Q7 Studio) ${packageVersion(readFile)}, ${build}, Node ${process.versions.node}\n`;
}
