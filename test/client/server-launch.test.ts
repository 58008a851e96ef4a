// How the extension starts the language server (client/server-launch.ts): a real Node child started
// with the launch's environment sees every variable of the extension host's environment but
// NODE_EXTRA_CA_CERTS, and the launch runs the server's bundle.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { SERVER_DROPPED_ENV, serverEnvironment, serverLaunch } from '../../client/server-launch';

/** The environment a Node child started with `env` sees. */
function childEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.env))'], { env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, string>;
}

describe('client: the language server launch', () => {
  const host: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt', Q7_LAUNCH_TEST: 'kept', NODE_OPTIONS: '--max-old-space-size=4096' };

  it('drops NODE_EXTRA_CA_CERTS from the child and keeps every other variable unchanged', () => {
    const seen = childEnvironment(serverEnvironment(host));
    const { NODE_EXTRA_CA_CERTS: dropped, ...expected } = host;
    assert.equal(dropped, '/etc/ssl/certs/ca-certificates.crt');
    assert.equal('NODE_EXTRA_CA_CERTS' in seen, false);
    assert.deepEqual(seen, expected);
  });

  it('overrides the host value when laid over the host environment (as vscode-languageclient lays ServerOptions env)', () => {
    const merged = { ...host, ...serverEnvironment(host) };
    assert.equal('NODE_EXTRA_CA_CERTS' in childEnvironment(merged), false);
  });

  it('drops that variable only, and leaves its input alone', () => {
    assert.deepEqual(SERVER_DROPPED_ENV, ['NODE_EXTRA_CA_CERTS']);
    const env = serverEnvironment(host);
    assert.equal(host.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt');
    assert.deepEqual(Object.keys(env).sort(), Object.keys(host).sort());
    for (const [k, v] of Object.entries(env)) assert.equal(v, k === 'NODE_EXTRA_CA_CERTS' ? undefined : host[k], k);
  });

  it('runs the server bundle under the given root', () => {
    const l = serverLaunch('/opt/q7-studio', host);
    assert.equal(l.module, path.join('/opt/q7-studio', 'dist', 'server.js'));
    assert.equal(l.env.Q7_LAUNCH_TEST, 'kept');
    assert.equal(l.env.NODE_EXTRA_CA_CERTS, undefined);
  });
});
