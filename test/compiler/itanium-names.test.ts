// Symbol names, vtables and the vptr member as the Itanium C++ ABI and GCC make them: a table of
// declarations with the names they must get (operators, nested names, templates, T_ references,
// substitutions, const member functions), the same source through Debian's xtensa-lx106-elf-g++ (our
// defined names must be GCC's), and a kernel image's seed names (first seed: Q7PtrType::operator[]
// and neuron_translate), vtable bytes {offset-to-top, &typeinfo, D1, D0} and `_vptr.<class>` member.

import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readClasses } from '../../debuginfo';
import { NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';
import { writeElf } from '../../xtensa/elf/writer';
import type { ElfImage } from '../../xtensa/elf/types';
import { findTool, requireTool } from '../../harness/oracle/tools';
import { compileSource } from './harness';

const DECLARATIONS = `namespace c10 {
struct Q7PtrType {
  unsigned long long hbm_addr; void* ctx_ptr; bool is_nullptr;
  template <typename T> T& operator[](unsigned int idx) const { return ((T*)ctx_ptr)[idx]; }
  template <typename T> Q7PtrType operator+(unsigned int idx) const { Q7PtrType r = *this; r.hbm_addr += sizeof(T) * idx; return r; }
  bool operator==(const Q7PtrType& o) const { return hbm_addr == o.hbm_addr; }
  Q7PtrType& operator+=(int n) { hbm_addr += n; return *this; }
  int operator-() const { return 1; }
  operator bool() const { return !is_nullptr; }
};
}
namespace ns { namespace inner {
struct V { int x; V() : x(0) {} V(const V& o) : x(o.x) {} ~V() {} int get() const { return x; } void set(int v) { x = v; } void take(V a, V* b, const V& c) {} };
template <typename T, int N> struct Arr { T a[N]; T& at(int i) { return a[i]; } void copy(const Arr& o, Arr* p) {} };
void free1(V*, V*, const V*, const V&) {}
}}
struct Base { int a; Base() : a(1) {} virtual ~Base() { a = 0; } virtual int f() { return a; } };
struct Der : Base { int b; Der() : b(2) {} ~Der() override {} int f() override { return a + b; } };
template <typename T> T twice(T x) { return x + x; }
template <typename T> void pair2(T*, const T*, T&) {}
int plain(int a, unsigned long long b, float* c, const char* d) { return a; }
int viaBase(Base& x) { return x.f(); }
int main() {
  c10::Q7PtrType p{0, nullptr, false};
  float f = p.operator[]<float>(1);
  signed char sc = p.operator[]<signed char>(1);
  c10::Q7PtrType q = p.operator+<float>(2);
  bool e = p == q; q += 1; int n = -p; bool bb = p;
  ns::inner::V v; v.set(2); v.take(v, &v, v); ns::inner::free1(&v, &v, &v, v);
  ns::inner::Arr<float, 3> arr; arr.at(0) = 1; arr.copy(arr, &arr);
  int t = twice(3); float tf = twice(1.5f);
  pair2<int>(nullptr, nullptr, t);
  Der d;
  return plain(1, 2, nullptr, nullptr) + v.get() + (int)f + sc + e + n + bb + t + (int)tf + viaBase(d);
}
`;

/** Declaration → the name GCC gives it (checked with c++filt and xtensa-lx106-elf-g++). */
const EXPECTED: [string, string][] = [
  ['float& c10::Q7PtrType::operator[]<float>(unsigned int) const', '_ZNK3c109Q7PtrTypeixIfEERT_j'],
  ['signed char& c10::Q7PtrType::operator[]<signed char>(unsigned int) const', '_ZNK3c109Q7PtrTypeixIaEERT_j'],
  ['c10::Q7PtrType c10::Q7PtrType::operator+<float>(unsigned int) const', '_ZNK3c109Q7PtrTypeplIfEES0_j'],
  ['bool c10::Q7PtrType::operator==(const c10::Q7PtrType&) const', '_ZNK3c109Q7PtrTypeeqERKS0_'],
  ['c10::Q7PtrType::operator+=(int)', '_ZN3c109Q7PtrTypepLEi'],
  ['c10::Q7PtrType::operator-() const', '_ZNK3c109Q7PtrTypengEv'],
  ['c10::Q7PtrType::operator bool() const', '_ZNK3c109Q7PtrTypecvbEv'],
  ['ns::inner::V::V(const ns::inner::V&)', '_ZN2ns5inner1VC1ERKS1_'],
  ['ns::inner::V::~V()', '_ZN2ns5inner1VD1Ev'],
  ['ns::inner::V::take(ns::inner::V, ns::inner::V*, const ns::inner::V&)', '_ZN2ns5inner1V4takeES1_PS1_RKS1_'],
  ['ns::inner::free1(V*, V*, const V*, const V&)', '_ZN2ns5inner5free1EPNS0_1VES2_PKS1_RS3_'],
  ['ns::inner::Arr<float, 3>::at(int)', '_ZN2ns5inner3ArrIfLi3EE2atEi'],
  ['ns::inner::Arr<float, 3>::copy(const Arr&, Arr*)', '_ZN2ns5inner3ArrIfLi3EE4copyERKS2_PS2_'],
  ['int twice<int>(int)', '_Z5twiceIiET_S0_'],
  ['void pair2<int>(int*, const int*, int&)', '_Z5pair2IiEvPT_PKS0_RS0_'],
  ['plain(int, unsigned long long, float*, const char*)', '_Z5plainiyPfPKc'],
  ['Base::~Base() (deleting)', '_ZN4BaseD0Ev'],
  ['vtable for Der', '_ZTV3Der'],
  ['typeinfo for Der', '_ZTI3Der'],
];

function definedNames(image: ElfImage): Set<string> {
  return new Set(image.symbols.filter((s) => s.name.startsWith('_Z')).map((s) => s.name));
}

describe('compiler: Itanium C++ ABI names, vtables and the vptr member', function () {
  this.timeout(120000);
  let program: ElfImage;

  before(async () => {
    const r = await compileSource(DECLARATIONS, '/test/names.cpp');
    assert.deepEqual(r.diagnostics, []);
    program = r.image!;
  });

  for (const [decl, name] of EXPECTED) {
    it(`${decl} is ${name}`, () => {
      assert.ok(definedNames(program).has(name), `${name} missing; defined: ${[...definedNames(program)].sort().join(' ')}`);
    });
  }

  it('every name we define is the one xtensa-lx106-elf-g++ gives the same declaration', function () {
    requireTool(this, 'xtensa-lx106-elf-g++');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-names-'));
    fs.writeFileSync(path.join(dir, 'names.cpp'), DECLARATIONS);
    const r = spawnSync(findTool('xtensa-lx106-elf-g++')!, ['-std=c++17', '-O0', '-c', 'names.cpp', '-o', 'names.o'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const nm = spawnSync('xtensa-lx106-elf-nm', ['names.o'], { cwd: dir, encoding: 'utf8' });
    const gcc = new Set(nm.stdout.split('\n').map((l) => l.trim().split(/\s+/)).filter((f) => f.length === 3 && /[TtWwVRr]/.test(f[1])).map((f) => f[2]));
    const ours = [...definedNames(program)].filter((n) => !n.startsWith('_ZTS') || gcc.has(n));
    assert.ok(ours.length >= EXPECTED.length);
    assert.deepEqual(ours.filter((n) => !gcc.has(n)), [], 'names GCC does not give these declarations');
    // GCC also emits base-object constructors and destructors (C2, D2): the rest must be ours
    assert.deepEqual([...gcc].filter((n) => n.startsWith('_Z') && !/C2E|D2E/.test(n) && !definedNames(program).has(n)), []);
  });

  describe('a kernel image', () => {
    let kernel: ElfImage;
    let elfPath = '';
    before(async () => {
      const src = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu.cpp'), 'utf8');
      const r = await compileSource(src, '/test/relu.cpp');
      assert.deepEqual(r.diagnostics, []);
      kernel = r.image!;
      elfPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'q7-vt-')), 'relu.elf');
      fs.writeFileSync(elfPath, writeElf(kernel));
    });

    it("has the first seed's symbol names", () => {
      const names = definedNames(kernel);
      for (const n of ['_ZNK3c109Q7PtrTypeixIfEERT_j', NEURON_TRANSLATE_SYMBOL]) assert.ok(names.has(n), `${n} missing`);
      assert.equal(NEURON_TRANSLATE_SYMBOL, '_Z16neuron_translatePvy');
      assert.ok(!kernel.symbols.some((s) => s.name === 'neuron_translate'), 'no unmangled neuron_translate');
    });

    it('has one neuron_memcpy, the routine the seed names, for copies either way (a TCM kernel)', async () => {
      const src = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'examples', 'kernels', 'relu_tcm.cpp'), 'utf8');
      const r = await compileSource(src, '/test/relu_tcm.cpp');
      assert.deepEqual(r.diagnostics, []);
      const names = definedNames(r.image!);
      assert.ok(names.has('_Z13neuron_memcpyPvS_yji'), 'void neuron_memcpy(void*, void*, uint64_t, size_t, int)');
      assert.deepEqual([...names].filter((n) => /memcpy_(from|to)_hbm/.test(n)), []);
    });

    it('lays out the accessor vtable as {offset-to-top, &typeinfo, D1, D0}', () => {
      const sym = (n: string) => {
        const s = kernel.symbols.find((x) => x.name === n);
        assert.ok(s, `${n} missing`);
        return s;
      };
      const vt = sym('_ZTVN2at18TensorAccessorBaseIfLj2ExEE');
      assert.equal(vt.size, 16);
      const sec = kernel.sections.find((s) => s.addr <= vt.value && vt.value + 16 <= s.addr + s.size && s.data.length)!;
      const dv = new DataView(sec.data.buffer, sec.data.byteOffset + vt.value - sec.addr, 16);
      const words = [0, 4, 8, 12].map((o) => dv.getUint32(o, true));
      assert.deepEqual(words, [
        0,
        sym('_ZTIN2at18TensorAccessorBaseIfLj2ExEE').value,
        sym('_ZN2at18TensorAccessorBaseIfLj2ExED1Ev').value,
        sym('_ZN2at18TensorAccessorBaseIfLj2ExED0Ev').value,
      ]);
    });

    it('describes the artificial _vptr member of the polymorphic accessor base, and only there', () => {
      const classes = readClasses(kernel);
      const base = classes.find((c) => c.name === 'at::TensorAccessorBase<float, 2, long long>' || c.name.startsWith('at::TensorAccessorBase<float, 2'));
      assert.ok(base, `classes: ${classes.map((c) => c.name).join(', ')}`);
      assert.equal(base.size, 40);
      const { type, ...vptr } = base.members[0];
      assert.deepEqual(vptr, { name: '_vptr.TensorAccessorBase', offset: 0, artificial: true });
      assert.match(type, / \* \*$/, 'a pointer to the table of function pointers');
      assert.deepEqual(base.members.slice(1).map((m) => [m.name, m.offset, m.artificial]), [['data_', 8, false], ['sizes_', 24, false], ['strides_', 28, false], ['coherency_enforcer_', 32, false]]);
      const derived = classes.find((c) => c.name.startsWith('at::TensorAccessor<float, 2'));
      assert.ok(derived && !derived.members.some((m) => m.artificial), 'the derived accessor shares its base vptr');
    });

    it("Debian's readelf reads the vptr member without complaint", function () {
      requireTool(this, 'xtensa-lx106-elf-readelf');
      const r = spawnSync(findTool('xtensa-lx106-elf-readelf')!, ['--debug-dump=info', elfPath], { encoding: 'utf8', maxBuffer: 1 << 28 });
      assert.equal(r.status, 0);
      assert.equal(r.stderr, '');
      const at = r.stdout.indexOf('_vptr.TensorAccessorBase');
      assert.ok(at > 0);
      assert.match(r.stdout.slice(at, at + 300), /DW_AT_artificial\s*: 1/);
    });
  });
});
