// The grammar's WebAssembly read and compiled ahead: the server's loader (start.ts) starts this before it
// runs the server's bundle, so the files are read on libuv's threads while the main thread loads the
// bundle, and V8 then validates the grammar (its functions compile lazily, at their first call); the
// front-end only instantiates it. Undefined when the files are not next to the bundle or do not compile
// (the server then loads them as it would without this, server/files.ts).

import { readFile } from 'node:fs';
import { join } from 'node:path';
import { GRAMMAR_BUNDLE_NAMES, type GrammarBinaries } from '../language/parse/grammar-files';

/** The one WebAssembly call made here (the project's libraries declare no WebAssembly types). */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

/** A file's bytes, through fs's callback API: node:fs/promises is not loaded for this alone (~2 ms of
 *  the loader's main thread). */
function read(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => readFile(file, (e, bytes) => (e ? reject(e) : resolve(bytes))));
}

export async function prefetchGrammar(dir: string): Promise<GrammarBinaries | undefined> {
  try {
    const [runtime, cpp] = await Promise.all([read(join(dir, GRAMMAR_BUNDLE_NAMES.runtime)), read(join(dir, GRAMMAR_BUNDLE_NAMES.cpp))]);
    return { runtime, cpp, cppModule: await WebAssembly.compile(cpp) };
  } catch {
    return undefined;
  }
}
