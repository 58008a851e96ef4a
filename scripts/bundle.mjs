// Bundles the entry points (CLI today; extension, server and adapter as they land) with esbuild.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = [
  { in: 'cli/main.ts', out: 'dist/cli.js' },
].filter((e) => existsSync(e.in));

for (const e of entries) {
  await build({
    entryPoints: [e.in],
    outfile: e.out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    external: ['vscode'],
    logLevel: 'warning',
  });
}
