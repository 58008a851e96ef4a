// Test helper: loads the WASM grammar files from node_modules once and shares the parser.

import * as fs from 'node:fs';
import { locateGrammarFiles, type GrammarBinaries } from '../../language/parse/grammar-files';
import { CppParser } from '../../language/parse/parser';
import type { SyntaxNode } from '../../language/parse/syntax-node';
import { TreeReader } from '../../language/parse/tree-reader';
import type { Tree } from 'web-tree-sitter';

let binaries: GrammarBinaries | undefined;
let parser: Promise<CppParser> | undefined;

export function grammarBinaries(): GrammarBinaries {
  if (!binaries) {
    const found = locateGrammarFiles(
      (p) => (fs.existsSync(p) ? fs.readFileSync(p) : undefined),
      undefined,
      (s) => require.resolve(s),
    );
    if (typeof found === 'string') throw new Error(found);
    binaries = found;
  }
  return binaries;
}

export function sharedParser(): Promise<CppParser> {
  parser ??= CppParser.create(grammarBinaries());
  return parser;
}

let frontend: Promise<import('../../language').Frontend> | undefined;
/** One front-end shared by the language tests. */
export function sharedFrontend(): Promise<import('../../language').Frontend> {
  frontend ??= import('../../language').then((m) => m.Frontend.create(grammarBinaries()));
  return frontend;
}

let reader: TreeReader | undefined;
/** The whole of `text` (parsed into `tree`, or now) as SyntaxNodes. */
export async function readTree(text: string, tree?: Tree): Promise<SyntaxNode> {
  const p = await sharedParser();
  reader ??= new TreeReader(p.language);
  return reader.readWhole(tree ?? p.parse(text), text, { text });
}
