// How the extension starts the language server, without `vscode`: the bundle it runs and the
// environment it runs it in. The benchmark (bench/server.ts) starts its servers through this too, so it
// times the start the extension makes. The environment is the extension host's, passed through, less
// NODE_EXTRA_CA_CERTS: Node reads and parses that certificate file at every start, before any script
// runs (~90 ms of CPU where it names the system's whole bundle), and the server opens no TLS connection
// (it talks over stdio and reads local files only), so it has no use for it.

import * as path from 'node:path';

/** The server's bundle, relative to the extension's (the package's) root. */
export const SERVER_BUNDLE = 'dist/server.js';

/** Variables of the extension host's environment the server is started without. */
export const SERVER_DROPPED_ENV: readonly string[] = ['NODE_EXTRA_CA_CERTS'];

export interface ServerLaunch {
  /** The module to run with Node (vscode-languageclient forks it; `--stdio` is the caller's). */
  module: string;
  env: NodeJS.ProcessEnv;
}

/**
 * `env` with each dropped variable present but undefined: Node's child_process leaves undefined values
 * out of a child's environment, and vscode-languageclient lays the ServerOptions' `env` over the extension
 * host's own, where a missing key would let the host's value through.
 */
export function serverEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  for (const name of SERVER_DROPPED_ENV) out[name] = undefined;
  return out;
}

/** The server's launch for the extension (or package) rooted at `root`, from the environment `env`. */
export function serverLaunch(root: string, env: NodeJS.ProcessEnv): ServerLaunch {
  return { module: path.join(root, SERVER_BUNDLE), env: serverEnvironment(env) };
}
