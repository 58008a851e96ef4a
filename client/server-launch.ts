// How the extension starts the language server, without `vscode`: the bundle it runs and the
// environment it runs it in. The benchmark (bench/server.ts) starts its servers through this too, so it
// times the start the extension makes. The environment is the extension host's, passed through, less
// NODE_EXTRA_CA_CERTS: Node reads and parses that certificate file at every start, before any script
// runs (~90 ms of CPU where it names the system's whole bundle), and the server opens no TLS connection
// (it talks over stdio and reads local files only), so it has no use for it.
// On Linux it also gets glibc's malloc tunables SERVER_MALLOC_TUNABLES (added to any GLIBC_TUNABLES the
// host sets, never overriding one it names): malloc's arena in transparent huge pages, where the kernel
// gives them on request (THP mode `madvise` or `always`), grown 16 MiB at a time. A new process first
// touches every page it mallocs (V8's compiler zones, the bundle's text and code cache, Buffers), and a
// 4 KiB page fault is expensive, on a virtual machine most: to its first diagnostics the server took
// 19,300 → 7,400 page faults and its main thread 256 → 199 ms of CPU, for ~30 MB more resident memory
// (server/README.md). glibc ignores a tunable it does not know, and other C libraries (musl) or
// allocators ignore the variable whole (VS Code's Electron may not use glibc's malloc: not measured;
// code-server runs the server under Node, as the end-to-end test does).

import * as path from 'node:path';

/** The server's bundle, relative to the extension's (the package's) root. */
export const SERVER_BUNDLE = 'dist/server.js';

/** Variables of the extension host's environment the server is started without. */
export const SERVER_DROPPED_ENV: readonly string[] = ['NODE_EXTRA_CA_CERTS'];

/** glibc's malloc tunables the server is started with on Linux (name → value), unless the host names them. */
export const SERVER_MALLOC_TUNABLES: Readonly<Record<string, string>> = {
  'glibc.malloc.hugetlb': '1',
  'glibc.malloc.top_pad': String(16 * 1024 * 1024),
};

export interface ServerLaunch {
  /** The module to run with Node (vscode-languageclient forks it; `--stdio` is the caller's). */
  module: string;
  env: NodeJS.ProcessEnv;
}

/** A GLIBC_TUNABLES value: `value`'s tunables (colon-separated `name=value`), then each of
 *  SERVER_MALLOC_TUNABLES that `value` does not name. */
export function withMallocTunables(value: string | undefined): string {
  const tunables = (value ?? '').split(':').filter((t) => t !== '');
  const named = new Set(tunables.map((t) => t.split('=')[0]));
  for (const [name, v] of Object.entries(SERVER_MALLOC_TUNABLES)) if (!named.has(name)) tunables.push(`${name}=${v}`);
  return tunables.join(':');
}

/**
 * `env` with each dropped variable present but undefined: Node's child_process leaves undefined values
 * out of a child's environment, and vscode-languageclient lays the ServerOptions' `env` over the extension
 * host's own, where a missing key would let the host's value through. On Linux, GLIBC_TUNABLES with the
 * server's malloc tunables added.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SERVER_DROPPED_ENV) out[name] = undefined;
  if (platform === 'linux') out.GLIBC_TUNABLES = withMallocTunables(env.GLIBC_TUNABLES);
  return out;
}

/** The server's launch for the extension (or package) rooted at `root`, from the environment `env`. */
export function serverLaunch(root: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): ServerLaunch {
  return { module: path.join(root, SERVER_BUNDLE), env: serverEnvironment(env, platform) };
}
