// V8's code cache for a bundle: runs a CommonJS bundle as `require` would, but compiled with the code
// V8 cached for it in an earlier process (bytecode of the functions that process had compiled), kept
// in the build cache directory, else shipped next to the bundle. The language server's loader
// (server/start.ts) runs the server's bundle this way, so a new server neither parses the bundle nor
// compiles the functions its start-up runs; the CLI's (cli/start.ts) its bundle. Both have an entry
// shipped in dist/ (scripts/server-code-cache.mjs, scripts/cli-code-cache.mjs). The entry is keyed by
// the build id, the file's name, size and modification time, Node's version and the architecture, and
// framed as every cache file (entry.ts: length and SHA-256); a shipped entry older than its bundle is
// not used. V8 itself rejects data made by another V8, but of the source it checks only the length: an
// entry of an edited bundle of the same length would run the old bytecode, hence the bundle's time in
// the key. A missing or rejected entry is written when the host says its start-up is
// done (use.save), else a little after start or at exit, whichever comes first. Never in the way: without the cache (no directory, no writes)
// the bundle is compiled as require would. A bundle that runs under V8 flags of its own (options.flags)
// has them set before its entry is read and again before one is made. The bundle must not use import(): a script compiled from
// the code cache has no dynamic-import callback (scripts/bundle.mjs removes web-tree-sitter's and
// checks that none is left).

import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import * as vm from 'node:vm';
import { cacheDirectory } from './directory';
import { decodeEntry, encodeEntry } from './entry';

/**
 * V8 flags for a bundle that builds code in a short, cold process (the CLI's, the debug adapter's):
 * an interrupt budget 8x V8's (132 KB of bytecode between tier-up checks), so that the thousands of
 * front-end, compiler and code-generation functions a build runs a few times each are not optimised on
 * the little feedback of their first calls and deoptimised at their next new path (cli/tier-up.ts has
 * the figures).
 */
export const COLD_BUILD_FLAGS = `--interrupt-budget=${1056 * 1024}`;

export interface CodeCacheOptions {
  /** The bundles' build id (part of the key). */
  readonly buildId: string;
  /** The directory (default: the build cache's). */
  readonly dir?: string;
  /** Milliseconds after the bundle ran before a missing or rejected entry is written (at the latest
   *  when the process exits). */
  readonly saveAfterMs?: number;
  /** An entry shipped next to the bundle (framed as a cache file), used when the directory has none:
   *  the first process on a machine then starts compiled too. */
  readonly shipped?: string;
  /** V8 flags the bundle runs under (e.g. cli/tier-up.ts): set before its entry is read, and again
   *  before an entry is made, since the process may have changed them meanwhile and V8 rejects an
   *  entry made under other flags. */
  readonly flags?: string;
}

/** What happened to the code cache (for tests and the benchmark). */
export interface CodeCacheUse {
  /** The entry existed and V8 accepted it. */
  accepted: boolean;
  /** The entry was written. */
  saved: boolean;
  /** Writes the entry now, once (set when there is none V8 accepted): the host calls it when its
   *  start-up is done, so the entry holds what a start compiles and little else. */
  save?: () => void;
}

/** The cache file's name for the bundle `file` as it is on disk now (its size and modification time). */
export function codeCacheKey(file: string, buildId: string, stat: fs.Stats = fs.statSync(file)): string {
  const h = createHash('sha256').update(`${buildId}\0${path.basename(file)}\0${stat.size}\0${stat.mtimeMs}\0${process.version}\0${process.arch}`);
  return `code-${h.digest('hex').slice(0, 24)}`;
}

/** Runs the CommonJS bundle `file` and returns its exports, through the code cache when it can. */
export function requireWithCodeCache(file: string, options: CodeCacheOptions, use: CodeCacheUse = { accepted: false, saved: false }): unknown {
  const dir = options.dir ?? cacheDirectory();
  if (options.flags !== undefined) setFlagsFromString(options.flags);
  const stat = fs.statSync(file);
  const entry = path.join(dir, codeCacheKey(file, options.buildId, stat));
  const cachedData = readEntry(entry) ?? (options.shipped !== undefined ? readShipped(options.shipped, stat) : undefined);
  const source = readSource(file);
  const script = new vm.Script(Module.wrap(source), { filename: file, cachedData });
  use.accepted = !!cachedData && !script.cachedDataRejected;
  const mod = new Module(file);
  mod.filename = file;
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = mod;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  const fn = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  fn.call(mod.exports, mod.exports, createRequire(file), mod, file, path.dirname(file));
  mod.loaded = true;
  if (!use.accepted) {
    // once: a little after start, or when the process exits first (a short session)
    const write = () => {
      process.off('exit', write);
      clearTimeout(timer);
      if (use.saved) return;
      if (options.flags !== undefined) setFlagsFromString(options.flags);
      use.saved = save(entry, script.createCachedData());
    };
    const timer = setTimeout(write, options.saveAfterMs ?? 3000).unref();
    process.on('exit', write);
    use.save = write;
  }
  return mod.exports;
}

/** The bundle's text: an all-ASCII file (the bundles are, scripts/bundle.mjs) is read as Latin-1, the
 *  same characters without UTF-8's decoding (~7 ms of the main thread for the server's 1.8 MB bundle);
 *  any other file as UTF-8. */
function readSource(file: string): string {
  const bytes = fs.readFileSync(file);
  return typeof isAscii === 'function' && isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/** The payload of the cache file `file`; undefined when there is none or it does not check. */
function readEntry(file: string): Buffer | undefined {
  try {
    const payload = decodeEntry(fs.readFileSync(file));
    return payload ? Buffer.from(payload.buffer, payload.byteOffset, payload.length) : undefined;
  } catch {
    return undefined;
  }
}

/** The shipped entry's payload, unless the bundle was written after it (then it was made from
 *  another bundle: a rebuild of the bundles alone). */
function readShipped(file: string, bundle: fs.Stats): Buffer | undefined {
  try {
    return fs.statSync(file).mtimeMs >= bundle.mtimeMs ? readEntry(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the entry atomically; false when the directory cannot take it. */
function save(entry: string, data: Buffer): boolean {
  const tmp = `${entry}.${process.pid}.tmp`;
  try {
    fs.mkdirSync(path.dirname(entry), { recursive: true });
    fs.writeFileSync(tmp, encodeEntry(data));
    fs.renameSync(tmp, entry);
    return true;
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing to clean
    }
    return false;
  }
}
