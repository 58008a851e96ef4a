// The server's pure parts without a process: settings from untrusted input, globs, the debounced
// scheduler on a fake clock, and which documents the VS Code client serves.

import * as assert from 'node:assert/strict';
import { includesNeuronSdk, isServed } from '../../client/kernel-files';
import { Scheduler, type Clock } from '../../server/scheduler';
import { checkOptionsFor, DEFAULT_SETTINGS, readSettings } from '../../server/settings';
import { globMatches } from '../../language/file-globs';
import { pathToUri, uriToPath } from '../../server/uris';

class FakeClock implements Clock {
  now = 0;
  private timers: { at: number; fn: () => void; id: number }[] = [];
  private immediates: (() => void)[] = [];
  private id = 0;
  setTimeout(fn: () => void, ms: number): unknown {
    this.timers.push({ at: this.now + ms, fn, id: ++this.id });
    return this.id;
  }
  clearTimeout(h: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== h);
  }
  setImmediate(fn: () => void): void {
    this.immediates.push(fn);
  }
  /** Advances time, firing due timers, then runs queued immediates until none are left. */
  advance(ms: number): void {
    this.now += ms;
    for (const t of this.timers.filter((x) => x.at <= this.now)) {
      this.timers = this.timers.filter((x) => x !== t);
      t.fn();
    }
    while (this.immediates.length) this.immediates.shift()!();
  }
}

describe('server units', () => {
  it('reads settings defensively', () => {
    assert.deepEqual(readSettings(undefined), DEFAULT_SETTINGS);
    const s = readSettings({ multicore: 'yes', coherencePolicy: 'INCOHERENT_QUIET', includePaths: ['/a', 3], defines: { A: 1, B: null }, debounceMs: -5 });
    assert.deepEqual(s, { ...DEFAULT_SETTINGS, coherencePolicy: 'INCOHERENT_QUIET', defines: { A: '1', B: '' } });
    assert.equal(readSettings({ coherencePolicy: 'SOMETIMES' }).coherencePolicy, 'COHERENT');
  });

  it('matches globs for per-file multicore mode', () => {
    assert.equal(globMatches('**/multicore/*.cpp', '/w/src/multicore/relu.cpp'), true);
    assert.equal(globMatches('**/multicore/*.cpp', '/w/src/multicore/deep/relu.cpp'), false);
    assert.equal(globMatches('*.cpp', '/w/src/relu.cpp'), true);
    assert.equal(globMatches('/w/src/*.cpp', '/x/w/src/relu.cpp'), false);
    assert.equal(globMatches('relu?.cpp', '/w/relu2.cpp'), true);
    assert.equal(globMatches('a.cpp', '/w/ba.cpp'), false);
    assert.deepEqual(checkOptionsFor('/w/mc/k.cpp', { ...DEFAULT_SETTINGS, multicoreFiles: ['mc/*.cpp'] }), { multicore: true, defaultPolicy: 'COHERENT' });
    assert.deepEqual(checkOptionsFor('/w/sc/k.cpp', { ...DEFAULT_SETTINGS, multicoreFiles: ['mc/*.cpp'] }), { multicore: false, defaultPolicy: 'COHERENT' });
  });

  it('debounces bursts of edits into one analysis and drops work for closed documents', () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    const s = new Scheduler((u) => ran.push(`${u}@${clock.now}`), () => 100, clock);
    s.schedule('a');
    clock.advance(50);
    s.schedule('a');
    clock.advance(50);
    assert.deepEqual(ran, []);
    clock.advance(50);
    assert.deepEqual(ran, ['a@150']);
    s.schedule('b');
    s.schedule('c');
    s.cancel('b');
    clock.advance(100);
    assert.deepEqual(ran, ['a@150', 'c@250']);
    s.schedule('d', 0);
    assert.equal(s.isPending('d'), true);
    clock.advance(0);
    assert.deepEqual(ran, ['a@150', 'c@250', 'd@250']);
    assert.equal(s.isPending('d'), false);
  });

  it('keeps running the queue when one analysis throws', () => {
    const clock = new FakeClock();
    const ran: string[] = [];
    const s = new Scheduler((u) => {
      ran.push(u);
      if (u === 'x') throw new Error('boom');
    }, () => 0, clock);
    s.schedule('x');
    s.schedule('y');
    clock.advance(0);
    assert.deepEqual(ran, ['x', 'y']);
  });

  it('serves kernels that include the SDK, and opted-in files', () => {
    assert.equal(includesNeuronSdk('#include <torch/torch.h>\n'), true);
    assert.equal(includesNeuronSdk('  #  include "neuron/neuron-utils.hpp"\n'), true);
    assert.equal(includesNeuronSdk('#include <vector>\n// #include <torch/torch.h>\n'), false);
    assert.equal(includesNeuronSdk('#include <torch/torch2.h>\n'), false);
    assert.equal(isServed('/w/plain.cpp', 'int main() {}', []), false);
    assert.equal(isServed('/w/plain.cpp', 'int main() {}', ['**/plain.cpp']), true);
  });

  it('maps file URIs to paths and back; other schemes stay URIs', () => {
    assert.equal(uriToPath('file:///w/a%20b.cpp'), '/w/a b.cpp');
    assert.equal(pathToUri('/w/a b.cpp'), 'file:///w/a%20b.cpp');
    assert.equal(uriToPath('untitled:Untitled-1'), 'untitled:Untitled-1');
    assert.equal(pathToUri('untitled:Untitled-1'), 'untitled:Untitled-1');
  });
});
