// The launch configuration: each wrong field named in the error; the JSON schema in package.json
// states exactly the fields the adapter reads.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ConfigError, FIELDS, parseLaunchConfig } from '../../debug-adapter/config';

const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

describe('debug adapter launch configuration', () => {
  it('resolves paths and fills the defaults', () => {
    const p = parseLaunchConfig({ type: 'q7', request: 'launch', name: 'x', program: 'k.cpp', args: ['a.npy', 'shape=2x2', 3, { shape: [2], init: 'ones' }], multicore: true, __sessionId: 'id' }, '/w');
    assert.equal(p.program, '/w/k.cpp');
    assert.deepEqual(p.args, ['/w/a.npy', 'shape=2x2', 3, { shape: [2], init: 'ones' }]);
    assert.equal(p.cores, 8);
    assert.equal(p.stepOverSdk, true);
    assert.equal(p.optimize, 0);
    assert.equal(p.strictWindows, false);
    assert.equal(p.cache, true);
    assert.equal(parseLaunchConfig({ program: 'k.cpp', cache: false }, '/w').cache, false);
    assert.equal(parseLaunchConfig({ program: 'k.cpp', strictWindows: true }, '/w').strictWindows, true);
    assert.deepEqual(parseLaunchConfig({ program: '/k.elf', defines: ['A=1', 'B'], cores: 2 }, '/w').defines, { A: '1', B: '1' });
  });

  it('takes a plain program (.elf, .S) with its core, and records which fields were given', () => {
    const p = parseLaunchConfig({ program: 'fib.S', cpu: 'q7', stopOnEntry: true, name: 'x' }, '/w');
    assert.equal(p.program, '/w/fib.S');
    assert.equal(p.cpu, 'q7');
    assert.deepEqual([...p.given].sort(), ['cpu', 'program', 'stopOnEntry']);
    assert.equal(parseLaunchConfig({ program: 'a.out.elf' }, '/w').cpu, undefined);
  });

  const bad: [Record<string, unknown>, string, RegExp][] = [
    [{}, 'program', /missing/],
    [{ program: 'k.py' }, 'program', /neither a C\+\+ source/],
    [{ program: 'k.cpp', cores: 65 }, 'cores', /1\.\.64/],
    [{ program: 'k.cpp', policy: 'loose' }, 'policy', /coherent, verbose, quiet/],
    [{ program: 'k.cpp', sanitizers: ['bounds', 'nope'] }, 'sanitizers[1]', /unknown sanitizer 'nope'/],
    [{ program: 'k.cpp', args: 'x' }, 'args', /expected an array/],
    [{ program: 'k.cpp', cache: 'no' }, 'cache', /expected true or false/],
    [{ program: 'k.cpp', args: [{ shape: [2], colour: 1 }] }, 'args[0].colour', /unknown field/],
    [{ program: 'k.cpp', args: [true] }, 'args[0]', /expected a \.npy path/],
    [{ program: 'k.cpp', expect: 3 }, 'expect', /not a number/],
    [{ program: 'k.cpp', optimize: 3 }, 'optimize', /0, 1 or 2/],
    [{ program: 'k.cpp', windowSize: 1000 }, 'windowSize', /power of two/],
    [{ program: 'k.cpp', stopOnEntry: 'yes' }, 'stopOnEntry', /true or false/],
    [{ program: 'k.cpp', defines: { 'A B': 1 } }, 'defines', /not a macro name/],
    [{ program: 'k.cpp', stopOnEnty: true }, 'stopOnEnty', /unknown field/],
    [{ program: 'p.elf', cpu: 'pentium' }, 'cpu', /expected one of lx106, dc233c, de233_fpu, q7, got "pentium"/],
    [{ program: 'p.elf', cpu: 106 }, 'cpu', /expected one of/],
  ];
  for (const [cfg, field, re] of bad) {
    it(`names '${field}' in ${JSON.stringify(cfg)}`, () => {
      assert.throws(() => parseLaunchConfig(cfg, '/w'), (e: unknown) => e instanceof ConfigError && e.field === field && re.test(e.message) && e.message.includes(`'${field}'`));
    });
  }

  it('package.json declares the q7 debugger with exactly these fields', () => {
    const dbg = pkg.contributes.debuggers.find((d: { type: string }) => d.type === 'q7');
    assert.equal(dbg.label, 'Q7 Kernel');
    assert.equal(dbg.program, './dist/dap.js');
    assert.deepEqual(Object.keys(dbg.configurationAttributes.launch.properties).sort(), [...FIELDS].sort());
    assert.deepEqual(pkg.contributes.breakpoints, [{ language: 'cpp' }, { language: 'c' }, { language: 'xtensa-asm' }]);
    assert.deepEqual(dbg.configurationAttributes.launch.properties.cpu.enum, ['lx106', 'dc233c', 'de233_fpu', 'q7']);
    for (const s of dbg.configurationSnippets) for (const k of Object.keys(s.body)) assert.ok(FIELDS.has(k) || ['type', 'request', 'name'].includes(k), `snippet '${s.label}': unknown field '${k}'`);
    for (const c of dbg.initialConfigurations) parseLaunchConfig(c, '/w');
  });
});
