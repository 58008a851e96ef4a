// Test helper: loads the WASM grammar files from node_modules once and shares the parser.

import * as fs from 'node:fs';
import { locateGrammarFiles, type GrammarBinaries } from '../../language/parse/grammar-files';
import { CppParser } from '../../language/parse/parser';

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
