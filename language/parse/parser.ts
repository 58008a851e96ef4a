// tree-sitter-cpp through web-tree-sitter: loads the grammar from bytes the caller supplies and parses
// text into a tree. A parse always yields a tree; syntax errors are read off it (see syntax-errors.ts).

import { Language, Parser, type Tree } from 'web-tree-sitter';
import { useTreeSitterExports } from './cursor';
import type { GrammarBinaries } from './grammar-files';

let runtimeReady: Promise<void> | undefined;

/** Initialises web-tree-sitter; the module object it fills with exports is kept for parse/cursor.ts. */
async function initRuntime(wasmBinary: Uint8Array): Promise<void> {
  const module = { wasmBinary };
  await Parser.init(module);
  useTreeSitterExports(module);
}

export class CppParser {
  private constructor(
    private readonly parser: Parser,
    readonly language: Language,
  ) {}

  /** Initialises the WASM runtime (once per process) and loads the C++ grammar. */
  static async create(binaries: GrammarBinaries): Promise<CppParser> {
    runtimeReady ??= initRuntime(binaries.runtime);
    await runtimeReady;
    const language = await Language.load(binaries.cpp);
    const parser = new Parser();
    parser.setLanguage(language);
    return new CppParser(parser, language);
  }

  /** Parses `text`; with `oldTree` (already edited to match) the parse is incremental. */
  parse(text: string, oldTree?: Tree): Tree {
    let tree: Tree | null = null;
    try {
      tree = this.parser.parse(text, oldTree ?? null);
    } catch {
      tree = null;
    }
    if (!tree) {
      this.parser.reset();
      tree = this.parser.parse(text) ?? this.parser.parse('')!;
    }
    return tree;
  }
}
