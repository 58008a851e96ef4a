// The public kernel corpus (test/public-kernels/README.md): AWS's custom-operator samples and every C++
// snippet of AWS's guides, unmodified, through `q7 check`, `q7 build` and `q7 run` in-process. Each
// kernel's output (shape functions included, run as kernels) is compared with values computed here
// and with its host-shim g++ build; the snippets that cannot compile as published (and the CPU
// extension's TORCH_LIBRARY) are reported at their lines; a failed assert and the multicore sample's
// split defect are reported as device faults at the right file:line.

import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../cli/main';
import { nodeIO, type CliIO } from '../../cli/io';
import { buildNative, runNative, type HostKernel } from '../../hostshim';
import { HostTensor, generateTensor, parseTensorSpec, readNpy, toNumbers, writeNpy, dtypeByName } from '../../tensors';
import { requireTool } from '../../harness/oracle/tools';

const ROOT = path.join(__dirname, '..', '..', '..', 'test', 'public-kernels');
const SAMPLES = 'aws-neuron-samples/torch-neuronx';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-public-'));
/** A corpus file's path as the CLI is given it (and prints it in diagnostics and faults). */
const at = (rel: string) => path.join(ROOT, rel);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

interface Result {
  code: number;
  out: string;
  err: string;
}

async function q7(...args: string[]): Promise<Result> {
  let out = '';
  let err = '';
  const io: CliIO = { ...nodeIO, stdout: (t) => void (out += t), stderr: (t) => void (err += t) };
  const code = await main(args, io);
  return { code, out, err };
}

const gen = (spec: string) => generateTensor(parseTensorSpec(spec));
const numbers = (t: HostTensor) => [...toNumbers(t)];
const f32 = (f: (...x: number[]) => number) => (inputs: HostTensor[]) => {
  const cols = inputs.map(numbers);
  return cols[0].map((_, i) => Math.fround(f(...cols.map((c) => c[i]))));
};
const relu = f32((x) => (x > 0 ? x : 0));
const negate = f32((x) => -x);
const add = f32((a, b) => a + b);

function f32Tensor(shape: number[], values: number[]): HostTensor {
  return { dtype: dtypeByName('float32')!, shape, data: new Uint8Array(new Float32Array(values).buffer) };
}

interface Run {
  readonly title: string;
  readonly fn: string;
  readonly inputs: HostTensor[];
  readonly cores?: number;
  /** The expected elements (float32 unless `dtype`), computed here. */
  readonly expect: (inputs: HostTensor[]) => number[];
  readonly dtype?: string;
  /** Relative tolerance against `expect` and against the native build (0: bit-exact). */
  readonly rtol?: number;
  /** The kernel's printf output. */
  readonly stdout?: string;
}

interface Fault {
  readonly title: string;
  readonly fn: string;
  readonly inputs: HostTensor[];
  readonly cores?: number;
  /** Where q7 run must report the fault: the file (relative to the corpus) and line. */
  readonly at: readonly [string, number];
  /** The rest of the fault line after `file:line:col: ` (a regular expression's source). */
  readonly fault: string;
  /** The native build fails the same way: its stderr matches. */
  readonly native?: RegExp;
}

interface KernelCase {
  /** Relative to test/public-kernels: the file checked and built (a harness for a partial snippet). */
  readonly file: string;
  /** The public file(s) it exercises. */
  readonly covers: readonly string[];
  readonly kernels: readonly string[];
  readonly runs: readonly Run[];
  readonly faults?: readonly Fault[];
}

const x7x13 = gen('shape=7x13,init=randn,seed=11');
const x2500 = gen('shape=2500,init=randn,seed=12');
const x12000 = gen('shape=12000,init=randn,seed=13');
const a5 = gen('shape=5,init=randn,seed=14');
const b5 = gen('shape=5,init=randn,seed=15');
const b4 = gen('shape=4,init=randn,seed=16');
const x3x4 = gen('shape=3x4,init=uniform,seed=17');
const x10 = gen('shape=10,init=randn,seed=18');

const tcmRelu = (file: string): KernelCase['runs'] => [
  { title: 'a 7x13 tensor (one TCM chunk)', fn: 'relu_forward', inputs: [x7x13], expect: relu },
  { title: '2500 elements (three TCM chunks, the last one partial)', fn: 'relu_forward', inputs: [x2500], expect: relu },
].map((r) => ({ ...r, title: `${file}: ${r.title}` }));

const multicoreRelu: Run[] = [
  { title: '12000 elements on 8 cores (1500 per core: two TCM chunks each)', fn: 'relu_forward', inputs: [x12000], cores: 8, expect: relu },
];
/** The split defect of AWS's multicore ReLU (numel % 8 != 0): core 7 copies elements 21..23 of 10. */
const multicoreSplit = (line: number, file: string): Fault => ({
  title: '10 elements on 8 cores: the last core copies past the end (the sample\'s split defect)',
  fn: 'relu_forward', inputs: [x10], cores: 8,
  at: [file, line],
  fault: 'fault copy-out-of-bounds: copy of elements \\[21, 24\\) of tensor t_in of 10 elements .*\\[core 7,',
});

const ASSERT_FAULT = 'fault assertion-failed: assert\\(t1\\.sizes\\(\\) == t2\\.sizes\\(\\)\\) failed \\[core 0\\]$';

/** The API guide's printf example, on the guide's input 1..8, prints what the guide shows. */
const PRINTF_LINES = [1, 2, 3, 4, 5, 6, 7, 8].map((v, i) => `Assigning element ${i} to a value of -${v}.000000\n`).join('');

const reluBackward = f32((g, x) => (x > 0 ? g : 0));
const zerosLike = (inputs: HostTensor[]) => numbers(inputs[inputs.length - 1]).map(() => 0);
const g7x13 = gen('shape=7x13,init=randn,seed=19');

/** AWS's accessor ReLU (inference and training copies are byte-identical): forward and backward. */
const accessorRelu = (dir: string): KernelCase => ({
  file: `${SAMPLES}/${dir}/customop_mlp/neuron/relu.cpp`, covers: [`${SAMPLES}/${dir}/customop_mlp/neuron/relu.cpp`],
  kernels: ['relu_forward', 'relu_backward'],
  runs: [
    { title: 'relu_forward on a 7x13 tensor', fn: 'relu_forward', inputs: [x7x13], expect: relu },
    { title: 'relu_backward: the gradient where the input is positive', fn: 'relu_backward', inputs: [g7x13, x7x13], expect: reluBackward },
  ],
});

/** A sample shape file: each shape function, run as a kernel, returns zeros of the input's shape. */
const shapeFile = (dir: string, backward: boolean): KernelCase => ({
  file: `${SAMPLES}/${dir}/shape.cpp`, covers: [`${SAMPLES}/${dir}/shape.cpp`],
  kernels: backward ? ['relu_fwd_shape', 'relu_bwd_shape'] : ['relu_fwd_shape'],
  runs: [
    { title: 'relu_fwd_shape: zeros shaped like the input', fn: 'relu_fwd_shape', inputs: [x3x4], expect: zerosLike },
    ...(backward ? [{ title: 'relu_bwd_shape: zeros shaped like t_in', fn: 'relu_bwd_shape', inputs: [g7x13, x7x13], expect: zerosLike }] : []),
  ],
});

const KERNELS: KernelCase[] = [
  accessorRelu('inference'),
  accessorRelu('training'),
  shapeFile('inference/customop_mlp/neuron', true),
  shapeFile('inference/customop_mlp/neuron-tcm', false),
  shapeFile('inference/customop_mlp/neuron-multicore', false),
  shapeFile('training/customop_mlp/neuron', true),
  {
    file: `${SAMPLES}/inference/customop_mlp/neuron-tcm/relu.cpp`, covers: [`${SAMPLES}/inference/customop_mlp/neuron-tcm/relu.cpp`],
    kernels: ['relu_forward'], runs: tcmRelu('neuron-tcm'),
  },
  {
    file: `${SAMPLES}/inference/customop_mlp/neuron-multicore/relu.cpp`, covers: [`${SAMPLES}/inference/customop_mlp/neuron-multicore/relu.cpp`],
    kernels: ['relu_forward'], runs: multicoreRelu,
    faults: [multicoreSplit(28, `${SAMPLES}/inference/customop_mlp/neuron-multicore/relu.cpp`)],
  },
  {
    file: 'harness/ref-02.cpp', covers: ['guides/ref-02.cpp'], kernels: ['exp_out_example'],
    runs: [{ title: 'exp_out into a tensor of the input\'s shape', fn: 'exp_out_example', inputs: [x3x4], expect: f32(Math.exp), rtol: 1e-6 }],
  },
  {
    file: 'harness/ref-03.cpp', covers: ['guides/ref-03.cpp'], kernels: ['exp_example'],
    runs: [{ title: 'exp into a new tensor', fn: 'exp_example', inputs: [x3x4], expect: f32(Math.exp), rtol: 1e-6 }],
  },
  {
    file: 'harness/ref-04.cpp', covers: ['guides/ref-04.cpp'], kernels: ['tensor_add_compute'],
    runs: [{ title: 'accessor add of two 5-element tensors', fn: 'tensor_add_compute', inputs: [a5, b5], expect: add }],
    faults: [{
      title: 'sizes 5 and 4: assert(t1.sizes() == t2.sizes()) fails at its line', fn: 'tensor_add_compute', inputs: [a5, b4],
      at: ['guides/ref-04.cpp', 3], fault: ASSERT_FAULT,
      native: /ref-04\.cpp:3: .*Assertion `t1\.sizes\(\) == t2\.sizes\(\)' failed/,
    }],
  },
  {
    file: 'harness/ref-05.cpp', covers: ['guides/ref-05.cpp'], kernels: ['tensor_add_compute'],
    runs: [{ title: 'stream add of two 5-element tensors', fn: 'tensor_add_compute', inputs: [a5, b5], expect: add }],
    faults: [{
      title: 'sizes 5 and 4: assert(t1.sizes() == t2.sizes()) fails at its line', fn: 'tensor_add_compute', inputs: [a5, b4],
      at: ['guides/ref-05.cpp', 2], fault: ASSERT_FAULT,
      native: /ref-05\.cpp:2: .*Assertion `t1\.sizes\(\) == t2\.sizes\(\)' failed/,
    }],
  },
  {
    file: 'harness/ref-06.cpp', covers: ['guides/ref-06.cpp'], kernels: ['policy_values'],
    runs: [{ title: 'the guide\'s Policy enumerators equal the SDK\'s', fn: 'policy_values', inputs: [], expect: () => [0, 1, 2, 0, 1, 2], dtype: 'int32' }],
  },
  {
    file: 'harness/ref-07.cpp', covers: ['guides/ref-07.cpp'], kernels: ['tensor_negate_compute'],
    runs: [{ title: 'TCM negate of 2500 elements', fn: 'tensor_negate_compute', inputs: [x2500], expect: negate }],
  },
  {
    file: 'guides/ref-10.cpp', covers: ['guides/ref-10.cpp'], kernels: ['tensor_negate_compute'],
    runs: [{
      title: 'the printf example prints the guide\'s output', fn: 'tensor_negate_compute',
      inputs: [f32Tensor([8], [1, 2, 3, 4, 5, 6, 7, 8])], expect: negate, stdout: PRINTF_LINES,
    }],
  },
  {
    file: 'guides/dev-01.cpp', covers: ['guides/dev-01.cpp'], kernels: ['tensor_negate_compute'],
    runs: [{ title: 'accessor negate', fn: 'tensor_negate_compute', inputs: [x2500], expect: negate }],
  },
  {
    file: 'guides/dev-02.cpp', covers: ['guides/dev-02.cpp'], kernels: ['tensor_negate_shape'],
    runs: [{ title: 'the shape function returns zeros of numel elements', fn: 'tensor_negate_shape', inputs: [x3x4], expect: (i) => numbers(i[0]).map(() => 0) }],
  },
  {
    file: 'guides/dev-03.cpp', covers: ['guides/dev-03.cpp'], kernels: ['tensor_negate_shape'],
    runs: [{ title: 'the registered shape function returns zeros of numel elements', fn: 'tensor_negate_shape', inputs: [x3x4], expect: zerosLike }],
  },
  {
    file: 'harness/tut-train-02.cpp', covers: ['guides/tut-train-02.cpp'], kernels: ['relu_fwd_shape', 'relu_bwd_shape'],
    runs: [
      { title: 'relu_fwd_shape: zeros shaped like the input', fn: 'relu_fwd_shape', inputs: [x3x4], expect: zerosLike },
      { title: 'relu_bwd_shape: zeros shaped like t_in', fn: 'relu_bwd_shape', inputs: [g7x13, x7x13], expect: zerosLike },
    ],
  },
  {
    file: 'harness/tut-perf-01.cpp', covers: ['guides/tut-perf-01.cpp'], kernels: ['relu_forward'], runs: tcmRelu('tut-perf-01'),
  },
  {
    file: 'harness/tut-perf-02.cpp', covers: ['guides/tut-perf-02.cpp'], kernels: ['relu_forward'], runs: multicoreRelu,
    faults: [multicoreSplit(23, 'guides/tut-perf-02.cpp')],
  },
];

/** Files that cannot compile for the device as published: the errors q7 check must report (line, message). */
interface Broken {
  readonly file: string;
  readonly why: string;
  readonly errors: readonly [number, RegExp][];
  /** Every error lies in these lines (the rest of the file checks clean). */
  readonly onlyLines?: readonly [number, number];
}

const ELISION = /syntax error: unexpected '\.\.\.'/;
const elisionLines = (file: string) =>
  fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').flatMap((l, i) => (l.trim() === '...' ? [i + 1] : []));

const BROKEN: Broken[] = [
  { file: 'guides/ref-01.cpp', why: 'an elision (...) between the include and the statement', errors: [] },
  {
    file: 'guides/ref-08.cpp', why: 'elisions, and names the example never declares (buffer_size, t_out_acc for t_out_tcm_acc, offset, copy_size)',
    errors: [[7, /undeclared identifier 'buffer_size'/], [12, /undeclared identifier 't_out_acc'/], [12, /undeclared identifier 'offset'/], [12, /undeclared identifier 'copy_size'/]],
  },
  {
    file: 'guides/ref-09.cpp', why: 'elisions, and names the example never declares (buffer_size, t_out_tcm_acc, copy_size)',
    errors: [[10, /undeclared identifier 'buffer_size'/], [15, /undeclared identifier 't_out_tcm_acc'/], [15, /undeclared identifier 'copy_size'/]],
  },
  { file: 'guides/tut-train-01.cpp', why: 'elisions inside both functions', errors: [] },
  {
    file: `${SAMPLES}/training/customop_mlp/pytorch/relu.cpp`, why: 'the CPU PyTorch extension registers with TORCH_LIBRARY, which the device SDK does not have',
    errors: [[32, /error/]], onlyLines: [32, 35],
  },
];

function writeInputs(tag: string, inputs: HostTensor[]): string[] {
  return inputs.map((t, i) => {
    const f = path.join(dir, `${tag}_in${i}.npy`);
    fs.writeFileSync(f, writeNpy(t));
    return f;
  });
}

function hostKernel(fn: string, inputs: HostTensor[], cores = 1): HostKernel {
  return { name: fn, params: inputs.map((_, i) => ({ kind: 'tensor' as const, name: `t${i}` })), returnsTensor: true, cores };
}

function close(actual: number[], expected: number[], rtol: number, what: string): void {
  assert.equal(actual.length, expected.length, `${what}: element count`);
  const bad = actual.flatMap((a, i) => (rtol === 0 ? Object.is(a, expected[i]) || a === expected[i] : Math.abs(a - expected[i]) <= rtol * Math.abs(expected[i])) ? [] : [`[${i}] ${a} != ${expected[i]}`]);
  assert.deepEqual(bad.slice(0, 5), [], `${what}: ${bad.length} of ${actual.length} elements differ`);
}

describe('public kernels: AWS samples and guide snippets, unmodified', function () {
  this.timeout(600000);

  describe('provenance', () => {
    for (const sub of ['guides', 'aws-neuron-samples']) {
      it(`${sub}/: every file matches its manifest (SHA-256) and the licence files are there`, () => {
        const m = JSON.parse(fs.readFileSync(path.join(ROOT, sub, 'manifest.json'), 'utf8')) as { commit: string; files: { file: string; sha256: string }[] };
        assert.match(m.commit, /^[0-9a-f]{40}$/);
        assert.ok(m.files.length >= (sub === 'guides' ? 17 : 9));
        for (const f of m.files) {
          const sha = createHash('sha256').update(fs.readFileSync(path.join(ROOT, sub, f.file))).digest('hex');
          assert.equal(sha, f.sha256, `${sub}/${f.file} was edited`);
        }
        const licences = sub === 'guides' ? ['LICENSE-SAMPLECODE', 'LICENSE-SUMMARY-DOCS-SAMPLES'] : ['LICENSE', 'NOTICE'];
        for (const l of licences) assert.ok(fs.statSync(path.join(ROOT, sub, l)).size > 40, `${sub}/${l}`);
      });
    }

    it('every public C++ file is exercised below', () => {
      const all = ['guides', 'aws-neuron-samples'].flatMap((sub) =>
        (JSON.parse(fs.readFileSync(path.join(ROOT, sub, 'manifest.json'), 'utf8')) as { files: { file: string }[] }).files.map((f) => `${sub}/${f.file}`));
      const covered = new Set([...KERNELS.flatMap((k) => k.covers), ...BROKEN.map((b) => b.file)]);
      assert.deepEqual(all.filter((f) => !covered.has(f)), []);
    });
  });

  for (const k of KERNELS) {
    describe(k.covers.join(', '), () => {
      const src = at(k.file);
      const elf = path.join(dir, `${k.file.replace(/[/.]/g, '_')}.elf`);

      it('q7 check: no diagnostics', async () => {
        const r = await q7('check', src);
        assert.equal(r.out, '');
        assert.equal(r.code, 0, r.err);
      });

      it(`q7 build: a kernel image with ${k.kernels.join(', ')}`, async () => {
        const r = await q7('build', src, '-D', 'Q7_SANITIZE_BOUNDS', '-D', 'Q7_SANITIZE_COPIES', '-o', elf);
        assert.equal(r.code, 0, r.err);
        const wrong = await q7('run', elf, '--fn', 'no_such_kernel');
        assert.match(wrong.err, new RegExp(`no kernel function 'no_such_kernel' in the image \\(kernels: ${k.kernels.join(', ')}\\)`));
      });

      k.runs.forEach((run, n) => {
        it(`q7 run: ${run.title}`, async function () {
          const files = writeInputs(`${path.basename(elf)}_${n}`, run.inputs);
          const out = path.join(dir, `${path.basename(elf)}_${n}_out.npy`);
          const r = await q7('run', elf, '--fn', run.fn, ...files.flatMap((f) => ['--arg', f]), ...(run.cores ? ['--cores', String(run.cores)] : []), '--out', out);
          assert.equal(r.code, 0, r.err);
          assert.match(r.err, new RegExp(`${run.fn} on ${run.cores ?? 1} cores?: ok`));
          const got = readNpy(new Uint8Array(fs.readFileSync(out)), out);
          assert.equal(got.dtype.name, run.dtype ?? 'float32');
          const expected = run.expect(run.inputs);
          close(numbers(got), expected, run.rtol ?? 0, 'device vs expected');
          if (run.stdout !== undefined) assert.equal(r.out, run.stdout);

          requireTool(this, 'gcc');
          const exe = buildNative(src, hostKernel(run.fn, run.inputs, run.cores), { dir });
          const nativeOut = path.join(dir, `${path.basename(elf)}_${n}_native.npy`);
          const nr = runNative(exe, nativeOut, files);
          assert.equal(nr.status, 0, nr.stderr);
          const ref = readNpy(new Uint8Array(fs.readFileSync(nativeOut)), nativeOut);
          assert.deepEqual(got.shape, ref.shape);
          close(numbers(got), numbers(ref), run.rtol ?? 0, 'device vs native');
          if (run.stdout !== undefined) assert.equal(nr.stdout, run.stdout);
        });
      });

      (k.faults ?? []).forEach((f, n) => {
        it(`q7 run: ${f.title}`, async function () {
          const files = writeInputs(`${path.basename(elf)}_fault${n}`, f.inputs);
          const r = await q7('run', elf, '--fn', f.fn, ...files.flatMap((x) => ['--arg', x]), ...(f.cores ? ['--cores', String(f.cores)] : []));
          assert.equal(r.code, 1, r.err);
          assert.match(r.err, new RegExp(`^${escape(at(f.at[0]))}:${f.at[1]}:\\d+: ${f.fault}`, 'm'));
          assert.match(r.err, new RegExp(`${f.fn} on ${f.cores ?? 1} cores?: FAULT`));
          if (!f.native) return;
          requireTool(this, 'gcc');
          const exe = buildNative(src, hostKernel(f.fn, f.inputs, f.cores), { dir });
          const nr = runNative(exe, path.join(dir, 'unused.npy'), files);
          assert.notEqual(nr.status, 0);
          assert.match(nr.stderr, f.native);
        });
      });
    });
  }

  for (const b of BROKEN) {
    describe(`${b.file}: does not compile as published (${b.why})`, () => {
      const expected: [number, RegExp][] = [...elisionLines(b.file).map((l): [number, RegExp] => [l, ELISION]), ...b.errors];

      it('q7 check reports each problem at its line', async () => {
        assert.ok(expected.length > 0);
        const r = await q7('check', at(b.file));
        assert.equal(r.code, 1);
        for (const [line, re] of expected) {
          const onLine = r.out.split('\n').filter((l) => l.startsWith(`${at(b.file)}:${line}:`));
          assert.ok(onLine.some((l) => / error: /.test(l) && re.test(l)), `no error matching ${re} on line ${line}:\n${r.out}`);
        }
        assert.doesNotMatch(r.out + r.err, /internal/);
        if (b.onlyLines) {
          const lines = [...r.out.matchAll(/:(\d+):\d+: error: /g)].map((m) => Number(m[1]));
          assert.deepEqual(lines.filter((l) => l < b.onlyLines![0] || l > b.onlyLines![1]), [], r.out);
        }
      });

      it('q7 build stops with the errors, never an internal one', async () => {
        const r = await q7('build', at(b.file), '-o', path.join(dir, 'broken.elf'));
        assert.equal(r.code, 1);
        const lines = expected.map(([line]) => line);
        assert.ok(lines.some((line) => new RegExp(`^${escape(at(b.file))}:${line}:\\d+: error: `, 'm').test(r.err)), r.err);
        assert.doesNotMatch(r.err, /internal|at .*\.js:\d+/);
      });
    });
  }
});
