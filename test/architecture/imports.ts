// The import graph of the sources, read with the TypeScript compiler API (not regexes): every
// `import`/`export … from`, `import x = require()`, `require('…')`, `import('…')` call and `import('…')`
// type, with its file:line, whether it is type-only (erased at run time), and the repository path it
// resolves to. The architecture tests (rules.test.ts) check ARCHITECTURE.md's invariants on it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/** The repository root (this file runs from out/test/architecture/). */
export const ROOT = path.resolve(__dirname, '../../..');

/** Top-level folders holding TypeScript sources. */
export const SOURCE_FOLDERS = ['target', 'xtensa', 'tensors', 'emulator', 'language', 'debuginfo', 'compiler', 'session', 'diskcache', 'hostshim', 'server', 'debug-adapter', 'cli', 'client', 'bench', 'test'];

export interface Import {
  /** Repository-relative file that imports, e.g. `compiler/lower/call.ts`. */
  readonly file: string;
  readonly line: number;
  /** The specifier as written. */
  readonly specifier: string;
  /** Repository-relative target (without extension) for a relative specifier; the package name otherwise. */
  readonly target: string;
  /** Whether the target is a package (or a node builtin) rather than a file of the repository. */
  readonly external: boolean;
  /** Erased at run time: `import type`, `export type`, an import whose every name is `type`, or an `import('…')` type. */
  readonly typeOnly: boolean;
}

function walk(dir: string, out: string[]): void {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'fixtures' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.ts$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
  }
}

function importIsTypeOnly(d: ts.ImportDeclaration): boolean {
  const c = d.importClause;
  if (!c) return false; // side-effect import
  if (c.isTypeOnly) return true;
  if (c.name) return false;
  const b = c.namedBindings;
  if (!b || ts.isNamespaceImport(b)) return false;
  return b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
}

function exportIsTypeOnly(d: ts.ExportDeclaration): boolean {
  if (d.isTypeOnly) return true;
  const c = d.exportClause;
  return !!c && ts.isNamedExports(c) && c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly);
}

/** The imports of one source text. */
export function importsOf(file: string, text: string): Import[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const out: Import[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean) => {
    if (!spec || !ts.isStringLiteralLike(spec)) return;
    const specifier = spec.text;
    const external = !specifier.startsWith('.');
    const target = external ? specifier : path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(js|ts)$/, '');
    out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, specifier, target, external, typeOnly });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, importIsTypeOnly(node));
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, exportIsTypeOnly(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node, node.moduleReference.expression, node.isTypeOnly);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal as ts.Expression, true);
    else if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add(node, node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

let cache: Import[] | undefined;

/** Every import of every TypeScript source of the repository's source folders. */
export function allImports(): Import[] {
  if (cache) return cache;
  const files: string[] = [];
  for (const f of SOURCE_FOLDERS) walk(path.join(ROOT, f), files);
  cache = files.flatMap((abs) => importsOf(path.relative(ROOT, abs).split(path.sep).join('/'), fs.readFileSync(abs, 'utf8')));
  return cache;
}

/** The top-level folder of a repository path (`compiler/lower/x` → `compiler`). */
export function folderOf(p: string): string {
  return p.split('/')[0];
}

/** `file:line → target`, as a violation is reported. */
export function describe(i: Import): string {
  return `${i.file}:${i.line} → ${i.external ? i.specifier : i.target}${i.typeOnly ? ' (type-only)' : ''}`;
}
