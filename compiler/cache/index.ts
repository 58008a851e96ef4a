// The build cache as the compiler sees it: a store of bytes by key that the host injects (the CLI and
// the debug adapter pass a directory on disk, cache/disk.ts; tests pass memoryCache()). compiler/ does
// no I/O, so this file only computes keys and (de)serialises what is cached:
//   - the runtime library's generated assembly, by compiler identity and optimisation level;
//   - a whole build's result (ELF bytes, assembly, kernel records, registrations), by the source
//     file's name and text, the options and the compiler identity. The entry also lists every file
//     the build read through the host (user headers, include-path probes) with its digest; a hit
//     requires each to read the same now. SDK headers and the runtime's sources are part of the identity.
// The cache changes speed, never output: a hit returns the bytes a fresh build would produce.

import { sdkHeaders } from '../../language/sdk';
import type { FileHost } from '../../language';
import { digest } from './sha256';

export { digest, Sha256 } from './sha256';

/** Bytes by key. Implementations may lose entries at any time; `get` of a damaged entry is undefined. */
export interface BuildCache {
  get(key: string): Uint8Array | undefined;
  put(key: string, value: Uint8Array): void;
}

/** Bumped whenever what is cached changes form or the compiler's output for the same input changes
 *  in a way the bundle's build id would not show (a build from out/, as the tests run). */
export const CACHE_SCHEMA = 2;

declare const __Q7_BUILD_ID: string | undefined;

let identity: string | undefined;

/** The compiler's identity: the cache schema and the bundle's build id (a digest of the sources it was
 *  bundled from, SDK headers and runtime sources included); running from tsc output (tests), where there
 *  is no build id, a digest of the SDK headers and the runtime's sources stands in for it. */
export function compilerIdentity(runtimeSource: () => string): string {
  if (identity === undefined) {
    if (typeof __Q7_BUILD_ID === 'string') identity = digest(`q7-build-cache/${CACHE_SCHEMA}`, __Q7_BUILD_ID);
    else {
      const headers = [...sdkHeaders()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flat();
      identity = digest(`q7-build-cache/${CACHE_SCHEMA}`, 'dev', runtimeSource(), ...headers);
    }
  }
  return identity;
}

/** What a build's key depends on besides the source text. */
export interface KeyOptions {
  readonly includePaths?: readonly string[];
  readonly defines?: Readonly<Record<string, string>>;
  readonly optimize?: 0 | 1 | 2;
  readonly debug?: boolean;
}

/** The key of a build of `file` whose text is `text`. */
export function buildKey(identity: string, file: string, text: string, o: KeyOptions): string {
  const defines = Object.entries(o.defines ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const options = JSON.stringify({ defines, includePaths: o.includePaths ?? [], optimize: o.optimize ?? 0, debug: o.debug !== false });
  return `image-${digest(identity, file, text, options)}`;
}

export function runtimeKey(identity: string, optimize: 0 | 1 | 2): string {
  return `runtime-${digest(identity, 'runtime', String(optimize))}`;
}

/** A host that records the digest of every read (undefined: no such file). */
export function recordingHost(host: FileHost): { host: FileHost; reads: Map<string, string | null> } {
  const reads = new Map<string, string | null>();
  return {
    reads,
    host: {
      readFile(p: string) {
        const text = host.readFile(p);
        if (!reads.has(p)) reads.set(p, text === undefined ? null : digest(text));
        return text;
      },
    },
  };
}

/** An entry: a little-endian u32 length of a JSON header, the header, then the binary payload. */
export function packEntry(header: unknown, payload: Uint8Array = new Uint8Array(0)): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(4 + json.length + payload.length);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 4);
  out.set(payload, 4 + json.length);
  return out;
}

/** The header and payload of an entry, or undefined if it is not one. */
export function unpackEntry(bytes: Uint8Array): { header: unknown; payload: Uint8Array } | undefined {
  if (bytes.length < 4) return undefined;
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + n > bytes.length) return undefined;
  try {
    return { header: JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))), payload: bytes.subarray(4 + n) };
  } catch {
    return undefined;
  }
}

/** Reads from a cache that never throws (a failing store is a miss). */
export function safeGet(cache: BuildCache, key: string): Uint8Array | undefined {
  try {
    return cache.get(key);
  } catch {
    return undefined;
  }
}

/** Writes to a cache that never throws (a failing store is ignored: the build stands). */
export function safePut(cache: BuildCache, key: string, value: Uint8Array): void {
  try {
    cache.put(key, value);
  } catch {
    // the cache only changes speed
  }
}

/** An in-memory cache (tests, and processes that build repeatedly), with hit/miss counts. */
export function memoryCache(): BuildCache & { readonly entries: Map<string, Uint8Array>; hits: number; misses: number; puts: number } {
  const entries = new Map<string, Uint8Array>();
  const c = {
    entries,
    hits: 0,
    misses: 0,
    puts: 0,
    get(key: string) {
      const v = entries.get(key);
      if (v) c.hits++;
      else c.misses++;
      return v;
    },
    put(key: string, value: Uint8Array) {
      c.puts++;
      entries.set(key, value.slice());
    },
  };
  return c;
}
