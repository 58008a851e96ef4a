// NODE_EXTRA_CA_CERTS in the benchmark's environment: Node loads the certificates it names at every
// start, before any of q7's code runs, and QEMU, clangd and native code do not. When it is set, the
// whole-process figures are also timed without it, side by side, as a machine without extra CA
// certificates sees them.

/** Whether this environment sets extra CA certificates for Node. */
export function extraCertsSet(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!env.NODE_EXTRA_CA_CERTS;
}

/** `env` without NODE_EXTRA_CA_CERTS (everything else unchanged). */
export function withoutExtraCerts(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out.NODE_EXTRA_CA_CERTS;
  return out;
}
