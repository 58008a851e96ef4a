// Import circles: files that import each other, directly or around a loop, can only be understood,
// tested and moved together. Each circle (a strongly connected component of the import graph of the
// sources, type-only imports included) belongs to the deepest folder holding all its files; a folder
// may hold no circle, or circles of at most the size listed below. The sizes are a ratchet: a larger
// circle fails, and so does a listed size larger than the folder's largest circle today (lower it).
// Failures name the rule, the circle's files and the imports that close it.

import { strict as assert } from 'assert';
import { importsOf, sourceFiles, sourceFolders, stronglyConnected } from './faces-graph';

/** The largest import circle each folder may hold (a folder not listed holds none). Only lower these. */
export const CIRCLE_LIMITS: Readonly<Record<string, number>> = {
  // the model's data: a declaration has a type, a class type names its declaration, a function its
  // analysed body, a body its statements and typed expressions, an expression the declaration it names
  // (declarations, types, expressions, bodies, statements: data types that refer to each other)
  'language/model': 5,
};

/** The deepest folder holding every file of `files`. */
export function commonFolder(files: readonly string[]): string {
  const parts = files.map((f) => f.split('/').slice(0, -1));
  const out: string[] = [];
  for (let k = 0; parts.every((p) => k < p.length && p[k] === parts[0][k]); k++) out.push(parts[0][k]);
  return out.join('/');
}

/** The import circles of the sources (test/ left out), each with its folder, largest first. */
export function importCircles(): { folder: string; files: string[] }[] {
  return stronglyConnected(sourceFiles(sourceFolders())).filter((c) => c.length > 1).map((files) => ({ folder: commonFolder(files), files }));
}

/** The imports among `files` (`file:line → target`): the edges that close the circle. */
function closingImports(files: readonly string[]): string[] {
  const inside = new Set(files);
  return files.flatMap((f) => importsOf(f).filter((e) => e.to !== undefined && inside.has(e.to)).map((e) => `${f}:${e.line} → ${e.to}`));
}

describe('architecture: import circles', () => {
  const circles = importCircles();

  it('no-import-circle-over-limit: no folder holds an import circle larger than its listed size', () => {
    const bad = circles
      .filter((c) => c.files.length > (CIRCLE_LIMITS[c.folder] ?? 1))
      .map((c) => `${c.folder}: a circle of ${c.files.length} files (limit ${CIRCLE_LIMITS[c.folder] ?? 'none: no circle'}):\n    ${closingImports(c.files).join('\n    ')}`);
    assert.deepEqual(bad, [], `no-import-circle-over-limit (break the circle, e.g. move the shared types into a file of their own):\n  ${bad.join('\n  ')}`);
  });

  it('circle-limits-ratchet: each listed size is the folder\'s largest circle today (lower it when a circle shrinks)', () => {
    const largest = new Map<string, number>();
    for (const c of circles) largest.set(c.folder, Math.max(largest.get(c.folder) ?? 0, c.files.length));
    const stale = Object.entries(CIRCLE_LIMITS)
      .filter(([folder, limit]) => (largest.get(folder) ?? 0) < limit)
      .map(([folder, limit]) => `${folder}: listed ${limit}, largest circle today ${largest.get(folder) ?? 'none (remove the entry)'}`);
    assert.deepEqual(stale, [], `circle-limits-ratchet: lower CIRCLE_LIMITS in test/architecture/import-circles.test.ts:\n  ${stale.join('\n  ')}`);
  });

  it('attributes a circle to the deepest folder holding all its files', () => {
    assert.equal(commonFolder(['emulator/core/cpu.ts', 'emulator/semihost/host.ts']), 'emulator');
    assert.equal(commonFolder(['compiler/lower/a.ts', 'compiler/lower/b.ts']), 'compiler/lower');
    assert.equal(commonFolder(['compiler/index.ts', 'compiler/cache/build.ts']), 'compiler');
  });

  it('finds the circles of the sources (the model\'s own one among them)', () => {
    assert.ok(circles.some((c) => c.folder === 'language/model' && c.files.includes('language/model/declarations.ts')));
  });
});
