// Where the build cache lives: `$Q7_CACHE_DIR`, else `$XDG_CACHE_HOME/q7-studio`, else
// `~/.cache/q7-studio` (a file of its own so the server's small loader, code-cache.ts, needs no more).

import * as os from 'node:os';
import * as path from 'node:path';

/** Where the cache lives for this environment. */
export function cacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.Q7_CACHE_DIR) return env.Q7_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'q7-studio');
  return path.join(os.homedir(), '.cache', 'q7-studio');
}
