// language/sema/references.ts: the typed walk follows every field FIELD_ROLES lists as walked (a
// witness value per field, which must be reported), and over the example kernels' bodies it reaches
// every declaration that a walk through all of the model's plain data (written here, independently)
// reaches.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { memoryHost } from '../../language';
import { ClassDecl, type Decl, type FieldDecl, type FunctionDecl, type VarDecl } from '../../language/model/declarations';
import type { Expr } from '../../language/model/expressions';
import type { FunctionBody } from '../../language/model/bodies';
import { classType, ERROR } from '../../language/model/types';
import { FIELD_ROLES, ReferenceWalk, type ReferenceSink } from '../../language/sema/references';
import { sharedFrontend } from './grammar';

const KERNELS = path.join(__dirname, '..', '..', '..', 'examples', 'kernels');

/** A sink that records every declaration reported. */
function recorder(): ReferenceSink & { seen: Set<object> } {
  const seen = new Set<object>();
  const add = (d: object) => void seen.add(d);
  return { seen, function: add, variable: add, field: add, class: add };
}

/** A function, a variable, a field and a class out of a small analysed unit: the witnesses' targets. */
async function targets(): Promise<{ fn: FunctionDecl; v: VarDecl; field: FieldDecl; cls: ClassDecl }> {
  const fe = await sharedFrontend();
  const file = '/references/w.cpp';
  const a = fe.analyze(file, memoryHost({ [file]: 'struct C { int n; };\nint g;\nint f() { return g; }\n' }));
  assert.deepEqual(a.diagnostics.map((d) => d.message), []);
  const fn = a.model.functions.find((x) => x.name === 'f')!;
  const v = a.model.lookup('g')[0] as VarDecl;
  const cls = a.model.lookup('C')[0] as ClassDecl;
  assert.ok(cls instanceof ClassDecl && v.kind === 'var');
  return { fn, v, field: cls.fields[0], cls };
}

describe('language/sema/references (the typed walk of the model)', function () {
  this.timeout(120000);

  it('reports, for each field listed as walked, the declaration a witness value in that field names', async () => {
    const { fn, v, field, cls } = await targets();
    const loc = fn.loc;
    const e = (extra: Partial<Expr>): Expr => ({ kind: 'call', type: ERROR, cat: 'prvalue', loc, ...extra });
    const named = e({ callee: fn });
    const exprWitness: Record<string, [Partial<Expr>, object]> = {
      type: [{ type: classType(cls) }, cls],
      decl: [{ decl: field as Decl }, field],
      callee: [{ callee: fn }, fn],
      operands: [{ operands: [named] }, fn],
      overloads: [{ overloads: [fn] }, fn],
      templateArgs: [{ templateArgs: [{ kind: 'type', type: classType(cls) }] }, cls],
      object: [{ object: named }, fn],
      list: [{ list: [named] }, fn],
      declaredType: [{ declaredType: classType(cls) }, cls],
      implicit: [{ implicit: { to: ERROR, steps: ['user-defined'], user: fn } }, fn],
    };
    const walkedExprFields = Object.entries(FIELD_ROLES.expr).filter(([, r]) => r === 'walked').map(([k]) => k);
    assert.deepEqual(walkedExprFields.sort(), Object.keys(exprWitness).sort(), 'a witness for every walked field of Expr');
    for (const [fieldName, [extra, expected]] of Object.entries(exprWitness)) {
      const sink = recorder();
      new ReferenceWalk(sink).expr(e(extra));
      assert.ok(sink.seen.has(expected), `Expr.${fieldName} is walked`);
    }

    const empty: FunctionBody = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [], rangeFors: [] };
    const temp = { expr: e({}), type: ERROR, fullExpression: loc };
    const bodyWitness: Record<string, [Partial<FunctionBody>, object]> = {
      fn: [{}, fn],
      params: [{ params: [v] }, v],
      locals: [{ locals: [{ decl: v, start: loc, end: loc }] }, v],
      temporaries: [{ temporaries: [{ ...temp, type: classType(cls) }] }, cls],
      conversionTemporaries: [{ conversionTemporaries: [{ ...temp, extendedBy: v }] }, v],
      fullExpressions: [{ fullExpressions: [named] }, fn],
      rangeFors: [{ rangeFors: [{ loc, range: e({}), rangeRef: v, cursor: v, element: e({}) }] }, v],
      bindings: [{ bindings: [{ loc, object: v, names: [] }] }, v],
      memberInitialisers: [{ memberInitialisers: [{ name: 'n', args: [named], loc }] }, fn],
      statement: [{ statement: { kind: 'return', loc, value: { expr: e({ decl: field as Decl }), loc, form: 'call' } } }, field],
    };
    const walkedBodyFields = Object.entries(FIELD_ROLES.body).filter(([, r]) => r === 'walked').map(([k]) => k);
    assert.deepEqual(walkedBodyFields.sort(), Object.keys(bodyWitness).sort(), 'a witness for every walked field of FunctionBody');
    for (const [fieldName, [extra, expected]] of Object.entries(bodyWitness)) {
      const sink = recorder();
      new ReferenceWalk(sink).body({ ...empty, fn: fieldName === 'fn' ? fn : ({ ...fn } as FunctionDecl), ...extra });
      assert.ok(sink.seen.has(expected), `FunctionBody.${fieldName} is walked`);
    }

    const closureSink = recorder();
    new ReferenceWalk(closureSink).closure({ captures: [{ field, variable: v }], call: fn, thisByCopy: false });
    assert.deepEqual([field, v, fn].map((d) => closureSink.seen.has(d)), [true, true, true], 'a closure: capture field, captured variable, call operator');
  });

  for (const name of fs.readdirSync(KERNELS).filter((f) => f.endsWith('.cpp')).sort()) {
    it(`reaches from ${name}'s bodies all that a walk through the model's plain data reaches`, async () => {
      const fe = await sharedFrontend();
      const file = path.join(KERNELS, name);
      const a = fe.analyze(file, memoryHost({ [file]: fs.readFileSync(file, 'utf8') }));
      const unit = fe.handOver(a);
      const bodies: FunctionBody[] = [];
      const queued = new Set<FunctionDecl>();
      const queue = (f: FunctionDecl) => {
        if (queued.has(f) || !f.analysed) return;
        queued.add(f);
        bodies.push(f.analysed);
      };
      unit.roots.forEach(queue);
      let compared = 0;
      for (let i = 0; i < bodies.length; i++) {
        const typed = recorder();
        new ReferenceWalk(typed).body(bodies[i]);
        const plain = declarationsInPlainData(bodies[i]);
        const missed = [...plain].filter((d) => !typed.seen.has(d)).map((d) => (d as { qualifiedName?: string; name?: string }).qualifiedName ?? (d as { name?: string }).name);
        assert.deepEqual(missed, [], `the typed walk of ${bodies[i].fn.qualifiedName}'s body misses these`);
        compared += plain.size;
        plain.forEach((d) => (d as FunctionDecl).kind === 'function' && queue(d as FunctionDecl));
      }
      assert.ok(bodies.length >= 2 && compared >= 10, `compared ${compared} declarations over ${bodies.length} bodies`);
    });
  }
});

/**
 * The declarations (functions, variables, data members, classes) a value reaches through plain objects
 * and arrays, stopping at each declaration: the reflective oracle the typed walk is checked against.
 */
function declarationsInPlainData(root: unknown): Set<object> {
  const found = new Set<object>();
  const walked = new WeakSet<object>();
  const stack: unknown[] = [root];
  let first = true;
  while (stack.length) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || walked.has(v)) continue;
    walked.add(v);
    if (v instanceof ClassDecl) {
      found.add(v);
      continue;
    }
    if (!Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) continue;
    const d = v as { kind?: unknown; id?: unknown };
    if (!first && typeof d.id === 'number' && typeof d.kind === 'string') {
      if (d.kind === 'function' || d.kind === 'var' || d.kind === 'field') found.add(v);
      continue;
    }
    first = false;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push(x);
  }
  return found;
}
