// The SDK snapshot shipped with the bundles: `dist/sdk-snapshot.bin`, written at build time by
// scripts/sdk-snapshot.mjs (the snapshot store's entries for the example kernels' top-level SDK
// includes, as the language server, `q7 run` and the debugger analyse them), so that even the first
// process on a machine, with an empty build cache, loads the analysed SDK headers instead of
// preprocessing and parsing them. The file names the build id of the bundles it was made for; a file
// of another build (or none, or a damaged one) is ignored. Each entry is deflated (the file is a fifth
// of its entries' size) and framed as a cache file (diskcache/entry.ts: length and SHA-256), checked
// and inflated when it is first asked for.
//
// The build-cache seed (`dist/build-seed.bin`, scripts/build-seed.mjs) has the same layout: the build
// cache's entries of the runtime library and the ROM's objects, so the first build on a machine does not
// compile the runtime library.
//
// Layout: `Q7SDKSNAPSHOT2\n`, the build id and `\n`, the entry count (u32 LE), then per entry the key's
// length (u32 LE), the key (UTF-8) and the framed entry's length (u32 LE) and bytes.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { decodeEntry, encodeEntry } from './entry';

/** The file's name, next to the bundles (dist/). */
export const SHIPPED_SNAPSHOT_FILE = 'sdk-snapshot.bin';
/** The build cache's seed in the same layout, next to the bundles: the runtime library and the ROM's
 *  objects as this build compiles them (scripts/build-seed.mjs), read when the cache has none. */
export const SHIPPED_BUILD_SEED_FILE = 'build-seed.bin';

const MAGIC = 'Q7SDKSNAPSHOT2\n';

/** The entries of a shipped file, by snapshot-store key. */
export interface ShippedEntries {
  get(key: string): Uint8Array | undefined;
  readonly keys: readonly string[];
}

/** Entries of the snapshot store (key → bytes) as the shipped file for this build. */
export function encodeShipped(buildId: string, entries: Iterable<readonly [string, Uint8Array]>): Buffer {
  const parts: Buffer[] = [Buffer.from(`${MAGIC}${buildId}\n`, 'utf8')];
  const list = [...entries];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  parts.push(u32(list.length));
  for (const [key, value] of list) {
    const k = Buffer.from(key, 'utf8');
    const v = encodeEntry(deflateRawSync(value));
    parts.push(u32(k.length), k, u32(v.length), v);
  }
  return Buffer.concat(parts);
}

/** A shipped file's store for this build id: undefined when the file is of another build or malformed. */
export function decodeShipped(file: Buffer, buildId: string): ShippedEntries | undefined {
  const head = Buffer.from(`${MAGIC}${buildId}\n`, 'utf8');
  if (file.length < head.length + 4 || !file.subarray(0, head.length).equals(head)) return undefined;
  let at = head.length;
  const u32 = () => {
    if (at + 4 > file.length) throw new RangeError('truncated');
    const n = file.readUInt32LE(at);
    at += 4;
    return n;
  };
  const bytes = (n: number) => {
    if (at + n > file.length) throw new RangeError('truncated');
    const b = file.subarray(at, at + n);
    at += n;
    return b;
  };
  const framed = new Map<string, Buffer>();
  try {
    const count = u32();
    for (let i = 0; i < count; i++) {
      const key = bytes(u32()).toString('utf8');
      framed.set(key, bytes(u32()));
    }
  } catch {
    return undefined;
  }
  if (at !== file.length) return undefined;
  // each entry's digest is checked when it is first read (most processes read one or two)
  const checked = new Map<string, Uint8Array | undefined>();
  return {
    get(key: string) {
      if (!checked.has(key)) {
        const deflated = framed.get(key) && decodeEntry(framed.get(key)!);
        let value: Uint8Array | undefined;
        try {
          value = deflated && new Uint8Array(inflateRawSync(deflated));
        } catch {
          // checked but not deflate data: not of this writer
        }
        checked.set(key, value);
      }
      return checked.get(key);
    },
    keys: [...framed.keys()],
  };
}

/** Reads the shipped snapshot in `dir` (default: next to this bundle) for this build, once, on first
 *  use; a missing, foreign or damaged file is an empty store. */
export function shippedSnapshot(buildId: string, dir: string | undefined = typeof __dirname === 'string' ? __dirname : undefined): Pick<ShippedEntries, 'get'> {
  return shippedFile(SHIPPED_SNAPSHOT_FILE, buildId, dir);
}

/** Reads the shipped build-cache seed in `dir` (default: next to this bundle) for this build, once, on
 *  first use; a missing, foreign or damaged file is an empty store. */
export function shippedBuildSeed(buildId: string, dir: string | undefined = typeof __dirname === 'string' ? __dirname : undefined): Pick<ShippedEntries, 'get'> {
  return shippedFile(SHIPPED_BUILD_SEED_FILE, buildId, dir);
}

/** A shipped file of this layout, read once on first use. */
function shippedFile(name: string, buildId: string, dir: string | undefined): Pick<ShippedEntries, 'get'> {
  let entries: ShippedEntries | undefined | null = null;
  return {
    get(key: string) {
      if (entries === null) {
        entries = undefined;
        try {
          if (dir) entries = decodeShipped(fs.readFileSync(path.join(dir, name)), buildId);
        } catch {
          // absent or unreadable: nothing shipped
        }
      }
      return entries?.get(key);
    },
  };
}
