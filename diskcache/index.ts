// The build cache on disk (compiler/cache's BuildCache for the hosts that do I/O: the CLI and the
// debug adapter process). One file per key in `$Q7_CACHE_DIR`, else `$XDG_CACHE_HOME/q7-studio`,
// else `~/.cache/q7-studio`. Each file: the magic `Q7CACHE1`, the payload's length (u32 LE), its
// SHA-256, the payload; a file that does not check is deleted and read as a miss. Writes go to a
// temporary file renamed into place (readers never see half a file). After a write, the oldest files
// (by modification time; a hit touches its file) are removed beyond the size bound. No operation
// throws: a cache that cannot be read or written is a miss and the build goes on.

import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BuildCache } from '../compiler';
import { sdkHeaders, type SnapshotStore } from '../language';
import { cacheDirectory } from './directory';
import { decodeEntry, encodeEntry } from './entry';
import { shippedBuildSeed, shippedSnapshot } from './shipped';

export { cacheDirectory } from './directory';
export { decodeEntry, encodeEntry } from './entry';
export { decodeShipped, encodeShipped, SHIPPED_BUILD_SEED_FILE, SHIPPED_SNAPSHOT_FILE, shippedBuildSeed, shippedSnapshot } from './shipped';

/** Default bound on the files' total size. */
export const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

export interface DiskCacheOptions {
  /** The directory (default: cacheDirectory()). */
  readonly dir?: string;
  readonly maxBytes?: number;
  /** Called with a line per lookup and write (`Q7_CACHE_LOG=1` in the hosts). */
  readonly log?: (line: string) => void;
}

export interface DiskCache extends BuildCache {
  readonly dir: string;
  hits: number;
  misses: number;
  puts: number;
}

export function diskCache(o: DiskCacheOptions = {}): DiskCache {
  const dir = o.dir ?? cacheDirectory();
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const log = o.log ?? (() => {});
  const fileOf = (key: string) => path.join(dir, key.replace(/[^\w.-]/g, '_'));
  const c: DiskCache = {
    dir,
    hits: 0,
    misses: 0,
    puts: 0,
    get(key: string) {
      const file = fileOf(key);
      let payload: Uint8Array | undefined;
      try {
        payload = decodeEntry(fs.readFileSync(file));
        if (payload) {
          const now = new Date();
          fs.utimesSync(file, now, now);
        } else {
          log(`q7 cache: damaged entry ${key} dropped`);
          fs.rmSync(file, { force: true });
        }
      } catch {
        // absent or unreadable: a miss
      }
      if (payload) c.hits++;
      else c.misses++;
      log(`q7 cache: ${payload ? 'hit' : 'miss'} ${key}`);
      return payload;
    },
    put(key: string, value: Uint8Array) {
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(tmp, encodeEntry(value));
        fs.renameSync(tmp, file);
        c.puts++;
        log(`q7 cache: stored ${key} (${value.length} bytes)`);
        evict(dir, maxBytes);
      } catch (e) {
        log(`q7 cache: cannot store ${key}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
        try {
          fs.rmSync(tmp, { force: true });
        } catch {
          // nothing to clean
        }
      }
    },
  };
  return c;
}

/** Removes the least recently used entries beyond `maxBytes`, and temporary files over an hour old. */
export function evict(dir: string, maxBytes: number): void {
  const files: { file: string; size: number; mtime: number }[] = [];
  let total = 0;
  const hourAgo = Date.now() - 3_600_000;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      const st = fs.statSync(file);
      if (!st.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (st.mtimeMs < hourAgo) fs.rmSync(file, { force: true });
        continue;
      }
      files.push({ file, size: st.size, mtime: st.mtimeMs });
      total += st.size;
    } catch {
      // removed meanwhile
    }
  }
  if (total <= maxBytes) return;
  files.sort((a, b) => a.mtime - b.mtime);
  for (const f of files) {
    if (total <= maxBytes) break;
    try {
      fs.rmSync(f.file, { force: true });
      total -= f.size;
    } catch {
      // another process got there first
    }
  }
}

/** The cache the hosts use: on disk unless disabled; lines to `log` when `Q7_CACHE_LOG` is set. A key
 *  the disk lacks is looked up in the seed shipped next to the bundle for this build (the runtime
 *  library and the ROM's objects, diskcache/shipped.ts); only the disk is written. */
export function hostCache(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env, seed?: { get(key: string): Uint8Array | undefined }): DiskCache {
  const logLine = env.Q7_CACHE_LOG ? log : undefined;
  const disk = diskCache({ dir: cacheDirectory(env), log: logLine });
  const get = disk.get;
  disk.get = (key: string) => {
    const found = get(key);
    if (found) return found;
    const shipped = (seed ??= processSeed()).get(key);
    if (shipped) logLine?.(`q7 cache: shipped ${key}`);
    return shipped;
  };
  return disk;
}

declare const __Q7_BUILD_ID: string | undefined;

let devIdentity: string | undefined;
let bundleSeed: { get(key: string): Uint8Array | undefined } | undefined;

/** The build seed next to this bundle, read once per process (every hostCache shares it). */
function processSeed(): { get(key: string): Uint8Array | undefined } {
  return (bundleSeed ??= shippedBuildSeed(frontEndIdentity()));
}

/** The bundle's build id (a digest of every source it holds); from tsc output (tests), the SDK headers'. */
function frontEndIdentity(): string {
  if (typeof __Q7_BUILD_ID === 'string') return __Q7_BUILD_ID;
  if (devIdentity === undefined) {
    const h = createHash('sha256').update('dev');
    for (const [name, text] of [...sdkHeaders()].sort(([a], [b]) => (a < b ? -1 : 1))) h.update(`\0${name}\0${text}`);
    devIdentity = h.digest('hex');
  }
  return devIdentity;
}

/** The front-end's SDK snapshot store (language/sdk/snapshot.ts): the snapshot shipped next to the
 *  bundle for this build first (diskcache/shipped.ts), then the build cache, whose keys carry the
 *  bundle's build id, so one build never reads another's snapshots. Only the build cache is written. */
export function snapshotStore(
  cache: BuildCache,
  identity: string = frontEndIdentity(),
  shipped: { get(key: string): Uint8Array | undefined } = shippedSnapshot(identity),
): SnapshotStore {
  const prefix = `${createHash('sha256').update(identity).digest('hex').slice(0, 16)}-`;
  return {
    get: (key) => shipped.get(key) ?? cache.get(prefix + key),
    put: (key, value) => cache.put(prefix + key, value),
  };
}
