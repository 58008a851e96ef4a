// Oracle harness: locates the repository root (from this file's location, which may be under
// out/) and the directories the harness reads (test programs, runtime) and writes (.oracle-cache).
import * as fs from 'fs';
import * as path from 'path';

let cachedRoot: string | undefined;

/** True when `dir` looks like the repository root: it has package.json and test/programs/. */
function isRepoRoot(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'test', 'programs'));
}

/** The repository root, found by walking up from this module's directory. */
export function repoRoot(): string {
  if (cachedRoot !== undefined) return cachedRoot;
  let dir = __dirname;
  for (;;) {
    if (isRepoRoot(dir)) return (cachedRoot = dir);
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`oracle: no repository root above ${__dirname}`);
    dir = parent;
  }
}

/** Root of the build cache (gitignored). `ORACLE_CACHE` overrides it. */
export function cacheDir(): string {
  return process.env.ORACLE_CACHE ?? path.join(repoRoot(), '.oracle-cache');
}

/** Directory of the C test programs. */
export function cProgramsDir(): string {
  return path.join(repoRoot(), 'test', 'programs', 'c');
}

/** Directory of the bare-metal runtime (reset code, semihosting glue, linker script). */
export function runtimeDir(): string {
  return path.join(repoRoot(), 'test', 'programs', 'rt');
}

/** The script that builds the libgcc helper archive. */
export function libgccHelperScript(): string {
  return path.join(repoRoot(), 'scripts', 'oracle', 'build-libgcc-helpers.sh');
}

/** Creates `dir` (and parents) if needed and returns it. */
export function ensureDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
