// Structured bindings (language/sema/bindings.ts): the hidden variable is an ordinary local (an object,
// or a reference to one) and each name is an lvalue naming one of its subobjects — nothing is copied.
// A name of a subobject of a local object is registered at the subobject's place in that object's slot;
// when the hidden variable is a reference, each name gets a slot holding the subobject's address (a
// reference, as the debugger shows it). An array bound by value is copied element by element.

import type { BindingName, StructuredBinding, VarDecl, WrittenInitialiser } from '../../language/model';
import { types } from '../../language';
import { offsetAddr, regAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { copyConstructMember } from './copies';
import { unsupported } from './errors';
import { lvalue } from './expressions';
import type { FnLower } from './function';
import { initializeLocal } from './local-variables';
import { baseOffset, needsDestruction } from './objects';
import { checkSupportedExpression } from './expression-guard';
import { classDeclOf } from './types';

/** The structured binding whose hidden variable is `v` (a range-based for's variable), if any. */
export function bindingOf(f: FnLower, v: VarDecl): StructuredBinding | undefined {
  return f.body.bindings?.find((b) => b.object === v);
}

/** `auto [a, b] = e;` (or `{e}`, `(e)`): initialises the hidden variable, then binds the names. */
export function bindingDeclaration(f: FnLower, binding: StructuredBinding, init: WrittenInitialiser | undefined): void {
  const object = binding.object;
  if (!init) unsupported(f.pos(binding.loc), 'a structured binding without an initialiser');
  const t = object.type;
  if (t.kind === 'array') copyArray(f, object, t, init);
  else initializeLocal(f, object, init);
  bindNames(f, binding);
}

/** `auto [a, b] = arr;`: the hidden array is a copy of the initialiser's, element by element. */
function copyArray(f: FnLower, object: VarDecl, t: types.Type & { kind: 'array' }, init: WrittenInitialiser): void {
  checkSupportedExpression(f, init.rejected);
  if (init.args.length !== 1) unsupported(f.pos(init.loc), 'a structured binding of an array is initialised by exactly one expression');
  const e = f.requireExpr(init.args[0], 'initialiser');
  const local = f.declareLocal(object, t);
  f.fullExpression(() => copyConstructMember(f, local.slot, lvalue(f, e), t, e.loc));
  const cls = classDeclOf(t.element);
  if (!cls || !needsDestruction(cls)) return;
  const size = f.L.sizeOf(t.element);
  for (let i = 0; i < (t.length ?? 0); i++) f.addCleanup({ addr: offsetAddr(local.slot, i * size), cls });
}

/** Registers each name of the binding as the place of its subobject in the (declared) hidden variable. */
export function bindNames(f: FnLower, binding: StructuredBinding): void {
  const local = f.locals.get(binding.object);
  if (!local) unsupported(f.pos(binding.loc), 'the object of this structured binding was not declared');
  const object = types.nonReference(binding.object.type);
  for (const n of binding.names) {
    if (n.decl.type.kind === 'error') unsupported(f.pos(n.decl.loc), `the type of '${n.decl.name}' could not be determined`);
    if (n.field?.bitWidth !== undefined) unsupported(f.pos(n.decl.loc), `'${n.decl.name}' names a bit-field: a structured binding to a bit-field is not supported`);
    const offset = subobjectOffset(f, object, n);
    const ref = n.decl.type.kind === 'reference';
    if (!local.indirect) {
      f.locals.set(n.decl, { slot: offsetAddr(local.slot, offset), type: n.decl.type, indirect: ref });
      debugName(f, n, binding, offset, ref);
      continue;
    }
    const at: Address = offsetAddr(regAddr(f.b.load('i32', local.slot, 'i32')), offset);
    const target = ref ? f.b.load('i32', at, 'i32') : f.b.addr(at);
    // a slot holding the subobject's address (the debugger shows a reference)
    const slot = f.declareLocal(n.decl, types.referenceTo(types.nonReference(n.decl.type))).slot;
    f.b.store('i32', target, slot);
  }
}

/** The debugger's view of a name bound to a subobject of a local object: at its offset in the object's slot. */
function debugName(f: FnLower, n: BindingName, binding: StructuredBinding, offset: number, ref: boolean): void {
  const at = f.locals.get(binding.object)?.slot;
  const hidden = at?.kind === 'slot' ? f.b.func.debugVars.find((d) => d.slot === at.slot && !d.offset && d.name === binding.object.name) : undefined;
  if (!at || at.kind !== 'slot' || !hidden || hidden.indirect) return;
  f.b.debugVar({ name: n.decl.name, type: n.decl.type, slot: at.slot, offset: at.offset + offset, isParam: false, indirect: ref, decl: f.pos(n.decl.loc), scope: hidden.scope });
}

/** Where a name's subobject lies in the hidden object: an element's, or a member's (through its base). */
function subobjectOffset(f: FnLower, object: types.Type, n: BindingName): number {
  if (n.index !== undefined && object.kind === 'array') return n.index * f.L.sizeOf(object.element);
  const cls = classDeclOf(object);
  if (!n.field || !cls) return unsupported(f.pos(n.decl.loc), `the subobject '${n.decl.name}' names is not known`);
  const owner = n.base ?? cls;
  return (owner === cls ? 0 : baseOffset(f, cls, owner)) + f.L.fieldOffset(owner, n.field.name);
}
