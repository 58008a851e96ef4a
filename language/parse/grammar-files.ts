// Which WebAssembly files the parser needs, and where they are found. Pinned together:
// web-tree-sitter 0.25.10 (runtime, loads grammar ABI 13–15) + tree-sitter-cpp 0.23.4 (grammar ABI 14).
// The front-end reads no files itself: callers load these bytes (see `locateGrammarFiles`).

/** The module specifiers (for require.resolve) of the two WASM files in node_modules. */
export const GRAMMAR_MODULES = {
  runtime: 'web-tree-sitter/tree-sitter.wasm',
  cpp: 'tree-sitter-cpp/tree-sitter-cpp.wasm',
} as const;

/** The file names the bundle step copies next to a bundled entry point (dist/). */
export const GRAMMAR_BUNDLE_NAMES = {
  runtime: 'tree-sitter.wasm',
  cpp: 'tree-sitter-cpp.wasm',
} as const;

export interface GrammarBinaries {
  runtime: Uint8Array;
  cpp: Uint8Array;
  /** The grammar (`cpp`) already compiled, e.g. while the program loaded (diskcache/grammar-prefetch.ts):
   *  loading it then skips compiling it. A WebAssembly.Module (the project's libraries declare no
   *  WebAssembly types). */
  cppModule?: object;
}

/**
 * Finds and reads the two WASM files with the caller's `read` (which returns undefined for a missing
 * file): first next to `bundleDir` (a bundled program), then through `resolveModule` (node_modules).
 */
export function locateGrammarFiles(
  read: (path: string) => Uint8Array | undefined,
  bundleDir: string | undefined,
  resolveModule: (specifier: string) => string | undefined,
): GrammarBinaries | string {
  const find = (key: 'runtime' | 'cpp'): Uint8Array | undefined => {
    if (bundleDir) {
      const b = read(`${bundleDir}/${GRAMMAR_BUNDLE_NAMES[key]}`);
      if (b) return b;
    }
    const p = resolveModule(GRAMMAR_MODULES[key]);
    return p ? read(p) : undefined;
  };
  const runtime = find('runtime');
  const cpp = find('cpp');
  if (!runtime) return `cannot find ${GRAMMAR_BUNDLE_NAMES.runtime} (from ${GRAMMAR_MODULES.runtime})`;
  if (!cpp) return `cannot find ${GRAMMAR_BUNDLE_NAMES.cpp} (from ${GRAMMAR_MODULES.cpp})`;
  return { runtime, cpp };
}
