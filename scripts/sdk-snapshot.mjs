// Writes dist/sdk-snapshot.bin, the SDK snapshot shipped with the bundles (diskcache/shipped.ts): the
// snapshot store's entries made by analysing the language server's warm-up kernel and every example
// kernel, with the server's default defines and with `q7 run`'s (the sanitizers'), so that the first
// process on a machine loads the analysed SDK headers instead of preprocessing and parsing them.
// Run by `npm run build` after the bundles (it reads the tsc output, out/, and names the bundles' build
// id). Prints the entries' count and size.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { createRequire } from 'node:module';
import { buildId } from './build-id.mjs';

const require = createRequire(import.meta.url);
const { Frontend, locateGrammarFiles, memoryHost } = require('../out/language/index.js');
const { encodeShipped, SHIPPED_SNAPSHOT_FILE } = require('../out/diskcache/index.js');
const { kernelDefines } = require('../out/session/index.js');
const { WARM_UP_KERNEL } = require('../out/server/analyses.js');

const grammar = locateGrammarFiles((p) => { try { return readFileSync(p); } catch { return undefined; } }, undefined, (s) => require.resolve(s));
if (typeof grammar === 'string') throw new Error(`sdk-snapshot: ${grammar}`);

const entries = new Map();
const store = { get: () => undefined, put: (key, value) => entries.set(key, value) };
const fe = await Frontend.create(grammar, { snapshots: store });

const kernels = [['/q7-studio/warm-up.cpp', WARM_UP_KERNEL]];
for (const f of readdirSync('examples/kernels').filter((n) => n.endsWith('.cpp')).sort()) kernels.push([`/examples/${f}`, readFileSync(`examples/kernels/${f}`, 'utf8')]);
// the language server's defines (none by default), then `q7 run`'s and the debugger's
for (const defines of [{}, kernelDefines({})]) {
  for (const [file, text] of kernels) fe.analyze(file, memoryHost({ [file]: text }), { defines });
}

const out = `dist/${SHIPPED_SNAPSHOT_FILE}`;
// stored, not deflated: inflating the entry a start needs cost more of its main thread than reading it
const bytes = encodeShipped(buildId(), [...entries].sort(([a], [b]) => (a < b ? -1 : 1)), { deflate: false });
writeFileSync(out, bytes);
stdout.write(`${out}: ${entries.size} SDK includes, ${(bytes.length / 1024).toFixed(0)} KiB\n`);
