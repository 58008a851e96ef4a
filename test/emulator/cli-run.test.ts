// `q7 run`: runs ELF and assembly programs, streams their output, exits with the program's status,
// reports faults, limits and bad input cleanly (exit 2, no stack trace), and picks the core from
// the ELF when --cpu is not given.

import { strict as assert } from 'node:assert';
import { main } from '../../cli/main';
import type { CliIO } from '../../cli/io';
import { UsageError } from '../../cli/io';
import { ProgramBuilder } from './helpers/program';
import { elfBytes, imageOf } from './helpers/elf-image';

interface Result {
  code: number;
  out: string;
  err: string;
}

async function q7(args: string[], files: Record<string, Uint8Array | string>): Promise<Result> {
  let out = '';
  let err = '';
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readFile: (p) => {
      const f = files[p];
      if (f === undefined) throw new UsageError(`${p}: cannot read file: ENOENT`);
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
    writeFile: () => {},
  };
  const code = await main(['run', ...args], io);
  return { code, out, err };
}

/** An ELF at `base` that writes `text` (SIMCALL write) and exits with `code`; `extra` runs first. */
function program(base: number, text: string, code: number, extra?: (p: ProgramBuilder) => void): Uint8Array {
  const p = new ProgramBuilder(base);
  const bytes = [...new TextEncoder().encode(text)];
  p.i('j', 'start').align(4).label('msg_addr').word('msg').label('start');
  extra?.(p);
  p.i('movi', 2, 4).i('movi', 3, 1).i('l32r', 4, 'msg_addr').i('movi', 5, bytes.length).i('simcall');
  p.i('movi', 2, 1).i('movi', 3, code).i('simcall');
  p.label('msg').bytes(bytes);
  const prog = p.build();
  return elfBytes(imageOf([{ addr: prog.addr, bytes: prog.bytes }], base));
}

const HELLO_S = `
        .text
        .global _start
_start: j       1f
        .align  4
.Lmsg:  .word   msg
1:      movi    a2, 4           # SIMCALL write(1, msg, len)
        movi    a3, 1
        l32r    a4, .Lmsg
        movi    a5, 15
        simcall
        movi    a2, 1           # SIMCALL exit(7)
        movi    a3, 7
        simcall
        .data
msg:    .ascii  "hello from asm\\n"
`;

describe('q7 run', () => {
  it('runs an lx106 ELF, streams its output and exits with its code', async () => {
    const r = await q7(['hello.elf'], { 'hello.elf': program(0x50000000, 'hi there\n', 3) });
    assert.deepEqual(r, { code: 3, out: 'hi there\n', err: '' });
  });

  it('assembles and runs a .S file', async () => {
    const r = await q7(['hello.S'], { 'hello.S': HELLO_S });
    assert.equal(r.err, '');
    assert.equal(r.out, 'hello from asm\n');
    assert.equal(r.code, 7);
  });

  it('picks the core from the ELF: 0xfe000000 ⇒ de233_fpu (windowed code runs), else q7', async () => {
    const windowed = program(0xfe000000, 'w\n', 0, (p) => {
      p.i('movi', 2, 1).i('wsr.windowstart', 2).i('movi', 2, 4).i('slli', 2, 2, 16).i('addi', 2, 2, 0x20);
      p.i('wsr.ps', 2).i('rsync').i('rsr.windowbase', 4);
    });
    assert.deepEqual(await q7(['w.elf'], { 'w.elf': windowed }), { code: 0, out: 'w\n', err: '' });
    const onLx = await q7(['w.elf', '--cpu', 'lx106'], { 'w.elf': windowed });
    assert.equal(onLx.code, 2, 'not in the lx106 memory map');
    const q7prog = program(0x40000400, 'q\n', 5, (p) => p.i('movi', 2, 2).i('loop', 2, 'e').i('nop.n').label('e').i('nop'));
    assert.deepEqual(await q7(['q.elf'], { 'q.elf': q7prog }), { code: 5, out: 'q\n', err: '' });
  });

  it('reports an unhandled exception as a fault and exits with 128 + EXCCAUSE', async () => {
    const bad = program(0x40000400, '', 0, (p) => p.i('movi', 3, 0).i('l32i', 2, 3, 4));
    const r = await q7(['bad.elf'], { 'bad.elf': bad });
    assert.equal(r.code, 128 + 15);
    assert.equal(r.err, 'bad.elf: fault: LoadStorePIFAddrError at 0x4000040b (address 0x00000004)\n');
  });

  it('stops at --max-insns with status 124 and traces with --trace', async () => {
    const spin = program(0x40000400, '', 0, (p) => p.label('l').i('j', 'l'));
    const r = await q7(['spin.elf', '--max-insns', '10'], { 'spin.elf': spin });
    assert.equal(r.code, 124);
    assert.match(r.err, /^spin\.elf: instruction limit reached at 0x4000040[0-9a-f]\n$/);
    const t = await q7(['spin.elf', '--max-insns=3', '--trace'], { 'spin.elf': spin });
    assert.equal(t.err.split('\n').filter((l) => /^0x4000040[0-9a-f] {2}j /.test(l)).length, 3);
  });

  it('rejects bad input with exit status 2 and a one-line message, never a stack trace', async () => {
    const cases: [string[], Record<string, Uint8Array | string>, RegExp][] = [
      [['junk.elf'], { 'junk.elf': 'not an elf' }, /junk\.elf: .*/],
      [['missing.elf'], {}, /missing\.elf: cannot read file/],
      [['x.elf', '--cpu', 'z80'], { 'x.elf': 'x' }, /--cpu: unknown core 'z80'/],
      [['x.elf', '--max-insns', '-3'], { 'x.elf': 'x' }, /--max-insns: '-3' is not a positive integer/],
      [['bad.S'], { 'bad.S': '  frobnicate a2\n' }, /bad\.S:1:\d+: error/],
      [[], {}, /no program given/],
      [['a.elf', 'b.elf'], {}, /only one program/],
      [['a.elf', '--bogus'], {}, /unknown option '--bogus'/],
    ];
    for (const [args, files, msg] of cases) {
      const r = await q7(args, files);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, msg, args.join(' '));
      assert.doesNotMatch(r.err, /\n\s+at .*:\d+:\d+\)?\n/, `no stack trace: ${r.err}`);
      assert.doesNotMatch(r.err, /internal error/);
      assert.equal(r.out, '');
    }
  });
});
