// bin/q7 runs `q7 run prog.elf` of a plain program from the small program-mode bundle (dist/q7-run-main.js,
// cli/program-main.ts, loaded through V8's code cache by dist/q7-run.js, cli/program-start.ts) and
// everything else from the full CLI (dist/cli.js, through its loader dist/cli-start.js). The bundle holds neither the
// compiler nor the front-end, and what it prints and the exit status are the full CLI's (cli/main.ts
// in-process) for the same arguments; what it declines (assembly source, a kernel image, an unreadable
// or malformed file, --help, a usage error) the full CLI runs — a C++ or assembly source without
// loading the bundle at all —, and the preload below shows which bundles a process loaded.

import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../cli/main';
import { type CliIO, nodeIO } from '../../cli/io';
import { isCppSource } from '../../cli/commands/run-spec';
import { namesSource } from '../../cli/program-start';
import { isAssemblySource } from '../../session';
import { ProgramBuilder } from '../emulator/helpers/program';
import { elfBytes, imageOf } from '../emulator/helpers/elf-image';

const ROOT = path.join(__dirname, '..', '..', '..');
const Q7 = path.join(ROOT, 'bin', 'q7');

interface Outcome {
  code: number | null;
  out: string;
  err: string;
  bundles?: string[];
}

/** An lx106 ELF that writes `text` (SIMCALL write), then exits with `code`. */
function program(text: string, code: number): Uint8Array {
  const base = 0x50000000;
  const p = new ProgramBuilder(base);
  const bytes = [...new TextEncoder().encode(text)];
  p.i('j', 'start').align(4).label('msg_addr').word('msg').label('start');
  p.i('movi', 2, 4).i('movi', 3, 1).i('l32r', 4, 'msg_addr').i('movi', 5, bytes.length).i('simcall');
  p.i('movi', 2, 1).i('movi', 3, code).i('simcall');
  p.label('msg').bytes(bytes);
  const prog = p.build();
  return elfBytes(imageOf([{ addr: prog.addr, bytes: prog.bytes }], base));
}

describe('bin/q7: the program-mode bundle of q7 run', function () {
  this.timeout(240_000);
  let dir: string;
  let preload: string;
  before(() => {
    if (!fs.existsSync(path.join(ROOT, 'dist', 'q7-run.js'))) throw new Error('dist/q7-run.js is missing: run `npm run build` first');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-program-bundle-'));
    fs.writeFileSync(path.join(dir, 'hello.elf'), program('hello, bundle\n', 7));
    fs.writeFileSync(path.join(dir, 'bad.elf'), new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1]));
    fs.writeFileSync(path.join(dir, 'hello.S'), '        .text\n        .global _start\n_start: movi a2, 1\n        movi a3, 5\n        simcall\n');
    // records which of the dist bundles the process loaded (written to a file, so the output stays the command's)
    preload = path.join(dir, 'bundles.js');
    fs.writeFileSync(preload, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'bundles.txt'))}, Object.keys(require.cache).filter((k) => k.includes('dist')).map((k) => require('path').basename(k)).sort().join('\\n')));\n`);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function bin(args: string[]): Outcome {
    const r = spawnSync(process.execPath, ['-r', preload, Q7, ...args], { encoding: 'utf8', cwd: dir });
    return { code: r.status, out: r.stdout, err: r.stderr, bundles: fs.readFileSync(path.join(dir, 'bundles.txt'), 'utf8').split('\n') };
  }

  async function inProcess(args: string[]): Promise<Outcome> {
    let out = '';
    let err = '';
    const io: CliIO = { ...nodeIO, stdout: (t) => (out += t), stderr: (t) => (err += t) };
    const code = await main(args, io);
    return { code, out, err };
  }

  /** Compares bin/q7 with the full CLI on `args`, file names (`*.elf`, `*.S`) taken in the test's directory. */
  async function sameAsFullCli(names: string[], bundles: string[]): Promise<void> {
    const args = names.map((a) => (/\.(elf|S)$/.test(a) ? path.join(dir, a) : a));
    const a = bin(args);
    const b = await inProcess(args);
    assert.deepEqual({ code: a.code, out: a.out, err: a.err }, b, `q7 ${args.join(' ')}`);
    assert.deepEqual(a.bundles, bundles, `bundles loaded by q7 ${args.join(' ')}`);
  }

  const modulesOf = (bundle: string) => {
    const text = fs.readFileSync(path.join(ROOT, 'dist', bundle), 'utf8');
    return [...new Set([...text.matchAll(/^\/\/ ((?:\.\.\/)*[\w@.-]+(?:\/[\w@.-]+)+\.[jt]s)$/gm)].map((m) => m[1]))];
  };

  it('holds the emulator and no compiler, front-end or tree-sitter', () => {
    const modules = modulesOf('q7-run-main.js');
    assert.ok(modules.includes('emulator/machine.ts'), `emulator/machine.ts not among ${modules.length} modules`);
    // the half-precision codec of the IVP's f16 lanes is the one file of tensors/ it may hold
    const heavy = modules.filter((m) => /^(compiler|language|diskcache|hostshim|tensors)\/|tree-sitter/.test(m) && m !== 'tensors/binary16.ts');
    assert.deepEqual(heavy, []);
    // its loader holds the code cache and nothing of the emulator
    assert.deepEqual(modulesOf('q7-run.js').filter((m) => !/^diskcache\//.test(m)), ['cli/program-start.ts']);
  });

  it('writes V8\'s code cache of the bundle on the first run and runs from it the next', () => {
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-program-cache-'));
    try {
      const env = { ...process.env, Q7_CACHE_DIR: cache };
      const entry = () => {
        const names = fs.readdirSync(cache).filter((f) => f.startsWith('code-'));
        assert.equal(names.length, 1, 'one code-cache entry');
        return fs.statSync(path.join(cache, names[0])).mtimeMs;
      };
      const run = () => {
        const r = spawnSync(process.execPath, [Q7, 'run', path.join(dir, 'hello.elf')], { encoding: 'utf8', env });
        assert.deepEqual({ code: r.status, out: r.stdout, err: r.stderr }, { code: 7, out: 'hello, bundle\n', err: '' });
      };
      run();
      const written = entry();
      run();
      // V8 accepted the entry: the second run did not write it again
      assert.equal(entry(), written);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });

  it('runs a program ELF from the small bundle, with the full CLI\'s output and exit status', async () => {
    await sameAsFullCli(['run', 'hello.elf'], ['q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['run', 'hello.elf', '--trace', '--max-insns', '4'], ['q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['run', '--cpu', 'lx106', 'hello.elf'], ['q7-run-main.js', 'q7-run.js']);
  });

  it('leaves assembly source, bad files, --help and usage errors to the full CLI', async () => {
    await sameAsFullCli(['run', 'hello.S'], ['cli-start.js', 'cli.js', 'q7-run.js']);
    await sameAsFullCli(['run', 'bad.elf'], ['cli-start.js', 'cli.js', 'q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['run', 'missing.elf'], ['cli-start.js', 'cli.js', 'q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['run', 'hello.elf', '--max-insns', '0'], ['cli-start.js', 'cli.js', 'q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['run', '--help'], ['cli-start.js', 'cli.js', 'q7-run-main.js', 'q7-run.js']);
    await sameAsFullCli(['objdump', '-d', 'hello.elf'], ['cli-start.js', 'cli.js']);
  });

  it('declines a C++ or assembly source before loading the bundle, as the bundle would', () => {
    const names = ['k.cpp', 'k.cc', 'k.cxx', 'k.C', 'k.S', 'k.s', 'k.asm', 'k.elf', 'k', 'cpp', 'k.cpp.elf', 'k.c', 'k.npy'];
    for (const name of names) assert.equal(namesSource(['--fn', 'f', name]), isCppSource(name) || isAssemblySource(name), name);
    const r = bin(['run', path.join(ROOT, 'examples', 'kernels', 'relu.cpp'), '--fn', 'relu_forward', '--arg', 'shape=4x8,init=randn,seed=1', '--no-cache']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(r.bundles, ['cli-start.js', 'cli.js', 'q7-run.js']);
  });

  it('leaves a kernel image to the full CLI (the device runs it)', () => {
    const kernel = path.join(dir, 'relu.elf');
    const built = spawnSync(process.execPath, [Q7, 'build', path.join(ROOT, 'examples', 'kernels', 'relu.cpp'), '-o', kernel, '--no-cache'], { encoding: 'utf8', cwd: dir });
    assert.equal(built.status, 0, built.stderr);
    const r = bin(['run', kernel, '--fn', 'relu_forward', '--arg', 'shape=4x8,init=randn,seed=1']);
    assert.deepEqual(r.bundles, ['cli-start.js', 'cli.js', 'q7-run-main.js', 'q7-run.js']);
    assert.equal(r.code, 0, r.err);
  });
});
