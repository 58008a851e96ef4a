// The grammar's WebAssembly read and compiled ahead: the loaders of the language server
// (server/start.ts) and of the CLI (cli/start.ts, for a command that may parse C++) call this before
// they run their bundle. Each file is read by one fs.read of its whole size into a buffer of that
// size, so libuv's thread reads it while the main thread loads the bundle: fs's readFile reads in
// 512 KiB chunks, each a round trip through the main thread's event loop, so its read made no progress
// while the loader ran the bundle, and the server then slept waiting for it (reading synchronously
// instead cost the main thread ~20 ms). V8 then validates the grammar (its functions compile lazily, at
// their first call); the front-end only instantiates it. Undefined when the files are not next to the
// bundle or do not compile (the server and the CLI then load them as they would without this).

import { close, fstatSync, openSync, read as readAt } from 'node:fs';
import { join } from 'node:path';
import { GRAMMAR_BUNDLE_NAMES, type GrammarBinaries } from '../language/parse/grammar-files';

/** The one WebAssembly call made here (the project's libraries declare no WebAssembly types). */
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<object> };

/** A file's bytes: opened and sized now, read on libuv's thread in one request (more only if the system
 *  returns fewer bytes). Throws now if the file cannot be opened. */
function read(file: string): Promise<Buffer> {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  const bytes = Buffer.allocUnsafe(size);
  return new Promise((resolve, reject) => {
    const from = (at: number): void =>
      readAt(fd, bytes, at, size - at, at, (e, n) => {
        if (!e && n > 0 && at + n < size) return from(at + n);
        close(fd, () => undefined);
        if (e) reject(e);
        else resolve(at + n < size ? bytes.subarray(0, at + n) : bytes);
      });
    from(0);
  });
}

export async function prefetchGrammar(dir: string): Promise<GrammarBinaries | undefined> {
  try {
    const [runtime, cpp] = await Promise.all([read(join(dir, GRAMMAR_BUNDLE_NAMES.runtime)), read(join(dir, GRAMMAR_BUNDLE_NAMES.cpp))]);
    return { runtime, cpp, cppModule: await WebAssembly.compile(cpp) };
  } catch {
    return undefined;
  }
}
