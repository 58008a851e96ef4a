// The declarative option parser (cli/options.ts): every command's --help is generated from its
// declarations (each declared option appears, nothing undeclared does), every declared spelling is
// accepted, and parse errors are one clear line with exit status 2.

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../cli/main';
import { commands } from '../../cli/commands';
import type { CliIO } from '../../cli/io';
import { UsageError } from '../../cli/io';
import { HelpRequest, defineCommand, helpText, optionText, parseArgs, type OptionSpec } from '../../cli/options';

function capture(): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
    readFile: (p: string): Uint8Array => {
      throw new UsageError(`${p}: cannot read file: ENOENT`);
    },
    writeFile: () => undefined,
  };
  return io;
}

async function q7(argv: string[]) {
  const io = capture();
  const code = await main(argv, io);
  return { code, out: io.out, err: io.err };
}

const spellings = (o: OptionSpec) => [o.name, ...(o.aliases ?? [])];
/** A value that passes the option's own checks. */
function sample(o: OptionSpec): string {
  if (o.type === 'enum') return o.choices[0];
  if (o.type === 'number') return o.name === '--hbm-size' ? '1G' : '2';
  if (o.type !== 'flag' && o.value.includes('=')) return 'X=1';
  if (o.name === '--no-sanitize') return 'bounds';
  return 'v';
}

describe('q7 options: help generated from the declarations', () => {
  it('q7 --help lists every command with its summary', async () => {
    const r = await q7(['--help']);
    assert.equal(r.code, 0);
    for (const c of commands) assert.match(r.out, new RegExp(`^  ${c.spec.name} +${c.spec.summary.replace(/[().?*+[\]]/g, '\\$&')}$`, 'm'));
  });

  it('q7 --version prints the package version (from package.json when unbundled) and the Node version', async () => {
    const io = capture();
    io.readFile = (p: string) => new Uint8Array(fs.readFileSync(p));
    const code = await main(['--version'], io);
    assert.equal(code, 0, io.err);
    const version = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(io.out, `q7 (Q7 Studio) ${version}, unbundled build, Node ${process.versions.node}\n`);
    const blind = capture();
    assert.equal(await main(['--version'], blind), 0);
    assert.match(blind.out, /^q7 \(Q7 Studio\) unknown, /, 'no readable package.json: the version is unknown, not a crash');
  });

  for (const c of commands) {
    describe(`q7 ${c.spec.name}`, () => {
      it('--help prints the text rendered from the declarations, to stdout, exit 0', async () => {
        const r = await q7([c.spec.name, '--help']);
        assert.deepEqual([r.code, r.err], [0, '']);
        assert.equal(r.out, helpText(c.spec));
        assert.ok(r.out.startsWith(`usage: q7 ${c.spec.name} `), r.out);
      });

      it('every declared option appears in --help with its description', async () => {
        const out = (await q7([c.spec.name, '-h'])).out.replace(/\n +/g, ' ');
        for (const o of Object.values(c.spec.options)) {
          for (const s of spellings(o)) assert.ok(new RegExp(`(^|[ ,])${s.replace(/[-[\]]/g, '\\$&')}([ ,=]|$|0\\|)`, 'm').test(out), `${s} missing from q7 ${c.spec.name} --help`);
          assert.ok(out.includes(optionText(o)), `the description of ${o.name} is missing from q7 ${c.spec.name} --help`);
        }
      });

      it('--help lists no option that is not declared', async () => {
        const declared = new Set(Object.values(c.spec.options).flatMap(spellings));
        const out = (await q7([c.spec.name, '--help'])).out;
        const listed = [...out.matchAll(/^ {2}(-[^ ,]+(?:, -[^ ,]+)*)/gm)].flatMap((m) => m[1].split(', ').map((s) => s.replace(/^-O0(\|[12])+$/, '-O')));
        assert.ok(listed.length === declared.size, `listed ${listed.join(' ')}; declared ${[...declared].join(' ')}`);
        for (const s of listed) assert.ok(declared.has(s), `q7 ${c.spec.name} --help lists ${s}, which is not declared`);
      });

      it('accepts every declared spelling', () => {
        for (const [key, o] of Object.entries(c.spec.options)) {
          for (const s of spellings(o)) {
            const argv = o.type === 'flag' ? [s] : o.attachedOnly ? [`${s}${sample(o)}`] : [s, sample(o)];
            const r = parseArgs({ ...c.spec, positionals: [{ key: 'rest', name: 'X', repeatable: true }] }, argv) as Record<string, unknown>;
            assert.notEqual(r[key], o.type === 'flag' ? false : undefined, `${s} did not set ${key}`);
          }
        }
      });
    });
  }
});

describe('q7 options: parsing', () => {
  const spec = defineCommand({
    name: 'demo',
    summary: 'a demo',
    usage: 'FILE [options]',
    positionals: [{ key: 'file', name: 'FILE', missing: 'no file given' }],
    options: {
      fn: { name: '--fn', type: 'string', value: 'NAME', description: 'function' },
      level: { name: '--level', type: 'number', value: 'N', default: 3, description: 'level' },
      mode: { name: '--mode', type: 'enum', value: 'M', choices: ['fast', 'slow'], default: 'fast', description: 'mode' },
      inc: { name: '-I', type: 'repeatable', value: 'DIR', description: 'include' },
      verbose: { name: '--verbose', aliases: ['-v'], type: 'flag', description: 'talk' },
    },
  });

  it('gives typed values, defaults, repeatables in order, and every spelling of a value', () => {
    const r = parseArgs(spec, ['-v', 'k.cpp', '--fn=relu', '--level', '7', '-Ia', '-I', 'b', '--mode=slow']);
    assert.deepEqual(r, { file: 'k.cpp', fn: 'relu', level: 7, mode: 'slow', inc: ['a', 'b'], verbose: true });
    const d = parseArgs(spec, ['k.cpp']);
    assert.deepEqual(d, { file: 'k.cpp', fn: undefined, level: 3, mode: 'fast', inc: [], verbose: false });
    // typed: these lines would not compile if the result were loosely typed
    const level: number = d.level;
    const mode: 'fast' | 'slow' = d.mode;
    const fn: string | undefined = d.fn;
    assert.deepEqual([level, mode, fn], [3, 'fast', undefined]);
  });

  const errors: [string[], string][] = [
    [['k.cpp', '--foo'], "unknown option '--foo' (did you mean '--fn'?)\nusage: q7 demo FILE [options]  (q7 demo --help lists the options)"],
    [['k.cpp', '--verb'], "unknown option '--verb' (did you mean '--verbose'?)\nusage: q7 demo FILE [options]  (q7 demo --help lists the options)"],
    [['k.cpp', '-x'], "unknown option '-x'\nusage: q7 demo FILE [options]  (q7 demo --help lists the options)"],
    [['k.cpp', '--fn'], '--fn needs a value'],
    [['k.cpp', '--mode', 'medium'], "--mode: 'medium' is not one of fast, slow"],
    [['k.cpp', '--level', 'high'], "--level: 'high' is not a number"],
    [['k.cpp', '--verbose=yes'], "--verbose takes no value (got '--verbose=yes')"],
    [[], 'no file given\nusage: q7 demo FILE [options]  (q7 demo --help lists the options)'],
    [['a.cpp', 'b.cpp'], "unexpected argument 'b.cpp'\nusage: q7 demo FILE [options]  (q7 demo --help lists the options)"],
  ];
  for (const [argv, message] of errors) {
    it(`refuses ${JSON.stringify(argv)} with exit status 2: ${message.split('\n')[0]}`, () => {
      assert.throws(() => parseArgs(spec, argv), (e: unknown) => e instanceof UsageError && e.exitCode === 2 && e.message === message);
    });
  }

  it('-h and --help raise the help (exit 0)', () => {
    for (const argv of [['-h'], ['k.cpp', '--help'], ['--fn', 'x', '-h']]) {
      assert.throws(() => parseArgs(spec, argv), (e: unknown) => e instanceof HelpRequest && e.exitCode === 0 && e.message === helpText(spec));
    }
  });

  it('through q7: one line on stderr, exit 2, no stack trace', async () => {
    const r = await q7(['run', 'k.cpp', '--foo']);
    assert.equal(r.code, 2);
    assert.equal(r.err, "q7 run: unknown option '--foo' (did you mean '--fn'?)\nusage: q7 run FILE [options]  (q7 run --help lists the options)\n");
    const e = await q7(['run', 'k.cpp', '--policy', 'lax']);
    assert.deepEqual([e.code, e.err], [2, "q7 run: --policy: 'lax' is not one of coherent, verbose, quiet\n"]);
    const c = await q7(['objdump', '-d', '--core', 'z80', 'a.elf']);
    assert.deepEqual([c.code, c.err], [2, "q7 objdump: --core: unknown core 'z80' (known: lx106, dc233c, de233_fpu, q7)\n"]);
    const m = await q7(['check', 'k.cpp', '-I']);
    assert.deepEqual([m.code, m.err], [2, 'q7 check: -I needs a value\n']);
  });
});
