// Behaviour yardstick for refactors: builds every C++ source of the examples and the test corpora at
// -O0, -O1 and -O2 in one process (from out/, so run `npm run build` first) and prints one line per
// build: the size and SHA-256 of its code sections and of the whole ELF, or the diagnostics that
// stopped it. Run it before and after a change and diff the two outputs: an unchanged compiler gives
// identical lines. LEVELS=0,2 picks the levels.
//
//   node scripts/build-digests.mjs > before.txt   …change, npm run build…
//   node scripts/build-digests.mjs > after.txt && diff before.txt after.txt

/* global process, console */

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const language = require(join(ROOT, 'out/language/index.js'));
const compiler = require(join(ROOT, 'out/compiler/index.js'));
const elf = require(join(ROOT, 'out/xtensa/elf/index.js'));

const SHF_EXECINSTR = 4;
const DIRS = ['examples/kernels', 'test/compiler/corpus', 'test/programs/c', 'test/public-kernels'];

function sources(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(cpp|c)$/.test(e.name)) out.push(p);
  }
  return out;
}

const grammar = language.locateGrammarFiles((p) => (existsSync(p) ? readFileSync(p) : undefined), undefined, (s) => require.resolve(s));
if (typeof grammar === 'string') throw new Error(grammar);
const frontend = await language.Frontend.create(grammar);
const host = { readFile: (p) => (existsSync(p) ? readFileSync(p, 'utf8') : undefined) };
const files = DIRS.flatMap((d) => sources(join(ROOT, d))).sort();
const levels = (process.env.LEVELS ?? '0,1,2').split(',').map(Number);
let built = 0;
let textBytes = 0;
for (const file of files) {
  for (const level of levels) {
    const name = `${relative(ROOT, file)} -O${level}`;
    let r;
    try {
      r = compiler.compile(frontend, file, host, { optimize: level, debug: true });
    } catch (e) {
      console.log(`${name}: threw ${e.message.split('\n')[0]}`);
      continue;
    }
    if (!r.elf) {
      console.log(`${name}: ${r.diagnostics.map((d) => `${relative(ROOT, d.file)}:${d.line}:${d.column}: ${d.message}`).join(' | ')}`);
      continue;
    }
    const image = elf.readElf(r.elf, name);
    const code = createHash('sha256');
    let size = 0;
    for (const s of image.sections.filter((s) => s.flags & SHF_EXECINSTR)) {
      code.update(`${s.name}@${s.addr}:`).update(s.data);
      size += s.data.length;
    }
    built++;
    textBytes += size;
    console.log(`${name}: code ${size} ${code.digest('hex').slice(0, 16)} elf ${r.elf.length} ${createHash('sha256').update(r.elf).digest('hex').slice(0, 16)}`);
  }
}
console.log(`# ${built} images, ${textBytes} bytes of code`);
