// Lowering of one function: its state (the IR builder, where each local lives, the scopes with the
// objects to destroy when they close, the targets of break/continue, the temporaries of the
// full-expression being lowered) and the driver that sets up parameters, lowers the body, and
// returns. Statements and expressions are in their own files and work on this state.
//
// The passes recurse into each other (an expression holds a call, a call builds an object, an object's
// constructor lowers expressions): a pass calls one built on top of it through `passes`, the table
// below, which pass-table.ts fills once when the module driver (module.ts) loads. So every pass file
// depends on this one and on the passes beneath it, never on one above it.

import { types } from '../../language';
import { Loc, type ClassDecl, type FieldDecl, type FunctionDecl, type VarDecl, type Expr, type FullExpr, type FunctionBody, type Type } from '../../language/model';
import { FunctionBuilder, offsetAddr, regAddr, slotAddr } from '../ir/builder';
import type { Address, Block, Func, SourcePos, VReg } from '../ir/ir';
import { captureField, isClosure, sameLoc } from './closure-fields';
import { posOf, unsupported } from './errors';
import type { ModuleLowering } from './module-lowering';
import { classDeclOf, isClassType, isVoidType, valueTypeOf, type Layouts } from './types';

/** The passes a pass beneath them calls back (filled by pass-table.ts; see the header). */
export interface LoweringPasses {
  /** The value of an expression (objects.ts… expressions.ts). */
  rvalue(f: FnLower, e: Expr): VReg;
  /** The address of an lvalue (expressions.ts). */
  lvalue(f: FnLower, e: Expr): Address;
  /** A call expression; a class result goes to `sret` (calls.ts). */
  lowerCall(f: FnLower, e: Expr, sret?: Address): VReg | undefined;
  /** A call of the member function `fn` on `object` (calls.ts). */
  callMember(f: FnLower, fn: FunctionDecl, object: Expr, args: Expr[], at: Loc): VReg | undefined;
  /** Initialises the object of type `t` at `addr` from an expression (objects.ts). */
  initFromExpr(f: FnLower, addr: Address, t: Type, e: Expr): void;
  /** Runs the destructor of the object of class `cls` at `addr` (objects.ts). */
  destroy(f: FnLower, addr: Address, cls: ClassDecl): void;
  /** Whether destroying an object of `cls` runs code (objects.ts). */
  needsDestruction(cls: ClassDecl): boolean;
  /** The offset of the `base` subobject inside a `derived` object (objects.ts). */
  baseOffset(f: FnLower, derived: ClassDecl, base: ClassDecl): number;
  /** Copies (or moves) a class object (copies.ts). */
  copyObject(f: FnLower, dst: Address, cls: ClassDecl, src: Address, at: Loc, move?: boolean): void;
  /** Copy-constructs a member of type `t` (copies.ts). */
  copyConstructMember(f: FnLower, dst: Address, src: Address, t: Type, at: Loc): void;
  /** An implicit copy (or move) assignment (copies.ts). */
  copyAssign(f: FnLower, object: Expr, src: Expr, at: Loc, move?: boolean): VReg;
  /** Initialises a field from its default member initialiser, if it has one (class-bodies.ts). */
  defaultMemberInit(f: FnLower, addr: Address, fd: FieldDecl): boolean;
  /** Registers the destruction at exit of the static object `object` (startup.ts). */
  registerExit(f: FnLower, object: string, t: Type, at: Loc): void;
}

/** The passes, once pass-table.ts has registered them (before any lowering). */
export const passes = {} as LoweringPasses;

/** Fills `passes` (pass-table.ts, once). */
export function registerPasses(table: LoweringPasses): void {
  Object.assign(passes, table);
}

/** Where a local variable (or parameter) lives: a slot holding the object, or holding its address. */
export interface LocalVar {
  readonly slot: Address;
  readonly type: Type;
  /** The slot holds a pointer to the object (references, class parameters passed by address). */
  readonly indirect: boolean;
}

/** Something to do when a scope or full-expression ends: destroy an object. */
export interface Cleanup {
  readonly addr: Address;
  readonly cls: ClassDecl;
  /** For an object created conditionally (in ?:, && or ||): a flag set when it was constructed. */
  readonly flag?: Address;
}

interface ScopeState {
  readonly cleanups: Cleanup[];
  readonly debugScope: number;
}

interface JumpTarget {
  readonly breakTo: Block;
  readonly continueTo?: Block;
  /** Scope depth at the loop or switch (cleanups above it run on break/continue). */
  readonly depth: number;
}

export class FnLower {
  readonly b: FunctionBuilder;
  readonly L: Layouts;
  readonly locals = new Map<VarDecl, LocalVar>();
  private readonly paramsByName = new Map<string, LocalVar>();
  readonly scopes: ScopeState[] = [];
  readonly targets: JumpTarget[] = [];
  /** The address of `*this` (a slot holding the pointer). */
  thisSlot?: Address;
  /** Where a class return value is built (the hidden pointer parameter's slot). */
  sretSlot?: Address;
  /** The scalar return value, set by each return statement. */
  retValue?: VReg;
  /** The local that every return statement returns (named return value optimisation): it lives in the caller's result. */
  nrvo?: VarDecl;
  readonly exit: Block;
  /** Temporaries of the full-expression being lowered, to destroy at its end. */
  temporaries?: Cleanup[];
  /** Nesting depth of conditionally evaluated operands (?:, &&, ||) in the current full-expression. */
  conditional = 0;

  constructor(
    readonly m: ModuleLowering,
    readonly fn: FunctionDecl,
    readonly body: FunctionBody,
    symbol: string,
  ) {
    this.L = m.L;
    this.b = new FunctionBuilder(symbol, fn.qualifiedName, posOf(fn.loc), true, fn);
    this.exit = this.b.newBlock();
  }

  get func(): Func {
    return this.b.func;
  }

  /** The analysed expression of a full-expression of the body (or of an initialiser's argument). */
  requireExpr(x: FullExpr, what = 'expression'): Expr {
    const e = x.expr;
    if (!e) unsupported(x.loc, `this ${what} (${x.form}) was not analysed; it cannot be compiled`);
    if (e.type.kind === 'error' && !e.list) unsupported(x.loc, `this ${what} has errors`);
    return e;
  }

  pos(loc: Loc): SourcePos {
    return posOf(loc);
  }

  // ---- variables ----------------------------------------------------------------------------------

  /** Allocates the slot of a local variable and registers it for the debugger. */
  declareLocal(decl: VarDecl, type: Type = decl.type): LocalVar {
    if (decl === this.nrvo && this.sretSlot) {
      const slot = this.b.slot(4, 4, decl.name);
      this.b.store('i32', this.b.load('i32', this.sretSlot, 'i32'), slotAddr(slot));
      const v: LocalVar = { slot: slotAddr(slot), type, indirect: true };
      this.locals.set(decl, v);
      this.b.debugVar({ name: decl.name, type: types.referenceTo(type), slot, isParam: false, indirect: true, decl: posOf(decl.loc), scope: this.currentDebugScope() });
      return v;
    }
    const ref = type.kind === 'reference';
    const size = ref ? 4 : this.L.sizeOf(type);
    const align = ref ? 4 : Math.max(this.L.alignOf(type), decl.align ?? 1);
    if (align > 64) unsupported(decl.loc, `'${decl.name}' asks for ${align}-byte alignment: a stack frame aligns to at most 64 bytes (make it static or global)`);
    const slot = this.b.slot(size, align, decl.name);
    const v: LocalVar = { slot: slotAddr(slot), type, indirect: ref };
    this.locals.set(decl, v);
    this.b.debugVar({ name: decl.name, type, slot, isParam: false, indirect: ref, decl: posOf(decl.loc), scope: this.currentDebugScope() });
    return v;
  }

  /** The address of a named variable's object. */
  variableAddress(decl: VarDecl, at: Loc): Address {
    let v = this.locals.get(decl);
    if (!v && decl.storage === 'param') v = this.paramsByName.get(decl.name);
    if (v) return v.indirect ? regAddr(this.b.load('i32', v.slot, 'i32')) : v.slot;
    if (decl.storage === 'global' || decl.storage === 'static-member') {
      const g = this.m.globalSymbol(decl, at);
      // a global reference holds the address of its object
      if (decl.type.kind === 'reference') return regAddr(this.b.load('i32', { kind: 'sym', sym: g, offset: 0 }, 'i32'));
      return { kind: 'sym', sym: g, offset: 0 };
    }
    const staticLocal = this.m.staticLocalOf(decl);
    if (staticLocal) return { kind: 'sym', sym: staticLocal, offset: 0 };
    const owner = this.fn.owner;
    const field = isClosure(owner) && this.thisSlot ? captureField(owner!, decl.loc) : undefined;
    if (field) return this.capturedAddress(owner!, field, this.thisSlot!);
    return unsupported(at, `variable '${decl.name}' is not available here`);
  }

  /** The address of the variable declared at `loc` (a local, a parameter, or a capture of this lambda), for a capture. */
  variableAt(loc: Loc, name: string, at: Loc): Address {
    for (const d of this.locals.keys()) if (sameLoc(d.loc, loc)) return this.variableAddress(d, at);
    for (const p of this.body.params) if (sameLoc(p.loc, loc)) return this.variableAddress(p, at);
    const owner = this.fn.owner;
    const field = isClosure(owner) && this.thisSlot ? captureField(owner!, loc) : undefined;
    if (field) return this.capturedAddress(owner!, field, this.thisSlot!);
    return unsupported(at, `captured variable '${name}' is not available here`);
  }

  thisPointer(at: Loc): VReg {
    if (isClosure(this.fn.owner) && this.fn.name === 'operator()') return this.capturedThis(at);
    if (!this.thisSlot) return unsupported(at, "'this' used outside a member function");
    return this.b.load('i32', this.thisSlot, 'i32');
  }

  /** Inside a closure's call operator: the address of a captured variable, through the closure object `self`. */
  private capturedAddress(cls: ClassDecl, fd: FieldDecl, self: Address): Address {
    const at = offsetAddr(regAddr(this.b.load('i32', self, 'i32')), this.L.fieldOffset(cls, fd.name));
    return fd.type.kind === 'reference' ? regAddr(this.b.load('i32', at, 'i32')) : at;
  }

  /** `this` inside a call operator: the enclosing object the closure captured. */
  private capturedThis(at: Loc): VReg {
    const cls = this.fn.owner!;
    const self = cls.closure?.thisField;
    if (!self || !this.thisSlot) return unsupported(at, "internal: 'this' in a lambda that did not capture it");
    const field = offsetAddr(regAddr(this.b.load('i32', this.thisSlot, 'i32')), this.L.fieldOffset(cls, self.name));
    return self.type.kind === 'pointer' ? this.b.load('i32', field, 'i32') : this.b.addr(field);
  }

  // ---- scopes and cleanups ------------------------------------------------------------------------

  pushScope(): void {
    const parent = this.scopes.length ? this.scopes[this.scopes.length - 1].debugScope : undefined;
    const ds = this.b.debugScope(parent).id;
    this.scopes.push({ cleanups: [], debugScope: ds });
    if (ds !== 0) this.b.marker({ op: 'scope', id: ds, begin: true });
  }

  /** Closes the innermost scope, destroying its objects in reverse order of construction. */
  popScope(): void {
    const s = this.scopes.pop()!;
    if (!this.b.closed) this.runCleanups(s.cleanups);
    if (s.debugScope !== 0) this.b.marker({ op: 'scope', id: s.debugScope, begin: false });
  }

  addCleanup(c: Cleanup): void {
    this.scopes[this.scopes.length - 1].cleanups.push(c);
  }

  /** Destroys the objects of every scope deeper than `depth` (for break, continue, return), innermost first. */
  cleanupTo(depth: number): void {
    for (let i = this.scopes.length - 1; i >= depth; i--) this.runCleanups(this.scopes[i].cleanups);
  }

  runCleanups(list: readonly Cleanup[]): void {
    for (let i = list.length - 1; i >= 0; i--) {
      const c = list[i];
      if (!c.flag) {
        passes.destroy(this, c.addr, c.cls);
        continue;
      }
      const b = this.b;
      const yes = b.newBlock();
      const join = b.newBlock();
      b.branch(b.load('i32', c.flag, 'i32'), yes, join);
      b.place(yes);
      passes.destroy(this, c.addr, c.cls);
      b.store('i32', b.const('i32', 0), c.flag);
      b.place(join);
    }
  }

  private currentDebugScope(): number {
    return this.scopes.length ? this.scopes[this.scopes.length - 1].debugScope : 0;
  }

  /**
   * Lowers one full-expression: temporaries it creates are destroyed at its end (those bound to a
   * local reference move to the enclosing scope instead, by `extendTemporaries`).
   */
  fullExpression<T>(run: () => T): T {
    const outer = this.temporaries;
    const outerConditional = this.conditional;
    this.temporaries = [];
    this.conditional = 0;
    try {
      const r = run();
      if (!this.b.closed) this.runCleanups(this.temporaries);
      return r;
    } finally {
      this.temporaries = outer;
      this.conditional = outerConditional;
    }
  }

  /**
   * Records a temporary object with a destructor. One created conditionally gets a flag, cleared on
   * entry to the function and after each destruction, set when the object is constructed.
   */
  addTemporary(c: Cleanup, at: Loc): void {
    void at;
    let cleanup = c;
    if (this.conditional > 0) {
      const flag = slotAddr(this.b.slot(4, 4, '.cond'));
      const entry = this.func.blocks[0];
      const zero = this.b.vreg('i32');
      entry.instrs.push({ op: 'const', dst: zero, value: 0, pos: this.func.pos }, { op: 'store', src: zero, addr: flag, mem: 'i32', pos: this.func.pos });
      this.b.store('i32', this.b.const('i32', 1), flag);
      cleanup = { ...c, flag };
    }
    if (!this.temporaries) this.addCleanup(cleanup);
    else this.temporaries.push(cleanup);
  }

  /** Moves the current full-expression's temporaries to the enclosing scope (a reference extends them). */
  extendTemporaries(): void {
    if (!this.temporaries) return;
    for (const t of this.temporaries) this.addCleanup(t);
    this.temporaries.length = 0;
  }

  // ---- parameters and the function's frame -----------------------------------------------------------

  /** Creates the hidden and declared parameters and stores each into its home slot. */
  setUpParameters(): void {
    const fn = this.fn;
    const b = this.b;
    const retClass = isClassType(fn.ret) && fn.ret.kind !== 'reference';
    if (retClass) {
      const p = b.addParam('i32');
      const slot = b.slot(4, 4, '.sret');
      b.store('i32', p, slotAddr(slot));
      this.sretSlot = slotAddr(slot);
    }
    if (fn.owner && !fn.isStatic) {
      const p = b.addParam('i32');
      const slot = b.slot(4, 4, 'this');
      b.store('i32', p, slotAddr(slot));
      this.thisSlot = slotAddr(slot);
      b.debugVar({ name: 'this', type: types.pointerTo(fn.isConst ? types.addConst(types.classType(fn.owner)) : types.classType(fn.owner)), slot, isParam: true, indirect: false, decl: posOf(fn.loc), scope: 0 });
    }
    for (const p of fn.params) {
      const byAddress = p.type.kind === 'reference' || isClassType(p.type);
      const vt = byAddress ? 'i32' : valueTypeOf(p.type);
      if (!vt) unsupported(p.loc, `parameters of type '${types.typeToString(p.type)}' are not supported`);
      const reg = b.addParam(vt);
      const size = byAddress ? 4 : this.L.sizeOf(p.type);
      const slot = b.slot(size, byAddress ? 4 : this.L.alignOf(p.type), p.name || '.param');
      b.store(byAddress ? 'i32' : this.m.memOf(p.type), reg, slotAddr(slot));
      const v: LocalVar = { slot: slotAddr(slot), type: p.type, indirect: byAddress };
      if (p.name) {
        this.paramsByName.set(p.name, v);
        b.debugVar({ name: p.name, type: p.type, slot, isParam: true, indirect: byAddress, decl: posOf(p.loc), scope: 0 });
      }
    }
    const rt = !retClass && !isVoidType(fn.ret) && fn.role !== 'constructor' && fn.role !== 'destructor' ? valueTypeOf(fn.ret) : undefined;
    if (!retClass && !isVoidType(fn.ret) && fn.role !== 'constructor' && fn.role !== 'destructor' && !rt) {
      unsupported(fn.loc, `return type '${types.typeToString(fn.ret)}' is not supported`);
    }
    b.setReturn(rt);
    if (rt) this.retValue = b.vreg(rt);
  }

  /** Places the exit block: returns the scalar value (main returns 0 when it falls off its end). */
  finish(epilogue?: () => void): void {
    const b = this.b;
    if (!b.closed) {
      if (this.retValue) {
        // falling off the end: only main has a defined value (0); others return what the slot holds
        if (this.fn.name === 'main' && !this.fn.owner) b.copy(this.retValue, b.const(this.retValue.type, 0));
      }
      b.jump(this.exit);
    }
    b.place(this.exit);
    b.stmt(this.endPos());
    epilogue?.();
    b.terminate({ op: 'ret', value: this.retValue });
  }

  /** The closing brace of the body. */
  endPos(): SourcePos {
    const body = this.body.statement!.loc;
    return posOf(new Loc(body.unit, Math.max(body.start, body.end - 1), body.end));
  }

  classOf(t: Type): ClassDecl | undefined {
    return classDeclOf(t);
  }
}
