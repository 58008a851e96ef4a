// Differential test of the oracle harness itself: every C program of test/programs/c, built for
// QEMU's lx106 core at -O0 and -O2, must print exactly what its host-gcc build prints and exit
// with the same status; and a QEMU instruction trace of a small program must start at the reset
// vector, end in the SIMCALL exit and carry the register values the runtime implies.
import * as assert from 'assert';
import * as fs from 'fs';
import { assemblyOf, buildNative, buildProgram, listPrograms, OPT_LEVELS, prebuild } from '../harness/oracle/build';
import { runNative } from '../harness/oracle/native';
import { runQemu, traceQemuDetailed, TraceResult } from '../harness/oracle/qemu';
import { symbol } from '../harness/oracle/symbols';
import { CORPUS_TOOLS, requireTool } from '../harness/oracle/tools';

const RESET_VECTOR = 0x50000000;
/** Top of RAM on `-M sim -cpu lx106` (0x60000000 + 128 MiB), where test/programs/rt puts the stack. */
const STACK_TOP = 0x68000000;
const RAM_BASE = 0x60000000;
const SIMCALL_EXIT = 1;
/** PS after reset (EXCM = 1, INTLEVEL = 15) and after reset.S rewrites it (UM = 1, INTLEVEL = 15). */
const PS_AT_RESET = 0x1f;
const PS_RUNNING = 0x2f;

describe('oracle corpus: C programs on QEMU lx106 vs host gcc', function () {
  this.timeout(60_000);
  const programs = listPrograms();

  before(async function () {
    this.timeout(600_000);
    requireTool(this, CORPUS_TOOLS);
    await prebuild(programs, { opts: OPT_LEVELS, native: true });
  });

  it('has a corpus of at least 34 programs', function () {
    assert.ok(programs.length >= 34, `only ${programs.length} programs`);
  });

  it('compiles the bytecode switch of switch_table.c at -O2 to a jump table', function () {
    const asm = fs.readFileSync(assemblyOf('switch_table', '-O2'), 'utf8');
    assert.match(asm, /^\s+jx\s+a\d+$/m, 'an indirect jump');
    const table = /^\.L\d+:\n(?:\s+\.word\s+\.L\d+\n){12}/m;
    assert.match(asm, table, 'a table of 12 code labels (one per opcode)');
  });

  for (const name of programs) {
    for (const opt of OPT_LEVELS) {
      it(`${name} ${opt}: same stdout and exit code as native`, function () {
        const native = runNative(buildNative(name));
        const lines = native.stdout.split('\n').filter((l) => l !== '').length;
        assert.ok(lines >= 3, `${name}: native output has only ${lines} lines`);
        assert.ok(native.exitCode >= 0 && native.exitCode <= 100, `${name}: exit code ${native.exitCode}`);
        const qemu = runQemu(buildProgram(name, opt), { cpu: 'lx106', timeoutMs: 30_000 });
        assert.strictEqual(qemu.stdout, native.stdout);
        assert.strictEqual(qemu.exitCode, native.exitCode);
      });
    }
  }
});

describe('oracle trace: QEMU per-instruction trace of tiny.c', function () {
  this.timeout(120_000);
  let elf = '';
  let trace: TraceResult;

  before(function () {
    this.timeout(300_000);
    requireTool(this, CORPUS_TOOLS);
    elf = buildProgram('tiny', '-O2');
    trace = traceQemuDetailed(elf, { cpu: 'lx106', maxSteps: 200_000 });
  });

  it('runs to completion with the native output and exit code', function () {
    const native = runNative(buildNative('tiny'));
    assert.strictEqual(trace.truncated, false);
    assert.strictEqual(trace.stdout, 'tiny\nt(10)=55\nt(100)=5050\n');
    assert.strictEqual(trace.stdout, native.stdout);
    assert.strictEqual(trace.exitCode, 55);
    assert.ok(trace.steps.length > 1000 && trace.steps.length < 200_000, `${trace.steps.length} steps`);
  });

  it('starts at the reset vector with the reset state', function () {
    const first = trace.steps[0];
    assert.strictEqual(first.pc, RESET_VECTOR);
    assert.match(first.asm ?? '', /^j 0x5000/);
    assert.strictEqual(first.regs.a0, 0);
    assert.strictEqual(first.regs.a1, 0);
    assert.strictEqual(first.regs.ps, PS_AT_RESET);
    assert.strictEqual(first.regs.sar, 0);
    assert.ok(!('windowbase' in first.regs), 'lx106 has no WINDOWBASE');
    assert.deepStrictEqual(
      Object.keys(first.regs).filter((r) => /^a\d+$/.test(r)).length,
      16,
      'a0..a15 are all present',
    );
  });

  it('sets the stack pointer, PS and calls _start with a return address', function () {
    const steps = trace.steps;
    assert.strictEqual(steps[1].asm, 'l32r a1, 0x50000004');
    assert.strictEqual(steps[1].regs.a1, 0);
    assert.strictEqual(steps[2].regs.a1, STACK_TOP);
    const psSet = steps.findIndex((s) => s.regs.ps === PS_RUNNING);
    assert.ok(psSet > 2 && psSet < 12, `PS becomes 0x2f at step ${psSet}`);
    const start = symbol(elf, '_start').address;
    const entry = steps.findIndex((s) => s.pc === start);
    assert.ok(entry > 0, '_start is reached');
    const call = steps[entry - 1];
    assert.match(call.asm ?? '', /^callx0 a2$/);
    assert.strictEqual(call.regs.a2, start);
    assert.strictEqual(steps[entry].regs.a0, call.pc + 3);
    assert.strictEqual(steps[entry].regs.a1, STACK_TOP);
  });

  it('keeps a1 inside RAM below the stack top once the stack is set', function () {
    for (const step of trace.steps.slice(2)) {
      const sp = step.regs.a1;
      assert.ok(sp > RAM_BASE && sp <= STACK_TOP, `a1=${sp.toString(16)} at pc=${step.pc.toString(16)}`);
    }
  });

  it('ends in the SIMCALL exit inside _exit with the exit code in a3', function () {
    const last = trace.steps[trace.steps.length - 1];
    const exit = symbol(elf, '_exit');
    assert.strictEqual(last.asm, 'simcall');
    assert.ok(last.pc >= exit.address && last.pc < exit.address + exit.size, `pc=${last.pc.toString(16)}`);
    assert.strictEqual(last.regs.a2, SIMCALL_EXIT);
    assert.strictEqual(last.regs.a3, 55);
  });

  it('stops at maxSteps and reports the trace as truncated', function () {
    const short = traceQemuDetailed(elf, { cpu: 'lx106', maxSteps: 40 });
    assert.strictEqual(short.steps.length, 40);
    assert.strictEqual(short.truncated, true);
    assert.deepStrictEqual(
      short.steps.map((s) => s.pc),
      trace.steps.slice(0, 40).map((s) => s.pc),
    );
  });

  it('rejects a file that is not an ELF instead of running QEMU on it', function () {
    assert.throws(() => runQemu(__filename, { cpu: 'lx106', timeoutMs: 5_000 }), /not an ELF/);
  });
});
