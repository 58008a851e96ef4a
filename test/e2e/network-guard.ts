// A Node preload (`NODE_OPTIONS=--require …/network-guard.js`) for the end-to-end run: code-server, its
// extension host, the language server and the debug adapter inherit it. Any TCP connection or DNS
// lookup for a host that is not this machine's loopback is refused and written to the file named by
// Q7_E2E_NETLOG, so the test can assert that the extension works with no network and that nothing
// tried to reach one. Node built-ins only (this file is loaded into every process of the run).

// the module object itself (a namespace import's bindings cannot be replaced)
// eslint-disable-next-line @typescript-eslint/no-require-imports
import dns = require('node:dns');
import * as fs from 'node:fs';
import * as net from 'node:net';

const LOG = process.env.Q7_E2E_NETLOG;
const LOOPBACK = /^(localhost|127(\.\d+){3}|::1|::ffff:127(\.\d+){3}|0\.0\.0\.0)$/i;

function record(what: string): void {
  if (LOG) fs.appendFileSync(LOG, `${process.pid} ${process.argv.slice(1, 3).join(' ')}: ${what}\n`);
}

/** The host of a net.Socket#connect call, or undefined for a local (Unix socket / pipe) connection. */
function hostOf(args: unknown[]): string | undefined {
  const a = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (a && typeof a === 'object') {
    const o = a as { path?: string; host?: string; port?: number };
    if (o.path !== undefined) return undefined;
    return o.host ?? 'localhost';
  }
  if (typeof a === 'string' && !/^\d+$/.test(a)) return undefined; // a pipe path
  return typeof args[1] === 'string' ? args[1] : 'localhost';
}

if (LOG) {
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const host = hostOf(args);
    if (host !== undefined && !LOOPBACK.test(host)) {
      record(`connect ${host}`);
      process.nextTick(() => this.destroy(new Error(`network refused in the end-to-end run: ${host}`)));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  const lookup = dns.lookup;
  (dns as { lookup: unknown }).lookup = function (host: string, ...rest: unknown[]) {
    if (!LOOPBACK.test(host)) {
      record(`dns ${host}`);
      const cb = rest[rest.length - 1] as (e: Error) => void;
      process.nextTick(() => cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (no network in the end-to-end run)`), { code: 'ENOTFOUND' })));
      return;
    }
    return (lookup as (...a: unknown[]) => unknown)(host, ...rest);
  };
  record('loaded');
}
