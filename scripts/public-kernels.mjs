// Writes the public kernel corpus (test/public-kernels/) from clones of AWS's repositories:
// - every C++ code block of the AWS Neuron custom-operator guides (API reference, developer guide,
//   tutorials), extracted verbatim from aws-neuron/aws-neuron-sdk into guides/;
// - the custom C++ operator samples (torch-neuronx/{inference,training}/customop_mlp/**.cpp) of
//   aws-neuron/aws-neuron-samples, copied byte for byte into aws-neuron-samples/ under their own paths;
// each with its licence files and a manifest.json naming the repository, commit, path (and line) and
// SHA-256 of every file.
//
//   node scripts/public-kernels.mjs <aws-neuron-sdk git dir> <aws-neuron-samples git dir>
//
// A block is a `.. code-block:: c++` / `cpp` directive, or a `::` literal block whose text is C++
// (has an #include or a torch:: name; the `::` blocks of these guides hold shell and Python too).
// The block's text is taken as RST defines it: the lines indented under the directive, with the
// block's own indentation removed and the blank lines around it dropped; nothing else changes.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const DOCS = [
  { short: 'ref', path: 'neuron-customops/api-reference-guide/custom-ops-ref-guide.rst' },
  { short: 'dev', path: 'neuron-customops/programming-guide/custom-c++-operators-devguide.rst' },
  { short: 'tut-perf', path: 'neuron-customops/tutorials/customop-mlp-perf-opt.rst' },
  { short: 'tut-train', path: 'neuron-customops/tutorials/customop-mlp-training.rst' },
];

const CORPUS = fileURLToPath(new URL('../test/public-kernels/', import.meta.url));
const SAMPLE_DIRS = /^torch-neuronx\/(inference|training)\/customop_mlp\/.*\.cpp$/;

const indentOf = (line) => /^ */.exec(line)[0].length;
const blank = (line) => line.trim() === '';

/** The indented block after line `i` (the directive or the `::` line, whose indentation is `base`). */
function blockAfter(lines, i, base) {
  let j = i + 1;
  // directive options (`:emphasize-lines: 4`) come first, indented, before the blank line
  while (j < lines.length && !blank(lines[j]) && indentOf(lines[j]) > base && /^\s*:[\w-]+:/.test(lines[j])) j++;
  let end = j;
  while (end < lines.length && (blank(lines[end]) || indentOf(lines[end]) > base)) end++;
  while (j < end && blank(lines[j])) j++;
  while (end > j && blank(lines[end - 1])) end--;
  if (j === end) return undefined;
  const body = lines.slice(j, end);
  const cut = Math.min(...body.filter((l) => !blank(l)).map(indentOf));
  return { firstLine: j + 1, text: body.map((l) => (blank(l) ? '' : l.slice(cut))).join('\n') + '\n' };
}

function extract(text) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const directive = /^(\s*)\.\. code(?:-block)?::\s*(\S*)\s*$/.exec(line);
    if (directive) {
      if (!/^(c\+\+|cpp)$/i.test(directive[2])) continue;
      const b = blockAfter(lines, i, directive[1].length);
      if (b) out.push({ ...b, kind: 'code-block' });
      continue;
    }
    // a literal block: a paragraph ending in `::` that is not a directive
    if (/::\s*$/.test(line) && !/^\s*\.\. /.test(line)) {
      const b = blockAfter(lines, i, indentOf(line));
      if (b && /#include|torch::/.test(b.text) && !/^\s*(import|from) /m.test(b.text)) out.push({ ...b, kind: 'literal' });
    }
  }
  return out;
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

function gitReader(gitDir) {
  const git = (...args) => execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  return { git, commit: git('rev-parse', 'HEAD^{commit}').trim() };
}

function guides(gitDir) {
  const { git, commit } = gitReader(gitDir);
  const out = join(CORPUS, 'guides');
  mkdirSync(out, { recursive: true });
  const manifest = { repository: 'https://github.com/aws-neuron/aws-neuron-sdk', commit, files: [] };
  for (const doc of DOCS) {
    extract(git('show', `${commit}:${doc.path}`)).forEach((b, k) => {
      const file = `${doc.short}-${String(k + 1).padStart(2, '0')}.cpp`;
      writeFileSync(join(out, file), b.text);
      manifest.files.push({ file, source: doc.path, line: b.firstLine, kind: b.kind, sha256: sha256(b.text) });
    });
  }
  for (const licence of ['LICENSE-SAMPLECODE', 'LICENSE-SUMMARY-DOCS-SAMPLES']) writeFileSync(join(out, licence), git('show', `${commit}:${licence}`));
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return `${manifest.files.length} guide snippets from aws-neuron-sdk ${commit.slice(0, 12)}`;
}

function samples(gitDir) {
  const { git, commit } = gitReader(gitDir);
  const out = join(CORPUS, 'aws-neuron-samples');
  const manifest = { repository: 'https://github.com/aws-neuron/aws-neuron-samples', commit, files: [] };
  const paths = git('ls-tree', '-r', '--name-only', commit, 'torch-neuronx').split('\n').filter((p) => SAMPLE_DIRS.test(p));
  for (const p of paths) {
    const text = git('show', `${commit}:${p}`);
    mkdirSync(dirname(join(out, p)), { recursive: true });
    writeFileSync(join(out, p), text);
    const last = git('log', '-1', '--format=%H', commit, '--', p).trim();
    manifest.files.push({ file: p, source: p, lastChange: last, sha256: sha256(text) });
  }
  for (const licence of ['LICENSE', 'NOTICE']) writeFileSync(join(out, licence), git('show', `${commit}:${licence}`));
  writeFileSync(join(out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return `${manifest.files.length} sample files from aws-neuron-samples ${commit.slice(0, 12)}`;
}

function main() {
  const [sdkDir, samplesDir] = process.argv.slice(2);
  if (!sdkDir || !samplesDir) {
    process.stderr.write('usage: node scripts/public-kernels.mjs <aws-neuron-sdk git dir> <aws-neuron-samples git dir>\n');
    process.exit(2);
  }
  process.stdout.write(`${guides(sdkDir)}\n${samples(samplesDir)}\nwritten to ${CORPUS}\n`);
}

main();
