// Writes dist/build-seed.bin, the build cache's seed shipped with the bundles (diskcache/shipped.ts):
// the entries a build stores for the runtime library (`runtime-…`) and the linked objects of the ROM
// and runtime parts (`object-…`), made by building the ReLU example at -O0 (the debugger's default) and -O2 (q7 run's) with
// the launch defines (the sanitizers'), as the bundles compile them (their build id is set as the
// bundles' define is), so that the first build on a machine does not compile the runtime library.
// Run by `npm run build` after the bundles (it reads the tsc output, out/). Prints the entries' count
// and size.
import { readFileSync, writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { createRequire } from 'node:module';
import { buildId } from './build-id.mjs';

// the compiler's identity is the bundles' (compiler/cache reads this global as the bundles' define)
globalThis.__Q7_BUILD_ID = buildId();

const require = createRequire(import.meta.url);
const { Frontend, locateGrammarFiles, memoryHost } = require('../out/language/index.js');
const { compile } = require('../out/compiler/index.js');
const { encodeShipped, SHIPPED_BUILD_SEED_FILE } = require('../out/diskcache/index.js');
const { kernelDefines } = require('../out/session/index.js');

const grammar = locateGrammarFiles((p) => { try { return readFileSync(p); } catch { return undefined; } }, undefined, (s) => require.resolve(s));
if (typeof grammar === 'string') throw new Error(`build-seed: ${grammar}`);
const fe = await Frontend.create(grammar);

const entries = new Map();
const cache = { get: (key) => entries.get(key), put: (key, value) => entries.set(key, value) };
const file = '/examples/relu.cpp';
const host = memoryHost({ [file]: readFileSync('examples/kernels/relu.cpp', 'utf8') });
for (const optimize of [0, 2]) {
  const r = compile(fe, file, host, { defines: kernelDefines({}), optimize, cache });
  if (!r.elf) throw new Error(`build-seed: the ReLU example does not build at -O${optimize}`);
}

const kept = [...entries].filter(([k]) => /^(runtime|object)-/.test(k)).sort(([a], [b]) => (a < b ? -1 : 1));
const out = `dist/${SHIPPED_BUILD_SEED_FILE}`;
const bytes = encodeShipped(buildId(), kept);
writeFileSync(out, bytes);
stdout.write(`${out}: ${kept.length} runtime library and ROM entries, ${(bytes.length / 1024).toFixed(0)} KiB\n`);
