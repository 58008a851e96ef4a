// tree-sitter-cpp through web-tree-sitter: loads the grammar from bytes the caller supplies and parses
// text into a tree. A parse always yields a tree; syntax errors are read off it (see syntax-errors.ts).

import { Language, Parser, type Tree } from 'web-tree-sitter';
import { useTreeSitterExports } from './cursor';
import type { GrammarBinaries } from './grammar-files';

/** The part of web-tree-sitter's emscripten module this file uses: its loader of side modules (the
 *  grammar), which takes a compiled module as well as bytes. */
interface RuntimeModule {
  wasmBinary: Uint8Array;
  loadWebAssemblyModule?: (binary: Uint8Array | object, ...rest: unknown[]) => unknown;
}

let runtimeReady: Promise<RuntimeModule> | undefined;

/** Initialises web-tree-sitter; the module object it fills with exports is kept for parse/cursor.ts. */
async function initRuntime(wasmBinary: Uint8Array): Promise<RuntimeModule> {
  const module: RuntimeModule = { wasmBinary };
  await Parser.init(module);
  useTreeSitterExports(module);
  return module;
}

/** Loads the grammar: from its compiled module when there is one (Language.load takes bytes only, so
 *  the runtime's loader is handed the module for these bytes, for this one call). */
async function loadLanguage(runtime: RuntimeModule, binaries: GrammarBinaries): Promise<Language> {
  const load = runtime.loadWebAssemblyModule;
  const compiled = binaries.cppModule;
  if (!compiled || !load) return Language.load(binaries.cpp);
  runtime.loadWebAssemblyModule = (binary, ...rest) => load(binary === binaries.cpp ? compiled : binary, ...rest);
  try {
    return await Language.load(binaries.cpp);
  } finally {
    runtime.loadWebAssemblyModule = load;
  }
}

export class CppParser {
  private constructor(
    private readonly parser: Parser,
    readonly language: Language,
  ) {}

  /** Initialises the WASM runtime (once per process) and loads the C++ grammar. */
  static async create(binaries: GrammarBinaries): Promise<CppParser> {
    runtimeReady ??= initRuntime(binaries.runtime);
    const language = await loadLanguage(await runtimeReady, binaries);
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
