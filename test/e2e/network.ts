// The no-network assertion both end-to-end tests end with: the guard (network-guard.js) was loaded into
// the processes named, none of them tried to reach another host, and the browser asked only the local
// code-server (or its own data:, blob: and webview resources).

import * as assert from 'node:assert/strict';
import { networkLog } from './code-server';

const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)[:/]|data:|blob:|vscode-webview:|vscode-file:|about:)/;

export function assertNoNetwork(runDir: string, browserRequests: readonly string[], processes: readonly RegExp[]): string {
  const net = networkLog(runDir);
  for (const p of processes) assert.ok(net.guarded.some((l) => p.test(l)), `the network guard was not loaded into ${p}:\n${net.guarded.join('\n')}`);
  assert.deepEqual(net.attempts, [], 'network attempts from Node processes');
  assert.deepEqual(browserRequests.filter((u) => !LOCAL.test(u)), [], 'requests from the browser to other hosts');
  return `${net.guarded.length} guarded processes, ${browserRequests.length} local requests`;
}
