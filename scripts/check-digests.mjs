// Behaviour yardstick for refactors of the front-end and the checks: runs what `q7 check` runs (the
// analysis, the domain checks and the compiler's legality rules) over every C++ source of the
// examples, the fixtures and the test corpora in one process (from out/, so `npm run build` first)
// and prints each diagnostic with its place, code, message, notes, help and fixes. Run it before and
// after a change and diff the outputs: unchanged diagnostics give identical lines.
//
//   node scripts/check-digests.mjs > before.txt   …change, npm run build…
//   node scripts/check-digests.mjs > after.txt && diff before.txt after.txt

/* global console */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const language = require(join(ROOT, 'out/language/index.js'));
const checks = require(join(ROOT, 'out/language/checks/index.js'));
const compiler = require(join(ROOT, 'out/compiler/index.js'));

const DIRS = ['examples/kernels', 'test/language/checks/fixtures', 'test/language/fixtures', 'test/compiler/corpus', 'test/public-kernels', 'test/debug-adapter/fixtures', 'test/session/fixtures'];

function sources(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(cpp|c|h)$/.test(e.name)) out.push(p);
  }
  return out;
}

const grammar = language.locateGrammarFiles((p) => (existsSync(p) ? readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
if (typeof grammar === 'string') throw new Error(grammar);
const frontend = await language.Frontend.create(grammar);
const host = { readFile: (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined) };
const at = (r) => `${relative(ROOT, r.file)}:${r.start.line + 1}:${r.start.column + 1}-${r.end.line + 1}:${r.end.column + 1}`;
let count = 0;
for (const file of DIRS.flatMap((d) => sources(join(ROOT, d))).sort()) {
  const analysis = frontend.analyze(file, host);
  const shapeSource = checks.findShapeSource(file, host.readFile);
  const found = [...checks.checkedDiagnostics(analysis, { shapeSource }), ...compiler.translationDiagnostics(frontend, analysis, file)];
  console.log(`== ${relative(ROOT, file)}: ${found.length}`);
  for (const d of found) {
    count++;
    console.log(`${at(d.range)} ${d.severity} ${d.code}: ${d.message}`);
    for (const r of d.related ?? []) console.log(`  related ${at(r.range)}: ${r.message}`);
    for (const n of d.notes ?? []) console.log(`  note ${n.range ? at(n.range) : ''}: ${n.message}`);
    if (d.help) console.log(`  help: ${d.help}`);
    for (const f of d.fixes ?? []) console.log(`  fix ${f.title}: ${JSON.stringify(f.edits.map((e) => [at(e.range), e.newText]))}`);
  }
}
console.log(`# ${count} diagnostics`);
