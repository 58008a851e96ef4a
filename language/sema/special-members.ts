// The special member functions of a class as [class.default.ctor], [class.copy.ctor],
// [class.copy.assign] and [class.dtor] state them: which are implicitly declared, which (implicit or
// explicitly defaulted) are defined as deleted and why, and the g++-style text of a use of one.

import { newId, type Loc, type ClassDecl, type FieldDecl, type FunctionDecl, type SpecialKind } from '../model/declarations';
import { ignoredByOverloadResolution } from '../model/member-queries';
import { addConst, classType, referenceTo, typeToString, VOID, type Type } from '../model/types';

/** What kind of special member `d` is in `cls` (undefined for other functions). */
export function specialKindOf(d: FunctionDecl, cls: ClassDecl): SpecialKind | undefined {
  if (d.role === 'destructor') return 'dtor';
  if (d.role === 'constructor') {
    if (d.params.every((p) => p.defaultNode) && !d.variadic) return 'default-ctor';
    if (!d.params.slice(1).every((p) => p.defaultNode)) return undefined;
    const p = d.params[0].type;
    if (p.kind !== 'reference' || !isSelf(p.referee, cls)) return undefined;
    return p.rvalue ? 'move-ctor' : 'copy-ctor';
  }
  if (d.name === 'operator=' && d.params.length === 1 && !d.isStatic) {
    const p = d.params[0].type;
    if (p.kind === 'reference') return isSelf(p.referee, cls) ? (p.rvalue ? 'move-assign' : 'copy-assign') : undefined;
    return isSelf(p, cls) ? 'copy-assign' : undefined;
  }
  return undefined;
}

function isSelf(t: Type, cls: ClassDecl): boolean {
  return t.kind === 'class' && t.decl === cls;
}

/** The class of a member or base type (arrays: the element's), if it has one. */
function classOfMember(t: Type): ClassDecl | undefined {
  let u = t;
  while (u.kind === 'array') u = u.element;
  return u.kind === 'class' ? u.decl : undefined;
}

function isConstObject(t: Type): boolean {
  let u = t;
  while (u.kind === 'array') {
    if (u.const) return true;
    u = u.element;
  }
  return !!u.const;
}

function ctorName(c: ClassDecl): string {
  return c.templateInfo ? c.templateInfo.template.name : c.name;
}

function members(c: ClassDecl, name: string): FunctionDecl[] {
  return (c.scope.members.get(name) ?? []).filter((d): d is FunctionDecl => d.kind === 'function' && d.owner === c);
}


type Source = 'const-lvalue' | 'lvalue' | 'xvalue';

/**
 * The special member of `m` that copying, moving, assigning, default-constructing or destroying a
 * subobject selects: undefined when none is viable (or the choice is ambiguous).
 */
function select(m: ClassDecl, op: 'ctor' | 'assign' | 'default' | 'dtor', src: Source, constObject = false): FunctionDecl | undefined {
  if (!m.require()) return undefined;
  if (op === 'dtor') return members(m, `~${ctorName(m)}`)[0];
  if (op === 'default') {
    const c = members(m, ctorName(m)).filter((d) => d.role === 'constructor' && d.params.every((p) => p.defaultNode) && !d.variadic);
    return c.length === 1 ? c[0] : undefined;
  }
  const cands = op === 'ctor' ? members(m, ctorName(m)).filter((d) => d.role === 'constructor') : members(m, 'operator=');
  let best: FunctionDecl | undefined;
  let bestRank = 99;
  let tie = false;
  for (const d of cands) {
    const kind = specialKindOf(d, m);
    if (!kind || kind === 'default-ctor' || kind === 'dtor' || ignoredByOverloadResolution(d)) continue;
    if (op === 'assign' && constObject && !d.isConst) continue;
    const p = d.params[0].type;
    let rank: number | undefined;
    if (p.kind !== 'reference') rank = 2; // operator=(X): a copy
    else if (p.rvalue) rank = src === 'xvalue' ? (p.referee.const ? 1 : 0) : undefined;
    else if (p.referee.const) rank = src === 'xvalue' ? 2 : src === 'const-lvalue' ? 0 : 1;
    else rank = src === 'lvalue' ? 0 : undefined;
    if (rank === undefined) continue;
    if (rank < bestRank) {
      best = d;
      bestRank = rank;
      tie = false;
    } else if (rank === bestRank) tie = true;
  }
  return tie ? undefined : best;
}

/** Is `fn` of `m` usable from the special members of `user` (a base's private members are not; a member's must be public)? */
function accessible(fn: FunctionDecl, m: ClassDecl, asBase: boolean): boolean {
  if (m.hasFriends) return true;
  return asBase ? fn.access !== 'private' : fn.access === 'public';
}

function gxxType(t: Type): string {
  return typeToString(t).replace(/ ([*&]+)/g, '$1');
}

/** The function as g++ prints it in "use of deleted function '…'". */
export function gxxSignature(fn: FunctionDecl): string {
  const owner = fn.owner;
  const scope = owner ? `${owner.displayName()}::` : fn.qualifiedName.slice(0, Math.max(0, fn.qualifiedName.length - fn.name.length));
  const params = fn.params.map((p) => gxxType(p.type)).join(', ');
  const quals = `${fn.isConst ? ' const' : ''}${fn.refQualifier !== 'none' ? ` ${fn.refQualifier}` : ''}`;
  const ret = fn.role === 'constructor' || fn.role === 'destructor' || fn.role === 'conversion' ? '' : `${gxxType(fn.ret)} `;
  return `${ret}${scope}${fn.name}(${params})${quals}`;
}

interface Why { message: string; loc: Loc }

/** Why the default definition of `kind` in `cls` would be ill-formed (undefined: it is not). */
function whyDeleted(cls: ClassDecl, kind: SpecialKind, param: Type | undefined, hasInit: (f: FieldDecl) => boolean): Why | undefined {
  const at = (f: FieldDecl | undefined) => f?.loc ?? cls.loc;
  const subobjects: { cls: ClassDecl; field?: FieldDecl; type: Type }[] = [];
  if (cls.base) subobjects.push({ cls: cls.base, type: classType(cls.base) });
  for (const f of cls.fields) {
    const m = classOfMember(f.type);
    if (m && f.type.kind !== 'reference') subobjects.push({ cls: m, field: f, type: f.type });
  }
  const isUnion = cls.key === 'union';
  // the destructor of every subobject must be usable (also by the constructors)
  if (!isUnion) {
    for (const s of subobjects) {
      const d = select(s.cls, 'dtor', 'lvalue');
      if (d && (d.deleted || !accessible(d, s.cls, !s.field))) return { message: d.deleted ? `use of deleted function '${gxxSignature(d)}'` : `'${gxxSignature(d)}' is ${d.access} within this context`, loc: at(s.field) };
    }
  }
  if (isUnion && kind !== 'default-ctor') {
    for (const s of subobjects) {
      const m = s.cls;
      const nontrivial = (m.chain().some((c) => [...c.scope.members.values()].flat().some((d) => d.kind === 'function' && d.owner === c && !d.implicit && !d.defaulted && specialKindOf(d, c) === kind))) || m.polymorphic;
      if (nontrivial) return { message: `union member '${cls.displayName()}::${s.field?.name}' with non-trivial '${kind === 'dtor' ? `${ctorName(m)}::~${ctorName(m)}` : kind}'`, loc: at(s.field) };
    }
  }
  if (kind === 'dtor') return undefined;
  if (kind === 'default-ctor') {
    for (const f of cls.fields) {
      if (hasInit(f)) continue;
      if (f.type.kind === 'reference') return { message: `uninitialized reference member in '${cls.key} ${cls.displayName()}'`, loc: at(f) };
      const m = classOfMember(f.type);
      if (isConstObject(f.type) && !isUnion && (!m || !members(m, ctorName(m)).some((d) => d.role === 'constructor' && !d.implicit && !d.defaulted && d.params.every((p) => p.defaultNode)))) {
        return { message: `uninitialized const member in '${cls.key} ${cls.displayName()}'`, loc: at(f) };
      }
    }
    for (const s of subobjects) {
      if (s.field && hasInit(s.field)) continue;
      if (isUnion) continue;
      const d = select(s.cls, 'default', 'lvalue');
      if (!d) return { message: `no matching function for call to '${s.cls.displayName()}::${ctorName(s.cls)}()'`, loc: at(s.field) };
      if (d.deleted) return { message: `use of deleted function '${gxxSignature(d)}'`, loc: at(s.field) };
      if (!accessible(d, s.cls, !s.field)) return { message: `'${gxxSignature(d)}' is ${d.access} within this context`, loc: at(s.field) };
    }
    return undefined;
  }
  const move = kind === 'move-ctor' || kind === 'move-assign';
  const assign = kind === 'copy-assign' || kind === 'move-assign';
  const src: Source = move ? 'xvalue' : param && param.kind === 'reference' && !param.referee.const ? 'lvalue' : 'const-lvalue';
  for (const f of cls.fields) {
    if (f.type.kind === 'reference') {
      if (assign) return { message: `non-static reference member '${gxxType(f.type)} ${cls.displayName()}::${f.name}', cannot use default assignment operator`, loc: at(f) };
      if (f.type.rvalue && !move) return { message: `copying non-static data member '${gxxType(f.type)} ${cls.displayName()}::${f.name}' of rvalue reference type`, loc: at(f) };
      continue;
    }
    if (assign && isConstObject(f.type) && !classOfMember(f.type)) {
      return { message: `non-static const member '${gxxType(f.type)} ${cls.displayName()}::${f.name}', cannot use default assignment operator`, loc: at(f) };
    }
  }
  if (isUnion) return undefined;
  for (const s of subobjects) {
    const constObj = !!s.field && isConstObject(s.type);
    const srcHere: Source = constObj && src === 'lvalue' ? 'const-lvalue' : src;
    const d = select(s.cls, assign ? 'assign' : 'ctor', srcHere, assign && constObj);
    const what = assign ? `'operator='` : 'constructor';
    if (!d) return { message: `no matching ${what} to ${move ? 'move' : 'copy'} ${s.field ? `member '${s.field.name}'` : `base '${s.cls.displayName()}'`} of type '${s.cls.displayName()}'`, loc: at(s.field) };
    if (d.deleted) return { message: `use of deleted function '${gxxSignature(d)}'`, loc: at(s.field) };
    if (!accessible(d, s.cls, !s.field)) return { message: `'${gxxSignature(d)}' is ${d.access} within this context`, loc: at(s.field) };
  }
  return undefined;
}

/**
 * Declares the implicit special members `cls` lacks and decides which of them (and of its
 * explicitly defaulted ones) are defined as deleted. `hasInit` tells whether a field has a default
 * member initialiser.
 */
export function declareSpecialMembers(cls: ClassDecl, hasInit: (f: FieldDecl) => boolean): void {
  const name = ctorName(cls);
  const own = [...cls.scope.members.values()].flat().filter((d): d is FunctionDecl => d.kind === 'function' && d.owner === cls);
  for (const d of own) d.special ??= specialKindOf(d, cls);
  const user = (k: SpecialKind) => own.some((d) => d.special === k && !d.implicit);
  const anyCtor = [...(cls.scope.members.get(name) ?? [])].some((d) => (d.kind === 'function' && d.role === 'constructor') || d.kind === 'function-template');
  const loc = cls.loc;
  const self = classType(cls);
  const implicit = (n: string, role: FunctionDecl['role'], kind: SpecialKind, params: Type[], ret: Type, isVirtual = false): FunctionDecl => {
    const f: FunctionDecl = {
      kind: 'function', id: newId(), name: n, qualifiedName: `${cls.qualifiedName}::${n}`,
      params: params.map((t) => ({ name: '', type: t, loc })), ret, variadic: false, owner: cls, isConst: false,
      refQualifier: 'none', isStatic: false, isVirtual, deleted: false, explicit: false, role, access: 'public', implicit: true, loc, special: kind,
    };
    cls.scope.add(n, f);
    return f;
  };
  const userMove = user('move-ctor') || user('move-assign');
  const made: FunctionDecl[] = [];
  if (!anyCtor) made.push(implicit(name, 'constructor', 'default-ctor', [], VOID));
  // `const X&` unless a base or member can only be copied from a non-const lvalue
  const constParam = (op: 'ctor' | 'assign') => ![...(cls.base ? [cls.base] : []), ...cls.fields.filter((f) => f.type.kind !== 'reference').map((f) => classOfMember(f.type))].some((m) => m && m.require() && !select(m, op, 'const-lvalue') && select(m, op, 'lvalue'));
  const copyParam = (op: 'ctor' | 'assign') => referenceTo(constParam(op) ? addConst(self) : self);
  if (!user('copy-ctor')) {
    const f = implicit(name, 'constructor', 'copy-ctor', [copyParam('ctor')], VOID);
    if (userMove) {
      f.deleted = true;
      f.deletedWhy = { message: `'${gxxSignature(f)}' is implicitly declared as deleted because '${cls.displayName()}' declares a move constructor or move assignment operator`, loc };
    } else made.push(f);
  }
  const noCopyOrDtor = !user('copy-ctor') && !user('copy-assign') && !user('dtor');
  if (noCopyOrDtor && !user('move-ctor') && !user('move-assign')) made.push(implicit(name, 'constructor', 'move-ctor', [referenceTo(self, true)], VOID));
  if (!user('copy-assign')) {
    const f = implicit('operator=', 'operator', 'copy-assign', [copyParam('assign')], referenceTo(self));
    if (userMove) {
      f.deleted = true;
      f.deletedWhy = { message: `'${gxxSignature(f)}' is implicitly declared as deleted because '${cls.displayName()}' declares a move constructor or move assignment operator`, loc };
    } else made.push(f);
  }
  if (noCopyOrDtor && !user('move-ctor') && !user('move-assign')) made.push(implicit('operator=', 'operator', 'move-assign', [referenceTo(self, true)], referenceTo(self)));
  const dtorName = `~${name}`;
  if (!cls.scope.members.get(dtorName)) {
    const baseDtor = cls.base ? select(cls.base, 'dtor', 'lvalue') : undefined;
    made.push(implicit(dtorName, 'destructor', 'dtor', [], VOID, !!baseDtor?.isVirtual));
  }
  for (const d of own) if (d.defaulted && d.special && !d.deleted) made.push(d);
  for (const f of made) {
    const why = whyDeleted(cls, f.special!, f.params[0]?.type, hasInit);
    if (!why) continue;
    f.deleted = true;
    f.deletedWhy = { message: `'${gxxSignature(f)}' is implicitly deleted because the default definition would be ill-formed: ${why.message}`, loc: why.loc };
  }
}

/** A use of a deleted special member, as g++ words it, and the note saying why it is deleted. */
export function deletedUse(fn: FunctionDecl): { message: string; related: { loc: Loc; message: string }[] } {
  const message = `use of deleted function '${gxxSignature(fn)}'`;
  if (fn.deletedWhy) return { message, related: [{ loc: fn.deletedWhy.loc, message: fn.deletedWhy.message }] };
  return { message, related: [{ loc: fn.loc, message: 'declared here' }] };
}

export { compilerDefined, ignoredByOverloadResolution } from '../model/member-queries';
