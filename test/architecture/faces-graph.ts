// The import graph of the repository's TypeScript sources, read with the TypeScript compiler's own
// import scanner (every `import`, `import type`, `export … from` and `import()` with a relative
// specifier, resolved to a repository file), and Tarjan's strongly connected components over it.
// Used by the faces and language-layer architecture tests; no test of its own beyond theirs.

import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** The repository root (tests run from out/test/architecture/). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** One import statement: where it is and which repository file it names. */
export interface ImportEdge {
  /** Importing file, repository-relative with '/' separators. */
  readonly from: string;
  /** 1-based line of the specifier. */
  readonly line: number;
  /** The specifier as written. */
  readonly specifier: string;
  /** The imported file, repository-relative; undefined for a package or an unresolvable path. */
  readonly to: string | undefined;
}

const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', '.git', '.e2e', '.oracle-cache', 'fixtures']);

/** Every .ts source (not .d.ts) under the given repository-relative folders. */
export function sourceFiles(folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (rel: string): void => {
    const abs = path.join(REPO_ROOT, rel);
    if (!fs.existsSync(abs)) return;
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) { if (!SKIP_DIRS.has(entry.name)) walk(child); }
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(child);
    }
  };
  for (const folder of folders) walk(folder.replace(/\/+$/, ''));
  return found.sort();
}

/** The top-level folders holding TypeScript sources (tests excluded). */
export function sourceFolders(): string[] {
  return fs.readdirSync(REPO_ROOT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !SKIP_DIRS.has(e.name) && !e.name.startsWith('.') && e.name !== 'test')
    .map((e) => e.name)
    .filter((name) => sourceFiles([name]).length > 0)
    .sort();
}

function resolve(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
    if (candidate.endsWith('.ts') && fs.existsSync(path.join(REPO_ROOT, candidate))) return candidate;
  }
  return undefined;
}

const cache = new Map<string, ImportEdge[]>();

/** The relative imports of one repository file. */
export function importsOf(file: string): ImportEdge[] {
  let edges = cache.get(file);
  if (edges) return edges;
  const text = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const info = ts.preProcessFile(text, true, true);
  const lineOf = (pos: number): number => text.slice(0, pos).split('\n').length;
  edges = info.importedFiles.map((ref) => ({
    from: file,
    line: lineOf(ref.pos),
    specifier: ref.fileName,
    to: resolve(file, ref.fileName),
  }));
  cache.set(file, edges);
  return edges;
}

/** Strongly connected components (Tarjan) of the graph restricted to `files`; each sorted, largest first. */
export function stronglyConnected(files: readonly string[]): string[][] {
  const inSet = new Set(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const result: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const e of importsOf(v)) {
      const w = e.to;
      if (w === undefined || !inSet.has(w)) continue;
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      result.push(component.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return result.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The top-level folder of a repository-relative path. */
export function topFolder(file: string): string {
  return file.split('/')[0];
}
