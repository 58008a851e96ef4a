// Lowering of a translation unit: every function defined in the user's file, and everything they
// reference (template instances, member functions, globals, string literals), into an IR module.
// Functions declared but not defined here must be runtime functions (printf, memcpy, …): anything
// else is an undefined reference, reported at the call.

import type { CompleteUnit, Initialiser, Report } from '../../language';
import type { ClassDecl, FunctionDecl, Loc, Scope, VarDecl, FunctionBody, Expr, Type } from '../../language/model';
import { regAddr } from '../ir/builder';
import { isDeletingSlot, setVptr, typeinfoSymbols, vtableSlots, vtableSymbol } from './vtables';
import type { DataItem, Func, MemType, SourcePos } from '../ir/ir';
import { posOf, Unsupported, unsupported, type CompileDiagnostic } from './errors';
import { FnLower } from './function';
import type { ModuleLowering } from './module-lowering';
import './pass-table';
import { constantGlobalData, defineGlobal, hasDefinition, needsRuntimeInit } from './globals';
import { exitListData, exitThunk, finiFunction, initFunction, type DynamicGlobal } from './startup';
import { mangleFunction, mangleVariable } from './mangle';
import { constructorPrologue, destructorEpilogue } from './class-bodies';
import { lowerStatement, namedReturnValue } from './statements';
import { layouts, memTypeOf, type Layouts } from './types';
import { compilerDefined } from '../../language';

/** Variables defined at namespace scope in user files (not SDK headers), namespaces included; not the
 *  `extern` declarations (globalSymbol takes them to their definition). */
function userGlobals(scope: Scope, seen = new Set<Scope>()): VarDecl[] {
  if (seen.has(scope)) return [];
  seen.add(scope);
  const out: VarDecl[] = [];
  for (const ds of scope.members.values()) {
    for (const d of ds) {
      if (d.kind === 'var' && d.storage === 'global' && !d.loc.unit.system && d.type.kind !== 'error' && !d.qualifiedDefinition && !d.declaredExtern) out.push(d);
      else if (d.kind === 'namespace') out.push(...userGlobals(d.scope, seen));
    }
  }
  return out;
}

/** Static data members of the user's classes (not templates), defined or not. */
function userStaticMembers(classes: readonly ClassDecl[]): VarDecl[] {
  const out: VarDecl[] = [];
  for (const c of classes) {
    if (c.templateInfo || c.loc.unit.system) continue;
    for (const ds of c.scope.members.values()) for (const d of ds) if (d.kind === 'var' && d.storage === 'static-member' && d.type.kind !== 'error') out.push(d);
  }
  return out;
}

export class ModuleLower implements ModuleLowering {
  readonly L: Layouts;
  readonly funcs: Func[] = [];
  readonly data: DataItem[] = [];
  readonly externs = new Set<string>();
  readonly diagnostics: CompileDiagnostic[] = [];
  private readonly symbols = new Map<FunctionDecl, string>();
  private readonly queue: FunctionDecl[] = [];
  private readonly globals = new Map<VarDecl, string>();
  /** The user's namespace-scope definitions by qualified name (for their `extern` declarations). */
  private definitions?: Map<string, VarDecl>;
  /** Static locals initialised by code on first pass (storage and guard in .bss). */
  private readonly dynamicStatics = new Set<VarDecl>();
  /** Globals initialised by the start-up function (sorted into declaration order when it is lowered). */
  private readonly dynamicGlobals: DynamicGlobal[] = [];
  /** The objects destroyed at exit (object symbol → its thunk), in the order first registered. */
  private readonly exitThunks = new Map<string, { name: string; loc: Loc }>();
  private readonly storage = new Set<string>();
  private readonly strings = new Map<string, string>();
  private readonly vtables = new Map<ClassDecl, string>();
  private readonly usedSymbols = new Set<string>();
  /** The function being lowered (where an internal error is reported). */
  private current?: FnLower;

  constructor(
    readonly model: CompleteUnit,
    /** Names of the functions the runtime library defines (callable without a definition here). */
    private readonly runtime: ReadonlySet<string>,
    /** Prefix for local labels of data (unique per compiled file). */
    private readonly labelPrefix = '',
    /** Free functions of the global namespace keep their plain (C) names: the runtime library. */
    private readonly plainNames = false,
    /** The code will be optimised: an intrinsic's in/out value of the vector unit is lowered as a value (lower/vectors.ts), which only pays once promoted. */
    readonly optimized = false,
  ) {
    this.L = layouts(model);
  }

  /** Lowers `roots` and everything they reach, and defines every global of the user's files. */
  lower(roots: readonly FunctionDecl[]): void {
    // a static data member is defined (and its initialiser run) when the user's files define it
    const members = userStaticMembers(this.model.classes).filter((v) => hasDefinition(this, v));
    for (const v of [...userGlobals(this.model.globalScope), ...members]) {
      try {
        this.globalSymbol(v, v.loc);
      } catch (e) {
        this.report(e, v.loc);
      }
    }
    for (const fn of roots) {
      try {
        this.functionSymbol(fn, fn.loc);
      } catch (e) {
        this.report(e);
      }
    }
    this.drainQueue();
    this.lowerStartup();
    this.checkUnusedInitialisers();
  }

  /**
   * Errors in the default arguments and default member initialisers the program never used (the
   * front-end completes them before hand-over but reports nothing for them): reported as the compiler
   * would report a used one.
   */
  private checkUnusedInitialisers(): void {
    const found: Report[] = [];
    const collect = (init: Initialiser | undefined) => {
      if (init?.errors[0]) found.push(init.errors[0]);
    };
    for (const c of this.model.classes) if (!c.templateInfo) for (const fd of c.fields) collect(this.model.memberInitialiserOf(fd));
    for (const fn of this.model.functions) {
      if (fn.templateInfo || fn.generic || fn.owner?.templateInfo) continue;
      fn.params.forEach((p, i) => p.defaultNode && collect(this.model.defaultArgumentOf(fn, i)));
    }
    found.sort((a, b) => a.loc.start - b.loc.start);
    for (const first of found) {
      const at = posOf(first.loc);
      const known = this.diagnostics.some((d) => d.file === at.file && d.line === at.line && d.column === at.column && d.message === first.message);
      if (!known) this.report(new Unsupported(first.message, at));
    }
  }

  /**
   * The start-up function, lowered again whenever the code lowered since (the functions its initialisers
   * call, theirs in turn) defined more globals that need it; then the exit function and its list.
   */
  private lowerStartup(): void {
    let init: Func | undefined;
    let built = 0;
    while (this.dynamicGlobals.length > built) {
      built = this.dynamicGlobals.length;
      if (init) this.funcs.splice(this.funcs.indexOf(init), 1);
      try {
        init = initFunction(this, this.dynamicGlobals);
        this.funcs.push(init);
      } catch (e) {
        this.report(e, posOf(this.dynamicGlobals[0].v.loc));
        init = undefined;
      }
      this.drainQueue();
    }
    if (!this.exitThunks.size) return;
    this.data.push(...exitListData(this.exitThunks.size));
    this.funcs.push(finiFunction(this, [...this.exitThunks.values()][0].loc));
  }

  /** The thunk that destroys the object at `object` at exit (defined on first use). */
  exitThunk(object: string, t: Type, at: Loc): string {
    const known = this.exitThunks.get(object);
    if (known) return known.name;
    const name = `__q7_exit.${object}`;
    this.exitThunks.set(object, { name, loc: at });
    this.funcs.push(exitThunk(this, name, object, t, at));
    return name;
  }

  /** Zeroed storage in .bss named `symbol` (defined once): a temporary with static storage. */
  staticStorage(symbol: string, size: number, align: number): void {
    if (this.storage.has(symbol)) return;
    this.storage.add(symbol);
    this.data.push({ symbol, bytes: new Uint8Array(Math.max(size, 1)), relocs: [], align, section: '.bss', global: false });
  }

  private drainQueue(): void {
    while (this.queue.length) {
      const fn = this.queue.shift()!;
      try {
        this.funcs.push(this.lowerFunction(fn));
      } catch (e) {
        this.report(e, this.current?.b.pos);
      }
    }
  }

  /** Records an error; anything but Unsupported is an internal error, reported at the function. */
  private report(e: unknown, where?: Loc | SourcePos): void {
    const fallback = !where ? { file: '<unknown>', line: 0, column: 0 } : 'unit' in where ? posOf(where) : where;
    if (!(e instanceof Unsupported)) {
      const message = `internal compiler error: ${(e as Error)?.message ?? String(e)}`;
      this.diagnostics.push({ ...fallback, message });
      return;
    }
    const at = e.at ?? fallback;
    this.diagnostics.push({ file: at.file, line: at.line, column: at.column, message: e.message });
  }

  private lowerFunction(fn: FunctionDecl): Func {
    if (compilerDefined(fn) && fn.role === 'destructor') return this.implicitDestructor(fn);
    const body = this.model.bodyOf(fn);
    if (!body || !fn.body) unsupported(fn.loc, `the body of '${fn.qualifiedName}' was not analysed (SDK function bodies are not compiled yet)`);
    if (body.statement?.kind !== 'block') unsupported(fn.loc, 'function-try-blocks are not supported');
    const f = new FnLower(this, fn, body, this.symbols.get(fn)!);
    this.current = f;
    f.setUpParameters();
    f.nrvo = namedReturnValue(f);
    f.pushScope();
    if (fn.role === 'constructor') constructorPrologue(f);
    if (fn.role === 'destructor') setVptr(f, regAddr(f.thisPointer(fn.loc)), fn.owner!);
    lowerStatement(f, body.statement);
    f.popScope();
    f.finish(fn.role === 'destructor' ? () => destructorEpilogue(f) : undefined);
    return f.func;
  }

  /** An implicit destructor that a vtable refers to, as a function: the members, then the base. */
  private implicitDestructor(fn: FunctionDecl): Func {
    const emptyBody = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [] } as unknown as FunctionBody;
    const f = new FnLower(this, fn, emptyBody, this.symbols.get(fn)!);
    this.current = f;
    f.setUpParameters();
    destructorEpilogue(f);
    f.b.terminate({ op: 'ret' });
    return f.func;
  }

  /** The symbol of the vtable of `cls`, defining it on first use. */
  vtable(cls: ClassDecl): string {
    const known = this.vtables.get(cls);
    if (known) return known;
    const sym = vtableSymbol(cls);
    this.vtables.set(cls, sym);
    const slots = vtableSlots(cls);
    const relocs = slots.map((fn, i) => ({
      offset: 8 + 4 * i,
      sym: !(fn.body || (compilerDefined(fn) && fn.role === 'destructor')) ? this.pureVirtual()
        : isDeletingSlot(slots, i) ? this.deletingDestructor(fn) : this.functionSymbol(fn, fn.loc),
      addend: 0,
    }));
    relocs.unshift({ offset: 4, sym: this.typeinfo(cls), addend: 0 });
    this.data.push({ symbol: sym, bytes: new Uint8Array(8 + 4 * slots.length), relocs, align: 4, section: '.rodata', global: true });
    return sym;
  }

  /**
   * The type_info of a polymorphic class, as the Itanium ABI lays it out: [vptr, &name] (+ &base's
   * type_info with a single base). The device has no RTTI library, so its vptr (the ABI's
   * __class_type_info vtable) is 0; the name is the mangled type, as `_ZTS<class>`.
   */
  typeinfo(cls: ClassDecl): string {
    const { info, name, mangled } = typeinfoSymbols(cls);
    if (this.storage.has(info)) return info;
    this.storage.add(info);
    this.data.push({ symbol: name, bytes: new TextEncoder().encode(`${mangled}\0`), relocs: [], align: 1, section: '.rodata', global: true });
    const base = cls.base?.polymorphic ? this.typeinfo(cls.base) : undefined;
    const relocs = [{ offset: 4, sym: name, addend: 0 }, ...(base ? [{ offset: 8, sym: base, addend: 0 }] : [])];
    this.data.push({ symbol: info, bytes: new Uint8Array(base ? 12 : 8), relocs, align: 4, section: '.rodata', global: true });
    return info;
  }

  /** The deleting destructor (D0) of `fn`: runs the complete-object destructor (the device has no `delete`, so there is no storage to free). */
  private deletingDestructor(fn: FunctionDecl): string {
    const d1 = this.functionSymbol(fn, fn.loc);
    const sym = d1.replace(/D1Ev(\.\d+)?$/, 'D0Ev$1');
    if (this.storage.has(sym)) return sym;
    this.storage.add(sym);
    const emptyBody = { fn, params: [], locals: [], temporaries: [], conversionTemporaries: [], fullExpressions: [] } as unknown as FunctionBody;
    const f = new FnLower(this, fn, emptyBody, sym);
    f.setUpParameters();
    f.b.call(d1, [f.thisPointer(fn.loc)]);
    f.b.terminate({ op: 'ret' });
    this.funcs.push(f.func);
    return sym;
  }

  private pureVirtual(): string {
    this.externs.add('__q7_pure_virtual');
    return '__q7_pure_virtual';
  }

  /** The assembly symbol of a function, queueing its definition for lowering. */
  functionSymbol(fn: FunctionDecl, at: Loc): string {
    const known = this.symbols.get(fn);
    if (known) return known;
    if (!fn.body && !(compilerDefined(fn) && fn.role === 'destructor')) {
      const plain = !fn.owner && !fn.qualifiedName.includes('::') ? fn.name : undefined;
      // the runtime defines some functions with C++ linkage (neuron_translate), the C library with C linkage
      const mangled = mangleFunction(fn);
      if (this.runtime.has(mangled)) {
        this.externs.add(mangled);
        this.symbols.set(fn, mangled);
        return mangled;
      }
      if (plain && this.runtime.has(plain)) {
        this.externs.add(plain);
        this.symbols.set(fn, plain);
        return plain;
      }
      unsupported(at, `'${fn.qualifiedName}' is declared but not defined (and not part of the runtime library)`);
    }
    let sym = this.plainNames && !fn.owner && !fn.qualifiedName.includes('::') && !fn.templateInfo ? fn.name : mangleFunction(fn);
    if (this.usedSymbols.has(sym)) sym = `${sym}.${fn.id}`;
    this.usedSymbols.add(sym);
    this.symbols.set(fn, sym);
    this.queue.push(fn);
    return sym;
  }

  /** The definition in the user's files of the variable an `extern` declaration names. */
  private definitionOf(v: VarDecl): VarDecl | undefined {
    this.definitions ??= new Map(userGlobals(this.model.globalScope).map((d) => [d.qualifiedName, d]));
    return this.definitions.get(v.qualifiedName);
  }

  /** The symbol a function was given (once it is referenced or lowered). */
  symbolOf(fn: FunctionDecl): string | undefined {
    return this.symbols.get(fn);
  }

  /** The symbol of a global variable, defining its data on first use; an `extern` declaration's is its
   *  definition's (none in the user's files: the symbol is left for the linker to find). */
  globalSymbol(v: VarDecl, at: Loc): string {
    if (v.declaredExtern) {
      const def = this.definitionOf(v);
      return def ? this.globalSymbol(def, at) : mangleVariable(v);
    }
    const known = this.globals.get(v);
    if (known) return known;
    const sym = mangleVariable(v);
    this.globals.set(v, sym);
    try {
      const def = defineGlobal(this, v, sym);
      this.data.push(def.data);
      if (def.dynamic) this.dynamicGlobals.push({ v, symbol: sym, ...def.dynamic });
    } catch (e) {
      if (e instanceof Unsupported && !e.at) throw new Unsupported(e.message, posOf(at));
      throw e;
    }
    return sym;
  }

  /**
   * The symbol of a static local: named by its declaration's place, so that a lambda in its function,
   * which may be lowered first, names the same object.
   */
  private staticLocalSymbol(loc: Loc, name: string): string {
    return `${name}.static.${this.model.units.indexOf(loc.unit)}.${loc.start}`;
  }

  /** The symbol of a function's static local when its initialiser is constant data; undefined when it needs code. */
  staticLocal(v: VarDecl, init: Initialiser | undefined): string | undefined {
    if (this.dynamicStatics.has(v)) return undefined;
    const known = this.globals.get(v);
    if (known) return known;
    // built by code on first pass (a constructor, a vptr, a destructor to run at exit)
    if (needsRuntimeInit(this, v.type)) return undefined;
    const sym = this.staticLocalSymbol(v.loc, v.name);
    const d = constantGlobalData(this, v, sym, init);
    if (!d) return undefined;
    this.globals.set(v, sym);
    this.data.push({ ...d, global: false, debug: undefined });
    return sym;
  }

  /**
   * The symbol of a static local (the front-end marks them). A lambda names a static local of its
   * function directly (it is not captured, whatever closure field the model gives it).
   */
  staticLocalOf(v: VarDecl): string | undefined {
    return v.staticLocal ? this.staticLocalSymbol(v.loc, v.name) : undefined;
  }

  /** Zeroed storage and a guard byte for a static local initialised by code on first pass. */
  dynamicStaticLocal(v: VarDecl, size: number, align: number): { object: string; guard: string } {
    const object = this.staticLocalSymbol(v.loc, v.name);
    const guard = `${object}.guard`;
    if (!this.dynamicStatics.has(v)) {
      this.dynamicStatics.add(v);
      this.globals.set(v, object);
      this.data.push({ symbol: object, bytes: new Uint8Array(size), relocs: [], align, section: '.bss', global: false });
      this.data.push({ symbol: guard, bytes: new Uint8Array(1), relocs: [], align: 1, section: '.bss', global: false });
    }
    return { object, guard };
  }

  /** A local label for the bytes of a string literal in .rodata (shared by equal literals). */
  stringLiteral(bytes: Uint8Array): string {
    const key = Array.from(bytes).join(',');
    let sym = this.strings.get(key);
    if (!sym) {
      sym = `.L${this.labelPrefix}str${this.strings.size}`;
      this.strings.set(key, sym);
      this.data.push({ symbol: sym, bytes, relocs: [], align: 1, section: '.rodata', global: false });
    }
    return sym;
  }

  textOf(e: Expr): string {
    return e.loc.unit.text.slice(e.loc.start, e.loc.end);
  }

  memOf(t: Type): MemType {
    return memTypeOf(t);
  }
}
