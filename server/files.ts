// The server's file access: open editor buffers first, then the disk (the front-end itself does no
// I/O), the grammar's WASM files, and the SDK headers written out once so go-to-definition can point
// any LSP client at a real file.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHash } from 'node:crypto';
import { locateGrammarFiles, sdkHeaders, SDK_INCLUDE_DIR, type FileHost, type GrammarBinaries } from '../language';

export function readDisk(p: string): string | undefined {
  try {
    return fs.readFileSync(p, 'utf8');
  } catch {
    return undefined;
  }
}

/** A host reading open documents (by path) and falling back to the disk. */
export function editorHost(open: (path: string) => string | undefined, disk: (path: string) => string | undefined = readDisk): FileHost {
  return { readFile: (p) => open(p) ?? disk(p) };
}

/** The grammar next to the bundle (dist/) or in node_modules. */
export function loadGrammar(): GrammarBinaries {
  const found = locateGrammarFiles(
    (p) => {
      try {
        return fs.readFileSync(p);
      } catch {
        return undefined;
      }
    },
    typeof __dirname === 'string' ? __dirname : undefined,
    (s) => {
      try {
        return require.resolve(s);
      } catch {
        return undefined;
      }
    },
  );
  if (typeof found === 'string') throw new Error(found);
  return found;
}

/** Maps the virtual SDK directory to real files in a cache directory (written on first use). */
export class SdkFiles {
  private written = false;
  private chosen?: string;

  constructor(dir?: string) {
    this.chosen = dir;
  }

  /** The directory: given, or named by the headers' digest (computed when first needed). */
  get dir(): string {
    if (this.chosen === undefined) {
      const hash = createHash('sha1');
      for (const [k, v] of sdkHeaders()) hash.update(k).update(v);
      this.chosen = path.join(os.tmpdir(), `q7-studio-sdk-${hash.digest('hex').slice(0, 12)}`);
    }
    return this.chosen;
  }

  /** The real path of a front-end path (SDK headers are materialised; other paths are returned as is). */
  realPath(p: string): string {
    const prefix = `${SDK_INCLUDE_DIR}/`;
    if (!p.startsWith(prefix)) return p;
    this.materialise();
    return path.join(this.dir, p.slice(prefix.length));
  }

  private materialise(): void {
    if (this.written) return;
    this.written = true;
    for (const [rel, text] of sdkHeaders()) {
      const target = path.join(this.dir, rel);
      try {
        if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, text);
      } catch {
        // A read-only temp directory only costs go-to-definition into the SDK.
      }
    }
  }
}
