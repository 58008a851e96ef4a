// The aliasing tags the lowering gives loads and stores of C++ lvalues (lower/access-tags.ts): a
// pointer or an integer, and the data member named (its class, offset and size); accesses of floats,
// bytes and the lowering's own accesses carry what they must and nothing more.

import { strict as assert } from 'node:assert';
import type { AccessTag, Func } from '../../compiler/ir/ir';
import { printInstr } from '../../compiler/opt/print';

const SOURCE = `
struct Counter { int readers; int writers; int count; float scale; };
struct Box { long long* sizes; int other; Counter& ref; };
union Bits { int i; float f; };
int walk(Box* b, Counter* c, int* p, Bits* u) {
  int s = 0;
  for (long long j = 0; j < b->sizes[1]; j++) {
    if (c->readers > 0) s++;
    c->count++;
    *p = 1;
    s += (int)c->scale + b->ref.writers + u->i;
  }
  return s;
}
`;

async function lowered(): Promise<Func> {
  const { sharedFrontend } = await import('../language/grammar');
  const { translateUnit } = await import('../../compiler/translate');
  const { runtimeLibrary } = await import('../../compiler/runtime/library');
  const { memoryHost } = await import('../../language');
  const fe = await sharedFrontend();
  const unit = translateUnit(fe, '/t/tags.cpp', memoryHost({ '/t/tags.cpp': SOURCE }), { runtime: runtimeLibrary(fe).functions, prefix: 'u' });
  assert.deepEqual(unit.diagnostics, []);
  return unit.module!.funcs.find((x) => x.symbol === '_Z4walkP3BoxP7CounterPiP4Bits')!;
}

/** The tags of the function's loads and stores through registers, by printed instruction (offset and memory type). */
function tags(f: Func): { text: string; tag?: AccessTag }[] {
  const out: { text: string; tag?: AccessTag }[] = [];
  for (const b of f.blocks) {
    for (const i of b.instrs) {
      if ((i.op === 'load' || i.op === 'store') && i.addr.kind === 'reg') out.push({ text: printInstr(i).replace(/v\d+/g, 'v'), tag: i.tag });
    }
  }
  return out;
}

describe('compiler: aliasing tags of C++ lvalues (lower/access-tags.ts)', function () {
  this.timeout(120_000);

  it('a pointer member, integer members of one class, an integer through a plain pointer; floats, references and unions carry no class member', async () => {
    const f = await lowered();
    const t = tags(f);
    const find = (re: RegExp) => t.filter((x) => re.test(x.text));
    const sizes = find(/^v = load\.i32 \[v\]$/).map((x) => x.tag).filter((x) => x?.kind === 'pointer');
    assert.ok(sizes.length >= 1, `b->sizes is loaded as a pointer member: ${JSON.stringify(t)}`);
    assert.equal(sizes[0]!.field?.offset, 0);
    assert.equal(sizes[0]!.field?.size, 4);
    const count = find(/\[v\+8\]/).filter((x) => x.tag?.field?.offset === 8);
    assert.ok(count.some((x) => x.text.startsWith('store')) && count.some((x) => x.text.startsWith('v = load')), 'c->count is read and written with its tag');
    for (const x of count) assert.equal(x.tag!.kind, 'integer');
    const readers = t.filter((x) => x.tag?.field?.offset === 0 && x.tag.kind === 'integer');
    assert.ok(readers.length >= 1, 'c->readers is an integer member at offset 0');
    assert.equal(readers[0].tag!.field!.owner, count[0].tag!.field!.owner, 'Counter is one class for both members');
    assert.notEqual(readers[0].tag!.field!.owner, sizes[0]!.field!.owner, 'Box is another class');
    const plain = find(/^store\.i32 \[v\], v$/).filter((x) => x.tag && !x.tag.field);
    assert.deepEqual(plain.map((x) => x.tag), [{ kind: 'integer' }], '*p = 1 is an integer store, no member');
    for (const x of find(/load\.f32/)) assert.equal(x.tag?.kind, undefined, 'a float member has no kind (its memory type says it)');
    const writers = t.filter((x) => x.tag?.field?.offset === 4);
    assert.ok(writers.length >= 1, 'b->ref.writers is a member of Counter read through the reference');
    const union = t.filter((x) => /load\.i32/.test(x.text) && x.tag?.kind === 'integer' && !x.tag.field);
    assert.ok(union.length >= 1, 'u->i is an integer with no member rule (a union)');
  });
});
