// The SDK snapshot shipped with the bundles: `dist/sdk-snapshot.bin`, written at build time by
// scripts/sdk-snapshot.mjs (the snapshot store's entries for the example kernels' top-level SDK
// includes, as the language server, `q7 run` and the debugger analyse them), so that even the first
// process on a machine, with an empty build cache, loads the analysed SDK headers instead of
// preprocessing and parsing them. The file names the build id of the bundles it was made for; a file
// of another build (or none, or a damaged one) is ignored. Each entry is framed as a cache file
// (diskcache/entry.ts: length and SHA-256) and read in place (the file's index once, an entry when
// first asked for), checked then. An entry is stored as it is or deflated, as its writer chose: the SDK
// snapshot's are stored (inflating the one a kernel's `<torch/torch.h>` needs, 0.9 MB, cost a server's
// start ~7 ms of its main thread; the .vsix and the npm tarball compress the file anyway), the build
// seed's deflated (a fifth of their size).
//
// The build-cache seed (`dist/build-seed.bin`, scripts/build-seed.mjs) has the same layout: the build
// cache's entries of the runtime library and the ROM's objects, so the first build on a machine does not
// compile the runtime library.
//
// Layout: `Q7SDKSNAPSHOT3\n`, the build id and `\n`, the entry count (u32 LE), then per entry the key's
// length (u32 LE), the key (UTF-8) and the framed entry's length (u32 LE) and bytes; a framed entry's
// payload is one byte (0: stored, 1: deflated, raw deflate) and the value's bytes.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeEntry, encodeEntry } from './entry';

/** The file's name, next to the bundles (dist/). */
export const SHIPPED_SNAPSHOT_FILE = 'sdk-snapshot.bin';
/** The build cache's seed in the same layout, next to the bundles: the runtime library and the ROM's
 *  objects as this build compiles them (scripts/build-seed.mjs), read when the cache has none. */
export const SHIPPED_BUILD_SEED_FILE = 'build-seed.bin';

const MAGIC = 'Q7SDKSNAPSHOT3\n';

/** How an entry's value follows the first byte of its payload. */
const STORED = 0;
const DEFLATED = 1;

/** The entries of a shipped file, by snapshot-store key. */
export interface ShippedEntries {
  get(key: string): Uint8Array | undefined;
  readonly keys: readonly string[];
}

/** Entries of the snapshot store (key → bytes) as the shipped file for this build, each deflated
 *  unless `deflate` is false. */
export function encodeShipped(buildId: string, entries: Iterable<readonly [string, Uint8Array]>, options: { deflate?: boolean } = {}): Buffer {
  const deflate = options.deflate ?? true;
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
    const v = encodeEntry(Buffer.concat([Buffer.of(deflate ? DEFLATED : STORED), deflate ? zlib().deflateRawSync(value) : value]));
    parts.push(u32(k.length), k, u32(v.length), v);
  }
  return Buffer.concat(parts);
}

/** A shipped file's store for this build id: undefined when the file is of another build or malformed. */
export function decodeShipped(file: Buffer, buildId: string): ShippedEntries | undefined {
  return decodeFrom((at, n) => file.subarray(at, at + n), file.length, buildId);
}

/** The bytes `[at, at + n)` of a shipped file (in range: the caller checks against the size). */
type ReadAt = (at: number, n: number) => Buffer;

/** The store read through `read` from a file of `size` bytes: the index (keys and where each entry
 *  lies) now, an entry's bytes when it is first asked for. */
function decodeFrom(read: ReadAt, size: number, buildId: string): ShippedEntries | undefined {
  const head = Buffer.from(`${MAGIC}${buildId}\n`, 'utf8');
  if (size < head.length + 4 || !read(0, head.length).equals(head)) return undefined;
  let at = head.length;
  const u32 = () => {
    if (at + 4 > size) throw new RangeError('truncated');
    const n = read(at, 4).readUInt32LE(0);
    at += 4;
    return n;
  };
  const skip = (n: number) => {
    if (at + n > size) throw new RangeError('truncated');
    const where = { at, n };
    at += n;
    return where;
  };
  const framed = new Map<string, { at: number; n: number }>();
  try {
    const count = u32();
    for (let i = 0; i < count; i++) {
      const k = skip(u32());
      framed.set(read(k.at, k.n).toString('utf8'), skip(u32()));
    }
  } catch {
    return undefined;
  }
  if (at !== size) return undefined;
  // each entry's digest is checked when it is first read (most processes read one or two)
  const checked = new Map<string, Uint8Array | undefined>();
  return {
    get(key: string) {
      if (!checked.has(key)) {
        const where = framed.get(key);
        let value: Uint8Array | undefined;
        try {
          // read in place, the file may have been replaced since its index was read: only this build's
          const payload = where && read(0, head.length).equals(head) ? decodeEntry(read(where.at, where.n)) : undefined;
          value = payload && unpack(payload);
        } catch {
          // unreadable, or checked but not deflate data: not of this writer
        }
        checked.set(key, value);
      }
      return checked.get(key);
    },
    keys: [...framed.keys()],
  };
}

/** An entry's value from its checked payload: stored or inflated; undefined for another method. */
function unpack(payload: Uint8Array): Uint8Array | undefined {
  const data = payload.subarray(1);
  if (payload[0] === STORED) return data;
  return payload[0] === DEFLATED ? new Uint8Array(zlib().inflateRawSync(data)) : undefined;
}

/** Node's zlib, loaded when a deflated entry is first met: a server's start reads stored entries only
 *  (~1 ms of its main thread). */
function zlib(): typeof import('node:zlib') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('node:zlib') as typeof import('node:zlib');
}

/** Reads the shipped snapshot in `dir` (default: next to this bundle) for this build: its index once,
 *  on first use, each entry when first asked for; a missing, foreign or damaged file is an empty store. */
export function shippedSnapshot(buildId: string, dir: string | undefined = typeof __dirname === 'string' ? __dirname : undefined): Pick<ShippedEntries, 'get'> {
  return shippedFile(SHIPPED_SNAPSHOT_FILE, buildId, dir);
}

/** Reads the shipped build-cache seed in `dir` (default: next to this bundle) for this build, as
 *  shippedSnapshot does; a missing, foreign or damaged file is an empty store. */
export function shippedBuildSeed(buildId: string, dir: string | undefined = typeof __dirname === 'string' ? __dirname : undefined): Pick<ShippedEntries, 'get'> {
  return shippedFile(SHIPPED_BUILD_SEED_FILE, buildId, dir);
}

/** A shipped file of this layout, its index read on first use and each entry when first asked for
 *  (a process reads one or two of them: reading the whole file cost ~8 ms of a server's start). */
function shippedFile(name: string, buildId: string, dir: string | undefined): Pick<ShippedEntries, 'get'> {
  let entries: ShippedEntries | undefined | null = null;
  return {
    get(key: string) {
      if (entries === null) {
        entries = undefined;
        try {
          if (dir) entries = openShipped(path.join(dir, name), buildId);
        } catch {
          // absent or unreadable: nothing shipped
        }
      }
      return entries?.get(key);
    },
  };
}

/** The store of a shipped file read in place, by positioned reads: the index through one descriptor,
 *  each entry later through one of its own. */
function openShipped(file: string, buildId: string): ShippedEntries | undefined {
  let fd: number | undefined = fs.openSync(file, 'r');
  const readWith = (d: number, at: number, n: number) => {
    const b = Buffer.alloc(n);
    if (fs.readSync(d, b, 0, n, at) !== n) throw new RangeError('truncated');
    return b;
  };
  const read: ReadAt = (at, n) => {
    if (fd !== undefined) return readWith(fd, at, n);
    const d = fs.openSync(file, 'r');
    try {
      return readWith(d, at, n);
    } finally {
      fs.closeSync(d);
    }
  };
  try {
    return decodeFrom(read, fs.fstatSync(fd).size, buildId);
  } finally {
    fs.closeSync(fd);
    fd = undefined;
  }
}
