// -O2 loop passes on hand-built IR (IR in → IR out): dominators and natural loops, loop rotation,
// loop-invariant code motion with its memory rules (alias.ts), copy coalescing, loop unswitching.

import { strict as assert } from 'node:assert';
import { FunctionBuilder, regAddr, slotAddr } from '../../compiler/ir/builder';
import type { AccessTag, Block, Func } from '../../compiler/ir/ir';
import { mayAlias } from '../../compiler/opt/alias';
import { coalesceCopies } from '../../compiler/opt/coalesce';
import { hoistInvariants } from '../../compiler/opt/licm';
import { dominators, naturalLoops } from '../../compiler/opt/loops';
import { printFunc, printInstr } from '../../compiler/opt/print';
import { rotateLoops } from '../../compiler/opt/rotate';
import { unswitchLoops } from '../../compiler/opt/unswitch';
import { NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';
import { countedLoop } from './ir-loops';

const POS = { file: '/t/a.cpp', line: 1, column: 1 };

/** The blocks of `f` that hold an instruction printed as `text`. */
function blocksOf(f: Func, text: string): number[] {
  return f.blocks.filter((b) => b.instrs.some((i) => printInstr(i) === text)).map((b) => b.id);
}

describe('compiler -O2 loop passes (IR in → IR out)', () => {
  it('loops.ts: dominators and the natural loops of nested loops, innermost first', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    let inner: Block | undefined;
    const outer = countedLoop(b, n, () => {
      inner = countedLoop(b, n, () => undefined).head;
    });
    b.terminate({ op: 'ret' });
    const dom = dominators(b.func);
    const loops = naturalLoops(b.func, dom);
    assert.deepEqual(loops.map((l) => l.header.id), [inner!.id, outer.head.id]);
    assert.ok(loops[0].blocks.size < loops[1].blocks.size);
    assert.ok([...loops[0].blocks].every((x) => loops[1].blocks.has(x)), 'the inner loop is inside the outer one');
    assert.ok(dom.dominates(outer.head, inner!) && !dom.dominates(inner!, outer.head));
    assert.ok(!loops[1].blocks.has(outer.exit));
  });

  it('loops.ts: the analyses are reused while the control flow is unchanged, and made again after any change to it', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const { head, loop, exit } = countedLoop(b, n, () => b.store('i32', n, regAddr(p)));
    b.terminate({ op: 'ret' });
    const f = b.func;
    const dom = dominators(f);
    const loops = naturalLoops(f, dom);
    // an instruction changed: the same analyses (neither reads instructions)
    loop.instrs.push(...loop.instrs.splice(0, 1));
    assert.equal(dominators(f), dom);
    const again = naturalLoops(f, dom);
    assert.notEqual(again, loops, 'a new array each time');
    assert.deepEqual(again, loops);
    // a branch target changed: the loop's back edge now goes to the exit, so there is no loop
    const back = loop.term!;
    loop.term = { op: 'jump', target: exit };
    const noLoop = dominators(f);
    assert.notEqual(noLoop, dom);
    assert.deepEqual(naturalLoops(f, noLoop), []);
    assert.ok(noLoop.dominates(head, exit));
    // put back: a loop again (a new analysis equal to the first)
    loop.term = back;
    assert.deepEqual(naturalLoops(f).map((l) => [l.header.id, [...l.blocks].map((x) => x.id).sort()]), [[head.id, [head.id, loop.id].sort()]]);
    // a block inserted before the header (a preheader, as licm.ts makes one) joins the analysis
    const entry = f.blocks[0];
    const pre: Block = { id: 99, instrs: [], term: { op: 'jump', target: head } };
    f.blocks.splice(f.blocks.indexOf(head), 0, pre);
    assert.equal(entry.term?.op, 'jump');
    if (entry.term?.op === 'jump') entry.term = { ...entry.term, target: pre };
    const withPre = dominators(f);
    assert.ok(withPre.order.includes(pre) && withPre.dominates(pre, loop) && !withPre.dominates(loop, pre));
    // the preheader jumps past the loop: the loop's blocks are unreachable
    pre.term = { op: 'jump', target: exit };
    assert.ok(!dominators(f).order.includes(loop) && !dominators(f).order.includes(head));
  });

  it('rotate.ts: a top-tested loop becomes a guard, a preheader and a bottom test', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const { head, loop, exit } = countedLoop(b, n, () => b.store('i32', n, regAddr(p)));
    b.terminate({ op: 'ret' });
    assert.equal(rotateLoops(b.func), 1);
    const text = printFunc(b.func);
    // entry → guard (the test copied) → preheader → body … → the test at the bottom → body or exit
    const order = b.func.blocks.map((x) => x.id);
    assert.equal(order.indexOf(head.id), order.indexOf(exit.id) - 1, `the test moved after the body:\n${text}`);
    const guard = b.func.blocks[1];
    assert.equal(guard.instrs.length, head.instrs.length);
    assert.equal(guard.term?.op, 'branch');
    const pre = b.func.blocks[2];
    assert.deepEqual([pre.instrs.length, pre.term?.op === 'jump' && pre.term.target], [0, loop]);
    assert.ok(head.term?.op === 'branch' && head.term.then === loop && head.term.else === exit);
    // the body's first block now runs before any exit
    const loops = naturalLoops(b.func);
    assert.equal(loops[0].header, loop);
    assert.equal(rotateLoops(b.func), 0, 'a bottom-tested loop stays');
  });

  it('licm.ts: invariant arithmetic, conversions and loads move out; what the loop writes stays', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    const d = b.addParam('f64');
    countedLoop(b, n, () => {
      const f = b.conv('f64>f32', d, 'f32');
      const w = b.call(NEURON_TRANSLATE_SYMBOL, [q, b.conv('i32>i64u', n, 'i64')], 'i32')!;
      b.store('f32', f, regAddr(w));
      const counter = b.load('i32', regAddr(p, 12), 'i32');
      b.store('i32', b.bin('add', counter, b.const('i32', 1)), regAddr(p, 12));
      b.store('i32', b.load('i32', regAddr(p, 16), 'i32'), regAddr(w, 4));
      b.store('i64', b.load('i64', regAddr(q), 'i64'), regAddr(w, 8));
      b.store('u8', b.load('u8', regAddr(q, 4), 'i32'), regAddr(w, 16));
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    const before = printFunc(b.func);
    assert.ok(hoistInvariants(b.func) > 0);
    const loop = naturalLoops(b.func)[0];
    const inLoop = (text: string) => {
      const at = blocksOf(b.func, text);
      assert.equal(at.length, 1, `${text} once in:\n${printFunc(b.func)}`);
      return loop.blocks.has(b.func.blocks.find((x) => x.id === at[0])!);
    };
    const ids = before.match(/v(\d+) = (load|conv)[^\n]*/g)!;
    const byText = (re: RegExp) => ids.find((l) => re.test(l))!;
    assert.ok(!inLoop(byText(/conv\.f64>f32/)), 'the double→float conversion of a parameter moves');
    assert.ok(!inLoop(byText(/conv\.i32>i64u/)), 'the address conversion moves');
    assert.ok(inLoop(byText(/load\.i32 \[v1\+12\]/)), 'the counter the loop increments stays');
    assert.ok(!inLoop(byText(/load\.i32 \[v1\+16\]/)), 'a field next to it (same base, other bytes) moves');
    assert.ok(!inLoop(byText(/load\.i64 \[v2\]/)), 'a 64-bit integer through another pointer moves (type rule: the loop writes 32-bit integers)');
    assert.ok(inLoop(byText(/load\.u8 \[v2\+4\]/)), 'a byte load may read anything the loop writes: stays');
  });

  it('licm.ts: a call of unknown effect keeps pointer loads; a loop without calls keeps them too (it may be polling)', () => {
    for (const withCall of [true, false]) {
      const b = new FunctionBuilder('f', 'f', POS, true);
      const n = b.addParam('i32');
      const q = b.addParam('i32');
      const s = b.slot(4, 4, 's');
      b.store('i32', n, slotAddr(s));
      const sum = b.vreg('i64');
      b.copy(sum, b.const('i64', 0n));
      countedLoop(b, n, () => {
        if (withCall) b.call('external', []);
        b.copy(sum, b.bin('add', sum, b.load('i64', regAddr(q), 'i64')));
        b.copy(sum, b.bin('add', sum, b.conv('i32>i64s', b.load('i32', slotAddr(s), 'i32'), 'i64')));
      });
      b.terminate({ op: 'ret' });
      rotateLoops(b.func);
      hoistInvariants(b.func);
      const loop = naturalLoops(b.func)[0];
      const loopText = [...loop.blocks].flatMap((x) => x.instrs.map(printInstr)).join('\n');
      assert.match(loopText, /load\.i64 \[v1\]/, `withCall ${withCall}: the pointer load stays`);
      assert.doesNotMatch(loopText, /load\.i32 \[%s\]/, `withCall ${withCall}: a slot whose address is never taken moves`);
    }
  });

  it('alias.ts: slots, symbols, one base and the type rule', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    const s = b.slot(8, 4, 's');
    const t = b.slot(8, 4, 't');
    const none = new Set<never>();
    assert.equal(mayAlias({ addr: slotAddr(s), size: 4, mem: 'i32' }, { addr: slotAddr(s, 4), size: 4, mem: 'i32' }, none), false);
    assert.equal(mayAlias({ addr: slotAddr(s), size: 8, mem: 'i64' }, { addr: slotAddr(s, 4), size: 4, mem: 'f32' }, none), true);
    assert.equal(mayAlias({ addr: slotAddr(s), size: 4, mem: 'i32' }, { addr: slotAddr(t), size: 4, mem: 'i32' }, none), false);
    assert.equal(mayAlias({ addr: slotAddr(s), size: 4, mem: 'i32' }, { addr: regAddr(p), size: 4, mem: 'i32' }, none), false, 'a slot whose address is not taken');
    assert.equal(mayAlias({ addr: slotAddr(s), size: 4, mem: 'i32' }, { addr: regAddr(p), size: 4, mem: 'f32' }, new Set([s])), true, 'a slot whose address is taken: no type rule');
    assert.equal(mayAlias({ addr: regAddr(p), size: 4, mem: 'i32' }, { addr: regAddr(p, 4), size: 4, mem: 'i32' }, none), false);
    assert.equal(mayAlias({ addr: regAddr(p), size: 4, mem: 'i32' }, { addr: regAddr(q), size: 4, mem: 'i32' }, none), true);
    assert.equal(mayAlias({ addr: regAddr(p), size: 4, mem: 'i32' }, { addr: regAddr(q), size: 8, mem: 'i64' }, none), false);
    assert.equal(mayAlias({ addr: regAddr(p), size: 4, mem: 'f32' }, { addr: regAddr(q), size: 1, mem: 'u8' }, none), true);
    assert.equal(mayAlias({ addr: regAddr(p), size: 4, mem: 'f32' }, { addr: regAddr(q), size: 16 }, none), true, 'a block copy');
  });

  it('alias.ts: the tags of C++ lvalues (a pointer is never an integer; members of one class at disjoint bytes never overlap)', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const p = b.addParam('i32');
    const q = b.addParam('i32');
    const none = new Set<never>();
    const at = (base: typeof p, offset: number, tag?: AccessTag) => ({ addr: regAddr(base, offset), size: 4, mem: 'i32' as const, tag });
    const field = (owner: number, offset: number) => ({ owner, offset, size: 4 });
    assert.equal(mayAlias(at(p, 0, { kind: 'pointer' }), at(q, 8, { kind: 'integer' }), none), false, 'a pointer and an integer');
    assert.equal(mayAlias(at(p, 0, { kind: 'pointer' }), at(q, 8, { kind: 'pointer' }), none), true, 'two pointers');
    assert.equal(mayAlias(at(p, 0, { kind: 'pointer' }), at(q, 8), none), true, 'an access without a tag may be a pointer');
    assert.equal(mayAlias(at(p, 0, { kind: 'integer', field: field(1, 0) }), at(q, 8, { kind: 'integer', field: field(1, 8) }), none), false, 'two members of one class at other bytes');
    assert.equal(mayAlias(at(p, 0, { kind: 'integer', field: field(1, 8) }), at(q, 8, { kind: 'integer', field: field(1, 8) }), none), true, 'the same member of two objects');
    assert.equal(mayAlias(at(p, 0, { kind: 'integer', field: field(1, 0) }), at(q, 8, { kind: 'integer', field: field(2, 8) }), none), true, 'members of two classes');
    assert.equal(mayAlias(at(p, 0, { field: field(1, 0) }), at(q, 8, { kind: 'integer' }), none), true, 'a member and an integer reached otherwise');
  });

  it('licm.ts: a pointer member loaded in a loop that writes integer members of another class moves (the loop bound of the accessor kernels)', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const t = b.addParam('i32');
    const e = b.addParam('i32');
    countedLoop(b, n, () => {
      const w = b.call(NEURON_TRANSLATE_SYMBOL, [e, b.conv('i32>i64u', n, 'i64')], 'i32')!;
      const counter = b.load('i32', regAddr(e, 8), 'i32', { kind: 'integer', field: { owner: 1, offset: 8, size: 4 } });
      b.store('i32', b.bin('add', counter, b.const('i32', 1)), regAddr(e, 8), { kind: 'integer', field: { owner: 1, offset: 8, size: 4 } });
      const impl = b.load('i32', regAddr(t), 'i32', { kind: 'pointer', field: { owner: 2, offset: 0, size: 4 } });
      b.store('i64', b.load('i64', regAddr(impl, 8), 'i64'), regAddr(w));
      b.store('i32', b.load('i32', regAddr(e), 'i32', { kind: 'integer', field: { owner: 1, offset: 0, size: 4 } }), regAddr(w, 8));
      b.store('i32', b.load('i32', regAddr(t, 4), 'i32', { kind: 'integer', field: { owner: 2, offset: 4, size: 4 } }), regAddr(w, 12));
      b.store('i32', b.load('i32', regAddr(t, 8), 'i32'), regAddr(w, 16));
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    hoistInvariants(b.func);
    const loop = naturalLoops(b.func)[0];
    const loopText = [...loop.blocks].flatMap((x) => x.instrs.map(printInstr)).join('\n');
    assert.doesNotMatch(loopText, /load\.i32 \[v1\]/, `the pointer member moves:\n${printFunc(b.func)}`);
    assert.doesNotMatch(loopText, /load\.i64 \[v\d+\+8\]/, 'and the 64-bit size loaded through it');
    assert.doesNotMatch(loopText, /load\.i32 \[v2\]/, 'another member of the counter\'s class moves');
    assert.match(loopText, /load\.i32 \[v2\+8\]/, 'the counter stays');
    assert.match(loopText, /load\.i32 \[v1\+4\]/, 'an integer member of another class stays (the counter may be it)');
    assert.match(loopText, /load\.i32 \[v1\+8\]/, 'an access without a tag stays');
  });
});

describe('compiler -O2 copy coalescing (IR in → IR out)', () => {
  it('coalesce.ts: `t = i + 1; i = t; … t …` becomes `i = i + 1; … i …`; a temporary read after i changes again stays', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i64');
    const i = b.vreg('i64');
    b.copy(i, n);
    const t = b.bin('add', i, b.const('i64', 1n));
    b.copy(i, t);
    const c = b.cmp('lt', t, n);
    const u = b.bin('add', i, n);
    b.copy(i, u);
    b.copy(i, b.bin('add', u, u));
    b.terminate({ op: 'ret', value: b.bin('add', u, i) });
    assert.equal(c.type, 'i32');
    assert.equal(coalesceCopies(b.func), 2);
    assert.deepEqual(printFunc(b.func).split('\n').slice(2).map((l) => l.trim()), [
      'v1 = v0', 'v2 = const 1', 'v1 = add v1, v2', 'v4 = cmp.lt v1, v0',
      'v5 = add v1, v0', 'v1 = v5', 'v1 = add v5, v5', 'v7 = add v5, v1', 'ret v7',
    ]);
  });
});

describe('compiler -O2 loop unswitching (IR in → IR out)', () => {
  it('unswitch.ts: a loop with lexical scopes is unswitched only on a branch one way of which reports a fault; the loop keeps the other way and its scopes, the copy reports without them (and without their variables)', () => {
    const build = (report: boolean) => {
      const b = new FunctionBuilder('f', 'f', POS, true);
      const n = b.addParam('i32');
      const p = b.addParam('i32');
      const busy = b.cmp('gt', b.addParam('i32'), b.const('i32', 0));
      const x = b.vreg('i32');
      b.debugVar({ name: 'x', type: undefined, slot: b.slot(4, 4, 'x'), isParam: false, indirect: false, decl: POS, scope: 7, vreg: x });
      countedLoop(b, n, () => {
        const conflict = b.newBlock();
        const next = b.newBlock();
        b.marker({ op: 'scope', id: 7, begin: true });
        b.branch(busy, conflict, next);
        b.place(conflict);
        b.call(report ? 'neuron_coherency_violation' : 'external', [p]);
        b.jump(next);
        b.place(next);
        // `int x = *p;` of the loop's scope, read through its source
        const t = b.load('i32', regAddr(p), 'i32');
        b.copy(x, t);
        b.store('i32', t, regAddr(p));
        b.marker({ op: 'scope', id: 7, begin: false });
      });
      b.terminate({ op: 'ret' });
      rotateLoops(b.func);
      return { f: b.func, busy, x, unswitched: unswitchLoops(b.func) };
    };
    assert.equal(build(false).unswitched, 0, 'a branch to an ordinary call: the scoped loop stays');
    const { f, busy, x, unswitched } = build(true);
    assert.equal(unswitched, 1, printFunc(f, true));
    const loops = naturalLoops(f);
    assert.equal(loops.length, 2, printFunc(f, true));
    const calls = (l: (typeof loops)[number]) => [...l.blocks].flatMap((x) => x.instrs.filter((i) => i.op === 'call'));
    const scopes = (l: (typeof loops)[number]) => [...l.blocks].flatMap((x) => x.instrs.filter((i) => i.op === 'scope'));
    const reporting = loops.find((l) => calls(l).length === 1)!;
    const quiet = loops.find((l) => calls(l).length === 0)!;
    assert.ok(reporting && quiet, `one copy reports on every iteration, the other never:\n${printFunc(f, true)}`);
    assert.equal(scopes(quiet).length, 2, 'the quiet loop keeps its scope marks');
    assert.equal(scopes(reporting).length, 0, 'the reporting copy has none');
    const writesX = (l: (typeof loops)[number]) => [...l.blocks].some((y) => y.instrs.some((i) => i.op === 'copy' && i.dst === x));
    assert.ok(writesX(quiet) && !writesX(reporting), `the scope's variable x is written in the quiet loop only:\n${printFunc(f, true)}`);
    const entering = f.blocks.filter((x) => x.term?.op === 'branch' && x.term.cond === busy);
    assert.equal(entering.length, 1, 'the preheader branches once');
    const t = entering[0].term as Extract<typeof entering[0]['term'], { op: 'branch' }>;
    assert.ok(reporting.blocks.has(t.then) && quiet.blocks.has(t.else), 'the condition true goes to the reporting copy');
  });

  it('unswitch.ts: a branch on a condition the loop does not write moves before the loop, one copy of the loop per side', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const kind = b.addParam('i32');
    const isByte = b.cmp('eq', kind, b.const('i32', 0));
    countedLoop(b, n, () => {
      const bytes = b.newBlock();
      const words = b.newBlock();
      const next = b.newBlock();
      b.branch(isByte, bytes, words);
      b.place(bytes);
      b.store('u8', n, regAddr(p));
      b.jump(next);
      b.place(words);
      b.store('i32', n, regAddr(p));
      b.jump(next);
      b.place(next);
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    assert.equal(unswitchLoops(b.func), 1);
    const loops = naturalLoops(b.func);
    assert.equal(loops.length, 2, printFunc(b.func));
    const stores = loops.map((l) => [...l.blocks].flatMap((x) => x.instrs.filter((i) => i.op === 'store').map(printInstr)));
    assert.deepEqual(stores.map((s) => s.length), [1, 1], 'each copy keeps one arm');
    assert.notDeepEqual(stores[0], stores[1]);
    for (const l of loops) for (const x of l.blocks) assert.ok(!(x.term?.op === 'branch' && x.term.cond === isByte), 'no branch on the condition inside a loop');
    const entering = b.func.blocks.filter((x) => x.term?.op === 'branch' && x.term.cond === isByte);
    assert.equal(entering.length, 1, 'the preheader branches once');
  });
  it('unswitch.ts: conditions with a fault-reporting way (an accessor kernel with sanitizers): one copy per condition, the quiet loop free of all of them, the copies left alone', () => {
    // `if (i < 0) report; …; if (busy) report; …; if (i < 0) report` in one loop: the scale kernel's
    // index test (twice: two accessors) and conflict test
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const negative = b.cmp('lt', b.addParam('i32'), b.const('i32', 0));
    const busy = b.cmp('gt', b.addParam('i32'), b.const('i32', 0));
    const checked = (cond: typeof busy, report: string) => {
      const bad = b.newBlock();
      const next = b.newBlock();
      b.branch(cond, bad, next);
      b.place(bad);
      b.call(report, [p]);
      b.jump(next);
      b.place(next);
    };
    countedLoop(b, n, () => {
      checked(negative, '__q7_index_out_of_bounds');
      checked(busy, 'neuron_coherency_violation');
      b.store('i32', n, regAddr(p));
      checked(negative, '__q7_index_out_of_bounds');
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    const text = () => printFunc(b.func);
    assert.equal(unswitchLoops(b.func), 2, text());
    const loops = naturalLoops(b.func);
    assert.equal(loops.length, 3, `the quiet loop and one copy per condition, not one per combination:\n${text()}`);
    const reads = (l: (typeof loops)[number]) => [...l.blocks].flatMap((x) => (x.term?.op === 'branch' && (x.term.cond === negative || x.term.cond === busy) ? [x.term.cond] : []));
    const calls = (l: (typeof loops)[number]) => [...l.blocks].flatMap((x) => x.instrs.filter((i) => i.op === 'call'));
    const quiet = loops.filter((l) => calls(l).length === 0);
    assert.equal(quiet.length, 1, text());
    assert.deepEqual(reads(quiet[0]), [], 'the quiet loop tests neither condition');
    assert.deepEqual(loops.map((l) => calls(l).length).sort(), [0, 1, 3], `the conflict copy reports once, the index copy twice and still tests the conflict:\n${text()}`);
    const entering = b.func.blocks.filter((x) => x.term?.op === 'branch' && (x.term.cond === negative || x.term.cond === busy) && !loops.some((l) => l.blocks.has(x)));
    assert.equal(entering.length, 2, 'one branch before the loops per condition');
  });

  it('unswitch.ts: conditions neither way of which reports (the fill loop\'s dtype switch) are unswitched in every copy', () => {
    const b = new FunctionBuilder('f', 'f', POS, true);
    const n = b.addParam('i32');
    const p = b.addParam('i32');
    const kind = b.addParam('i32');
    const isByte = b.cmp('eq', kind, b.const('i32', 0));
    const isHalf = b.cmp('eq', kind, b.const('i32', 1));
    countedLoop(b, n, () => {
      const [bytes, wider, halves, words, next] = [b.newBlock(), b.newBlock(), b.newBlock(), b.newBlock(), b.newBlock()];
      b.branch(isByte, bytes, wider);
      b.place(bytes);
      b.store('u8', n, regAddr(p));
      b.jump(next);
      b.place(wider);
      b.branch(isHalf, halves, words);
      b.place(halves);
      b.store('u16', n, regAddr(p));
      b.jump(next);
      b.place(words);
      b.store('i32', n, regAddr(p));
      b.jump(next);
      b.place(next);
    });
    b.terminate({ op: 'ret' });
    rotateLoops(b.func);
    assert.equal(unswitchLoops(b.func), 2);
    const loops = naturalLoops(b.func);
    const stores = loops.map((l) => [...l.blocks].flatMap((x) => x.instrs.filter((i) => i.op === 'store').map((i) => i.op === 'store' && i.mem)));
    assert.deepEqual(stores.map((s) => s.join()).sort(), ['i32', 'u16', 'u8'], `one loop per dtype:\n${printFunc(b.func)}`);
  });
});
