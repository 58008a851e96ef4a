// How the extension starts the language server (client/server-launch.ts): a real Node child started
// with the launch's environment sees every variable of the extension host's environment but
// NODE_EXTRA_CA_CERTS, plus (on Linux) glibc's malloc tunables, which reach glibc (huge pages in the
// child where the kernel gives them on request); the launch runs the server's bundle.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SERVER_DROPPED_ENV, SERVER_MALLOC_TUNABLES, serverEnvironment, serverLaunch, withMallocTunables } from '../../client/server-launch';

/** The environment a Node child started with `env` sees. */
function childEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(JSON.stringify(process.env))'], { env, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, string>;
}

describe('client: the language server launch', () => {
  const host: NodeJS.ProcessEnv = { ...process.env, NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca-certificates.crt', Q7_LAUNCH_TEST: 'kept', NODE_OPTIONS: '--max-old-space-size=4096' };

  it('drops NODE_EXTRA_CA_CERTS from the child and keeps every other variable unchanged', () => {
    const seen = childEnvironment(serverEnvironment(host, 'darwin'));
    const { NODE_EXTRA_CA_CERTS: dropped, ...expected } = host;
    assert.equal(dropped, '/etc/ssl/certs/ca-certificates.crt');
    assert.equal('NODE_EXTRA_CA_CERTS' in seen, false);
    assert.deepEqual(seen, expected);
  });

  it('on Linux, adds the malloc tunables to the child and changes nothing else', () => {
    const plain = withoutTunables(host);
    const seen = childEnvironment(serverEnvironment(plain, 'linux'));
    const expected: NodeJS.ProcessEnv = { ...plain, GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1:glibc.malloc.top_pad=16777216' };
    delete expected.NODE_EXTRA_CA_CERTS;
    assert.deepEqual(seen, expected);
    assert.deepEqual(Object.keys(SERVER_MALLOC_TUNABLES), ['glibc.malloc.hugetlb', 'glibc.malloc.top_pad']);
  });

  it('keeps the tunables the host sets, and never overrides one it names', () => {
    assert.equal(withMallocTunables(undefined), 'glibc.malloc.hugetlb=1:glibc.malloc.top_pad=16777216');
    assert.equal(withMallocTunables(''), 'glibc.malloc.hugetlb=1:glibc.malloc.top_pad=16777216');
    assert.equal(withMallocTunables('glibc.malloc.arena_max=2'), 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1:glibc.malloc.top_pad=16777216');
    assert.equal(withMallocTunables('glibc.malloc.hugetlb=0'), 'glibc.malloc.hugetlb=0:glibc.malloc.top_pad=16777216');
    assert.equal(withMallocTunables('glibc.malloc.top_pad=0:glibc.malloc.hugetlb=2'), 'glibc.malloc.top_pad=0:glibc.malloc.hugetlb=2');
    assert.equal(serverEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, 'linux').GLIBC_TUNABLES, 'glibc.malloc.hugetlb=0:glibc.malloc.top_pad=16777216');
    assert.equal('GLIBC_TUNABLES' in serverEnvironment({}, 'win32'), false);
  });

  it('the tunables reach glibc: malloc gets huge pages where the kernel gives them on request, and only then', function () {
    const mode = /\[(\w+)\]/.exec(readOr('/sys/kernel/mm/transparent_hugepage/enabled'))?.[1];
    const hugeKiB = (env: NodeJS.ProcessEnv): number => {
      // 12 MiB in 64 KiB Buffers, each written: malloc serves them from its arena (below the mmap threshold)
      const script = "const b = []; for (let i = 0; i < 192; i++) b.push(Buffer.alloc(65536, 1)); process.stdout.write(/AnonHugePages:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/smaps_rollup', 'utf8'))?.[1] ?? '-1')";
      const r = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      return Number(r.stdout);
    };
    const plain = withoutTunables(host);
    if (process.platform !== 'linux' || mode === undefined || !fs.existsSync('/proc/self/smaps_rollup')) {
      // no transparent huge pages to ask for: the child still starts and runs with the launch's environment
      assert.equal(childEnvironment(serverEnvironment(plain)).Q7_LAUNCH_TEST, 'kept');
      return;
    }
    const launched = hugeKiB(serverEnvironment(plain, 'linux'));
    const without = hugeKiB(serverEnvironment(plain, 'darwin'));
    if (mode === 'madvise') {
      assert.ok(launched >= 2048, `huge pages with the launch's tunables: ${launched} KiB`);
      assert.equal(without, 0, 'none without them');
    } else if (mode === 'never') {
      assert.deepEqual([launched, without], [0, 0]);
    } else {
      assert.ok(launched >= 2048, `huge pages with the launch's tunables (THP ${mode}): ${launched} KiB`);
    }
  });

  it('overrides the host value when laid over the host environment (as vscode-languageclient lays ServerOptions env)', () => {
    const merged = { ...host, ...serverEnvironment(host) };
    assert.equal('NODE_EXTRA_CA_CERTS' in childEnvironment(merged), false);
  });

  it('drops that variable only, and leaves its input alone', () => {
    assert.deepEqual(SERVER_DROPPED_ENV, ['NODE_EXTRA_CA_CERTS']);
    const env = serverEnvironment(host, 'darwin');
    assert.equal(host.NODE_EXTRA_CA_CERTS, '/etc/ssl/certs/ca-certificates.crt');
    assert.deepEqual(Object.keys(env).sort(), Object.keys(host).sort());
    for (const [k, v] of Object.entries(env)) assert.equal(v, k === 'NODE_EXTRA_CA_CERTS' ? undefined : host[k], k);
  });

  it('runs the server bundle under the given root', () => {
    const l = serverLaunch('/opt/q7-studio', host, 'linux');
    assert.equal(l.module, path.join('/opt/q7-studio', 'dist', 'server.js'));
    assert.equal(l.env.Q7_LAUNCH_TEST, 'kept');
    assert.equal(l.env.NODE_EXTRA_CA_CERTS, undefined);
    assert.equal(l.env.GLIBC_TUNABLES, withMallocTunables(host.GLIBC_TUNABLES));
  });
});

/** `env` without GLIBC_TUNABLES (the test runner's own, if any). */
function withoutTunables(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  delete out.GLIBC_TUNABLES;
  return out;
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
