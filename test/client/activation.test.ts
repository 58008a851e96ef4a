// The activation figure the extension logs (client/activation.ts): loading the bundle plus activate(),
// not the wait between them; the line it writes is the one the end-to-end test reads back.

import * as assert from 'node:assert/strict';
import { activationLine, activationMs, parseActivationMs } from '../../client/activation';

describe('client: the activation figure', () => {
  it('adds the bundle load and the activate() call, not the wait between them', () => {
    const t = { bundleStart: 100, moduleLoaded: 160.5, activateStart: 1200, activateEnd: 1212.25 };
    assert.equal(activationMs(t), 72.75);
    assert.equal(activationLine(t), 'activated in 72.8 ms (loading the bundle 60.5 ms, activate() 12.3 ms)');
  });

  it('counts only activate() outside the bundle', () => {
    const t = { moduleLoaded: 5, activateStart: 10, activateEnd: 13 };
    assert.equal(activationMs(t), 3);
    assert.equal(activationLine(t), 'activated in 3.0 ms (activate() 3.0 ms)');
  });

  it('reads the last figure back from a log, or nothing', () => {
    const log = '2026-12-04 18:12:23.991 [info] activated in 1210.4 ms (x)\n2026-12-04 18:13:00.000 [info] activated in 81.9 ms (y)\n';
    assert.equal(parseActivationMs(log), 81.9);
    assert.equal(parseActivationMs('[info] starting the language server'), undefined);
  });
});
