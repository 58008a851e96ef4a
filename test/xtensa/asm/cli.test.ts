// `q7 as` through the CLI dispatcher with an in-memory CliIO: writes the ELF, prints assembly
// errors as file:line:col and exits 1, and reports usage mistakes (exit 2) without a stack trace.

import { strict as assert } from 'node:assert';
import { main } from '../../../cli/main';
import { CliIO, UsageError } from '../../../cli/io';
import { readElf } from '../../../xtensa/elf/reader';

class MemoryIO implements CliIO {
  out = '';
  err = '';
  readonly files = new Map<string, Uint8Array>();
  constructor(files: Record<string, string>) {
    for (const [k, v] of Object.entries(files)) this.files.set(k, new TextEncoder().encode(v));
  }
  stdout(t: string): void {
    this.out += t;
  }
  stderr(t: string): void {
    this.err += t;
  }
  readFile(p: string): Uint8Array {
    const f = this.files.get(p);
    if (!f) throw new UsageError(`${p}: cannot read file: ENOENT`);
    return f;
  }
  writeFile(p: string, d: Uint8Array | string): void {
    this.files.set(p, typeof d === 'string' ? new TextEncoder().encode(d) : d);
  }
}

describe('q7 as', () => {
  it('assembles several files into an ELF with the requested layout, entry and symbols', async () => {
    const io = new MemoryIO({
      'a.S': '\t.global main\nmain:\tcall0 helper\n\tmovi a2, LIMIT\n',
      'b.S': '\t.global helper\n\t.align 4\nhelper:\tret.n\n',
    });
    const code = await main(
      ['as', 'a.S', 'b.S', '-o', 'out.elf', '--section-start', '.text=0x40100000', '--entry', 'main', '--defsym', 'LIMIT=0x7f'],
      io,
    );
    assert.equal(io.err, '');
    assert.equal(code, 0);
    const img = readElf(io.files.get('out.elf')!, 'out.elf');
    assert.equal(img.entry, 0x40100000);
    const text = img.sections.find((s) => s.name === '.text')!;
    assert.equal(text.addr, 0x40100000);
    assert.deepEqual(Array.from(text.data.slice(3, 6)), [0x22, 0xa0, 0x7f]);
    assert.equal(img.symbols.find((s) => s.name === 'helper')?.value, 0x40100008);
  });

  it('accepts --opt=value spellings and writes a.out by default', async () => {
    const io = new MemoryIO({ 'x.S': '\tnop\n' });
    assert.equal(await main(['as', 'x.S', '--section-start=.text=0x1000', '--base=0x2000'], io), 0);
    assert.equal(readElf(io.files.get('a.out')!, 'a.out').sections.find((s) => s.name === '.text')?.addr, 0x1000);
  });

  it('prints every assembly error as file:line:col: error: message and exits with 1', async () => {
    const io = new MemoryIO({ 'bad.S': '\tnop\n\tfrob a2\n\taddi a2, a2, 999\n' });
    const code = await main(['as', 'bad.S', '-o', 'bad.elf'], io);
    assert.equal(code, 1);
    assert.equal(
      io.err,
      "bad.S:2:2: error: unknown instruction 'frob'\n" +
        "bad.S:3:15: error: operand 3 of 'addi': value 999 out of range (must be -128..127)\n",
    );
    assert.ok(!io.files.has('bad.elf'));
  });

  const USAGE_CASES: [string[], RegExp][] = [
    [['as'], /^q7 as: no input files/],
    [['as', 'x.S', '--frob'], /^q7 as: unknown option '--frob'/],
    [['as', 'x.S', '-o'], /^q7 as: -o needs a value\n$/],
    [['as', 'x.S', '--defsym', 'novalue'], /^q7 as: --defsym expects NAME=VALUE, got 'novalue'\n$/],
    [['as', 'x.S', '--section-start', '.text=zz'], /^q7 as: --section-start: 'zz' is not a number\n$/],
    [['as', 'missing.S'], /^q7 as: missing\.S: cannot read file: ENOENT\n$/],
  ];
  for (const [argv, message] of USAGE_CASES) {
    it(`usage error: ${argv.join(' ')}`, async () => {
      const io = new MemoryIO({ 'x.S': '\tnop\n' });
      assert.equal(await main(argv, io), 2);
      assert.match(io.err, message);
      assert.doesNotMatch(io.err, /\s+at /, 'no stack trace');
    });
  }

  it('prints its usage for --help', async () => {
    const io = new MemoryIO({});
    assert.equal(await main(['as', '--help'], io), 0);
    assert.match(io.out, /^usage: q7 as FILE\.S/);
  });
});
