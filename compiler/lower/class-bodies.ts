// The parts of constructor and destructor bodies the compiler adds: base and member initialisation
// (mem-initialisers, constant default member initialisers, default construction) and the vptr before
// a constructor's body; member and base destruction after a destructor's body.

import { types } from '../../language';
import { Loc, type FieldDecl } from '../../language/sema/decls';
import { enclosingNamespaces, evaluateSyntax, nodeAt } from './constants';
import type { Expr } from '../../language/sema/expr';
import type { SyntaxNode as Node } from '../../language/parse/syntax-node';
import { offsetAddr, regAddr } from '../ir/builder';
import type { Address } from '../ir/ir';
import { setVptr } from './vtables';
import { baseOffset, construct, defaultInit, destroyMembers, initFromExpr, pickConstructor, valueInit } from './objects';
import { convertTo } from './conversions';
import { unsupported } from './errors';
import { addressOf } from './expressions';
import type { FnLower } from './function';
import { classDeclOf, memTypeOf, valueTypeOf, scalarBase } from './types';

// ---- constructor and destructor bodies -------------------------------------------------------------

/** Before a constructor's body: the base, then each member, from the initialiser list or by default. */
export function constructorPrologue(f: FnLower): void {
  const cls = f.fn.owner!;
  const self = regAddr(f.thisPointer(f.fn.loc));
  const inits = memberInitialisers(f);
  const baseName = cls.base ? (cls.base.templateInfo ? cls.base.templateInfo.template.name : cls.base.name) : undefined;
  if (cls.base) {
    const init = inits.find((i) => i.name === baseName || i.name.startsWith(`${baseName}<`) || i.name.endsWith(`::${baseName}`));
    const baseAddr = offsetAddr(regAddr(f.thisPointer(f.fn.loc)), baseOffset(f, cls, cls.base));
    f.fullExpression(() => {
      if (init) construct(f, baseAddr, cls.base!, pickConstructor(cls.base!, init.args, init.loc), init.args, init.loc);
      else defaultInit(f, baseAddr, types.classType(cls.base!), f.fn.loc);
    });
  }
  setVptr(f, self, cls);
  for (const fd of cls.fields) {
    const init = inits.find((i) => i.name === fd.name);
    const at = offsetAddr(regAddr(f.thisPointer(f.fn.loc)), f.L.fieldOffset(cls, fd.name));
    if (!init) {
      if (defaultMemberInit(f, at, fd)) continue;
      if (fd.type.kind === 'reference') unsupported(fd.loc, 'internal: reference member without an initialiser');
      defaultInit(f, at, fd.type, f.fn.loc);
      continue;
    }
    f.b.stmt(f.pos(init.loc));
    f.fullExpression(() => {
      const cls2 = classDeclOf(fd.type);
      if (cls2 && fd.type.kind !== 'reference' && !(init.args.length === 1 && (init.args[0].list || classDeclOf(init.args[0].type) === cls2))) {
        construct(f, at, cls2, pickConstructor(cls2, init.args, init.loc), init.args, init.loc);
      } else if (init.args.length === 1) initFromExpr(f, at, fd.type, init.args[0]);
      else if (init.args.length === 0) valueInit(f, at, fd.type, init.loc);
      else unsupported(init.loc, 'a member initialiser with several values for a non-class member');
    });
  }
}

interface MemberInit {
  readonly name: string;
  readonly args: Expr[];
  readonly loc: Loc;
}

/** The constructor's mem-initialisers with their analysed arguments. */
function memberInitialisers(f: FnLower): MemberInit[] {
  const list = f.fn.body?.initNode;
  if (!list) return [];
  const out: MemberInit[] = [];
  for (const init of list.namedChildren) {
    if (init.type !== 'field_initializer') continue;
    const nameNode = init.namedChild(0);
    const argsNode = init.namedChildren[init.namedChildCount - 1];
    if (!nameNode || !argsNode) continue;
    const argNodes: Node[] = argsNode.type === 'initializer_list' ? [argsNode] : argsNode.namedChildren.filter((c) => c.type !== 'comment');
    const args = argNodes.map((n) => f.requireExpr(n, 'member initialiser'));
    out.push({ name: nameNode.text, args, loc: new Loc(f.fn.body!.unit, init.startIndex, init.endIndex) });
  }
  return out;
}

/** After a destructor's body: members in reverse order, then the base. */
export function destructorEpilogue(f: FnLower): void {
  const cls = f.fn.owner!;
  destroyMembers(f, regAddr(f.thisPointer(f.fn.loc)), cls);
}

/** Bit-fields are not laid out by the model (each takes a whole unit): refuse rather than mis-compile. */
export function rejectBitField(fd: FieldDecl): void {
  let n = nodeAt(fd.loc.unit.root, fd.loc.start, fd.loc.end);
  while (n && n.type !== 'field_declaration') n = n.parent ?? undefined;
  if (n?.children.some((c) => c.type === 'bitfield_clause')) unsupported(fd.loc, 'bit-fields are not supported yet');
}

/**
 * A default member initialiser (`int x = 1;`, `float y{0.5f};`) when the member has one: only constants
 * for now (the model keeps no expression for it). Returns whether the member was initialised.
 */
export function defaultMemberInit(f: FnLower, addr: Address, fd: FieldDecl): boolean {
  let n = nodeAt(fd.loc.unit.root, fd.loc.start, fd.loc.end);
  while (n && n.type !== 'field_declaration') n = n.parent ?? undefined;
  let init = n?.childForFieldName('default_value');
  if (!init) return false;
  if (init.type === 'initializer_list') {
    const items = init.namedChildren.filter((c) => c.type !== 'comment');
    if (items.length > 1) unsupported(fd.loc, 'default member initialisers with several values are not supported yet');
    if (!items.length) {
      f.b.emit({ op: 'memzero', dst: addr, size: f.L.sizeOf(fd.type), align: f.L.alignOf(fd.type) });
      return true;
    }
    init = items[0];
  }
  const vt = valueTypeOf(fd.type);
  const k = evaluateSyntax({ model: f.m.model, namespaces: enclosingNamespaces(fd.owner.qualifiedName + '::x') }, init);
  if (!vt || fd.type.kind === 'reference' || k === undefined) unsupported(fd.loc, 'default member initialisers other than constants are not supported yet');
  const isFloatValue = typeof k === 'number' && !Number.isInteger(k);
  const v = isFloatValue
    ? convertTo(f, f.b.const('f64', k), types.DOUBLE, fd.type, fd.loc)
    : convertTo(f, f.b.const('i64', BigInt(k)), types.LONGLONG, fd.type, fd.loc);
  f.b.store(memTypeOf(fd.type), v, addr);
  return true;
}

export { addressOf, scalarBase };
