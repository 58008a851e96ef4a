// The bundles' build id: a digest of package.json and of every source a bundle can contain (everything
// but tests, benchmarks and the editor-only parts), so a changed compiler or front-end never reuses
// what an older one cached. scripts/bundle.mjs defines it in every bundle (__Q7_BUILD_ID);
// scripts/sdk-snapshot.mjs writes it into the shipped SDK snapshot.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

const SOURCE_DIRS = ['xtensa', 'emulator', 'language', 'compiler', 'session', 'debuginfo', 'tensors', 'hostshim', 'cli', 'debug-adapter', 'diskcache', 'target'];

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const p = `${dir}/${name}`;
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.(ts|S|s|h|cpp)$/.test(name) ? [p] : [];
  });
}

/** The build id of the checkout in the current directory. */
export function buildId() {
  const hash = createHash('sha256').update(readFileSync('package.json'));
  for (const f of SOURCE_DIRS.flatMap(sourceFiles)) hash.update(`${f}\0`).update(readFileSync(f)).update('\0');
  return hash.digest('hex');
}
