// The state of one assembly run and the first pass over the statements: sections and the location
// counter, symbol definitions, expression parsing/evaluation, and the fixups (instructions and data
// whose bytes are written in the second pass, once every address is known).

import { SHF_ALLOC, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS, STT_OBJECT } from '../elf/types';
import { DiagnosticSink, SourceLoc, StatementError } from './errors';
import { EvalEnv, Expr, Value, evaluate, exactOf, foldKnown, parseExpr, symbolsOf } from './expr';
import { InsnContext, ParsedInsn, parseInstruction } from './instructions';
import type { ParsedSource } from './parse-cache';
import { InputSection, defaultAttributes, literalPoolName } from './sections';
import { Arg, Statement } from './source';
import { FileScope, SymbolEntry, resolveSymbol } from './symbols';

export type Fixup =
  | { kind: 'insn'; section: InputSection; offset: number; insn: ParsedInsn; scope: FileScope; loc: SourceLoc }
  | { kind: 'data'; section: InputSection; offset: number; width: 1 | 2 | 4 | 8; expr: Expr; scope: FileScope; loc: SourceLoc };

/** A statement that produced bytes, for the listing. */
export interface PendingListing {
  section: InputSection;
  offset: number;
  size: number;
  loc: SourceLoc;
  text: string;
  kind: 'insn' | 'data';
  /** The source position the last `.loc` before it gave (a compiler's line information), if any. */
  source?: SourceLoc;
}

export type DirectiveHandler = (a: Assembly, st: Statement, args: Arg[]) => void;

export class Assembly {
  readonly diagnostics = new DiagnosticSink();
  readonly sections: InputSection[] = [];
  readonly globals = new Map<string, SymbolEntry>();
  readonly scopes: FileScope[] = [];
  readonly fixups: Fixup[] = [];
  readonly listing: PendingListing[] = [];
  /** Local commons of the current file, allocated at its end. */
  private readonly localCommons: { entry: SymbolEntry; size: number; align: number }[] = [];
  /** Global commons in order of first appearance. */
  readonly commons: SymbolEntry[] = [];

  scope!: FileScope;
  section!: InputSection;
  previous?: InputSection;
  readonly sectionStack: InputSection[] = [];
  /** The statement being assembled. */
  statement!: Statement;
  private readonly byKey = new Map<string, InputSection>();
  /** Per section: offset and view number of the last `.loc`. */
  private readonly locViews = new Map<InputSection, { offset: number; view: number }>();
  /** The current file's `.file N "name"` table, and the position its last `.loc` gave. */
  private debugFiles = new Map<number, string>();
  private debugLoc: SourceLoc | undefined;

  constructor(private readonly directives: ReadonlyMap<string, DirectiveHandler>) {}

  // ---- files and statements ---------------------------------------------------------------

  /** First pass over one file. */
  assembleFile(file: string, source: ParsedSource): void {
    this.scope = new FileScope(file, this.scopes.length);
    this.scopes.push(this.scope);
    this.sectionStack.length = 0;
    this.previous = undefined;
    this.debugFiles = new Map();
    this.debugLoc = undefined;
    for (const name of ['.text', '.data', '.bss']) this.getSection(name, defaultAttributes(name));
    this.section = this.getSection('.text');
    source.statements.forEach((st, i) => this.assembleStatement(source, i, st));
    this.allocateLocalCommons();
  }

  /**
   * Local commons (`.lcomm`, `.local` + `.comm`) go where GNU as puts them: into a second
   * subsection of the file's .bss, i.e. after everything else in .bss, in order of declaration.
   */
  private allocateLocalCommons(): void {
    if (this.localCommons.length === 0) return;
    const saved = this.section;
    this.section = this.getSection('.bss', { type: SHT_NOBITS, flags: SHF_ALLOC | SHF_WRITE });
    for (const c of this.localCommons) {
      const at = c.entry.definedAt!;
      this.guard({ ...at, opColumn: at.column }, () => {
        this.alignTo(c.align);
        c.entry.value = { section: this.section, offset: this.section.reserve(c.size) };
      });
    }
    this.localCommons.length = 0;
    this.section = saved;
  }

  private assembleStatement(source: ParsedSource, index: number, st: Statement): void {
    this.statement = st;
    for (const l of st.labels) this.guard(st, () => this.defineLabel(l.name, l.column));
    if (st.op === '') return;
    this.guard(st, () => {
      if (st.op !== '=' && !st.op.startsWith('.')) return this.instruction(source, index, st);
      const handler = this.directives.get(st.op);
      if (!handler) throw new StatementError(`unknown directive '${st.op}'`, st.opColumn);
      handler(this, st, source.argsOf(index));
    });
  }

  /** Runs `f`, turning any error into a diagnostic of statement `st`. */
  guard(st: { file: string; line: number; opColumn?: number; column: number }, f: () => void): void {
    try {
      f();
    } catch (e) {
      const column = e instanceof StatementError && e.column !== undefined ? e.column : (st.opColumn ?? st.column);
      const message = e instanceof StatementError ? e.message : `internal error: ${(e as Error).message ?? String(e)}`;
      this.diagnostics.add({ file: st.file, line: st.line, column }, message);
    }
  }

  loc(column?: number): SourceLoc {
    return { file: this.statement.file, line: this.statement.line, column: column ?? this.statement.opColumn };
  }

  private instruction(source: ParsedSource, index: number, st: Statement): void {
    const insn = source.instructionOf(index) ?? this.parseInstruction(source, index, st);
    this.requireContents('instructions');
    const offset = this.section.reserve(insn.def.size);
    this.fixups.push({ kind: 'insn', section: this.section, offset, insn, scope: this.scope, loc: this.loc() });
    this.listing.push({ section: this.section, offset, size: insn.def.size, loc: this.loc(), text: st.text, kind: 'insn', source: this.debugLoc });
  }

  /**
   * Parses instruction statement `index` of `source`; a parse that used no symbol (so no equate,
   * local label or value known only now) depends on the statement's text alone and is memoized.
   */
  private parseInstruction(source: ParsedSource, index: number, st: Statement): ParsedInsn {
    let textOnly = true;
    const ctx: InsnContext = {
      parseExpr: (arg) => {
        const raw = this.parseRaw(arg);
        if (symbolsOf(raw).length > 0) textOnly = false;
        return this.fold(raw);
      },
      constant: (arg) => {
        textOnly = false;
        return this.constant(arg);
      },
    };
    const insn = parseInstruction(st.op, source.argsOf(index), ctx, st.opColumn);
    if (textOnly) source.rememberInstruction(index, insn);
    return insn;
  }

  // ---- sections ---------------------------------------------------------------------------

  /** The input section `name` of the current file, created with `attrs` if new. */
  getSection(name: string, attrs?: { type: number; flags: number }, isPool = false): InputSection {
    const key = `${this.scope.index}\u0000${name}`;
    let s = this.byKey.get(key);
    if (!s) {
      const a = attrs ?? defaultAttributes(name);
      s = new InputSection(name, a.type, a.flags, this.sections.length, isPool);
      this.byKey.set(key, s);
      this.sections.push(s);
    }
    return s;
  }

  switchTo(s: InputSection): void {
    if (s !== this.section) this.previous = this.section;
    this.section = s;
  }

  /** The literal pool that `.literal` fills for the current section. */
  literalPool(): InputSection {
    const cur = this.section;
    if (!cur.literalPool) {
      cur.literalPool = cur.isLiteralPool ? cur : this.getSection(literalPoolName(cur.name), { type: SHT_PROGBITS, flags: SHF_ALLOC }, true);
      cur.literalPool.align = Math.max(cur.literalPool.align, 4);
    }
    return cur.literalPool;
  }

  requireContents(what: string): void {
    if (this.section.nobits) {
      throw new StatementError(`section '${this.section.name}' has no contents: ${what} are not allowed there`);
    }
  }

  /**
   * Pads the current section to a multiple of `align` with `fill` bytes (unless more than `max` are
   * needed). Code is padded with zero bytes too, as GNU as does with --no-transform.
   */
  alignTo(align: number, fill = 0, max = Infinity): void {
    const s = this.section;
    const pad = (align - (s.size % align)) % align;
    if (pad > max) return;
    s.align = Math.max(s.align, align);
    const at = s.reserve(pad);
    if (!s.nobits && fill !== 0) s.patch(at, new Uint8Array(pad).fill(fill & 255));
  }

  /** View number of a `.loc` at the current location (0 if the address moved since the last one). */
  nextLocView(): number {
    const last = this.locViews.get(this.section);
    const view = last && last.offset === this.section.size ? last.view + 1 : 0;
    this.locViews.set(this.section, { offset: this.section.size, view });
    return view;
  }

  /** `.file N "name"` (or `.file N "dir" "name"`): file number N of the file's `.loc` directives. */
  defineDebugFile(n: number, name: string): void {
    this.debugFiles.set(n, name);
  }

  /** `.loc N line [column]`: the source position of the instructions that follow (none if N is unknown). */
  setDebugLoc(n: number, line: number, column: number): void {
    const file = this.debugFiles.get(n);
    this.debugLoc = file === undefined ? undefined : { file, line, column };
  }

  /** `view 0`/`view -0`: the current .loc starts a new view sequence. */
  resetLocView(): void {
    this.locViews.set(this.section, { offset: this.section.size, view: 0 });
  }

  // ---- symbols ----------------------------------------------------------------------------

  defineLabel(name: string, column: number): void {
    const symName = /^\d+$/.test(name) ? this.scope.defineLocalLabel(name) : name;
    const e = this.scope.entry(symName);
    this.checkRedefinition(e, column);
    e.value = { section: this.section, offset: this.section.size };
    e.defined = true;
    e.definedAt = this.loc(column);
  }

  checkRedefinition(e: SymbolEntry, column: number): void {
    if (e.defined && !e.isEquate) {
      const at = e.definedAt ? ` (first defined at ${e.definedAt.file}:${e.definedAt.line})` : '';
      throw new StatementError(`symbol '${e.name}' is already defined${at}`, column);
    }
    if (e.common) throw new StatementError(`symbol '${e.name}' is already a common symbol`, column);
  }

  /** Defines `name` as the value of `arg` (`.set`, `.equ`, `=`). */
  defineEquate(name: string, column: number, arg: Arg, mustBeNew: boolean): void {
    const e = this.scope.entry(name);
    if (mustBeNew && e.defined) throw new StatementError(`symbol '${name}' is already defined`, column);
    if (e.defined && !e.isEquate) this.checkRedefinition(e, column);
    const expr = this.parseExpr(arg);
    const dot = this.dot();
    let value: Value | undefined;
    try {
      value = evaluate(expr, this.env(this.scope, dot, false));
    } catch {
      value = undefined;
    }
    e.isEquate = true;
    e.defined = true;
    e.definedAt = this.loc(column);
    e.value = value;
    e.deferred = value ? undefined : { expr, dot, scope: this.scope };
  }

  /** Declares a common symbol; `local` ones are allocated in this file's .bss right away. */
  defineCommon(name: string, column: number, size: number, align: number, local: boolean): void {
    const e = this.scope.entry(name);
    if (e.defined) throw new StatementError(`symbol '${name}' is already defined`, column);
    if (e.type === 0) e.type = STT_OBJECT;
    if (e.size === undefined) e.size = size;
    if (local || e.forcedLocal || e.bind === 'local') {
      e.defined = true;
      e.definedAt = this.loc(column);
      e.bind = 'local';
      this.localCommons.push({ entry: e, size, align });
      return;
    }
    if (e.common) {
      e.common.size = Math.max(e.common.size, size);
      e.common.align = Math.max(e.common.align, align);
    } else {
      e.common = { size, align };
      e.definedAt = this.loc(column);
      this.commons.push(e);
    }
    e.bind ??= 'global';
  }

  // ---- expressions ------------------------------------------------------------------------

  parseExpr(arg: Arg): Expr {
    return this.fold(this.parseRaw(arg));
  }

  /** The expression of `arg` as written (numeric local label references resolved). */
  private parseRaw(arg: Arg): Expr {
    if (arg.text.length === 0) throw new StatementError('missing expression', arg.column);
    const scope = this.scope;
    return parseExpr(arg.text, arg.column, (d, dir, col) => scope.referLocalLabel(d, dir, col));
  }

  /** `e` with the symbols that are known numbers now replaced by their values. */
  private fold(e: Expr): Expr {
    const scope = this.scope;
    return foldKnown(e, (name) => {
      const s = resolveSymbol(scope, this.globals, name);
      return s && s.isEquate && s.value && !s.value.section ? exactOf(s.value) : undefined;
    });
  }

  dot(): Value {
    return { section: this.section, offset: this.section.size };
  }

  /**
   * Evaluation environment. `final`: after layout, symbols are absolute addresses; otherwise they
   * are section offsets and may be unknown yet.
   */
  env(scope: FileScope, dot: Value, final: boolean): EvalEnv {
    return {
      dot: final ? this.flatten(dot) : dot,
      symbol: (name) => {
        const e = resolveSymbol(scope, this.globals, name);
        if (!e) return undefined;
        const v = this.symbolValue(e, final);
        return v && final ? this.flatten(v) : v;
      },
      unknown: (name) => {
        const what = name.includes('\u0002') ? `local label '${displayName(name)}'` : `symbol '${name}'`;
        return final ? `undefined ${what}` : `${what} has no value at this point (the value is needed now)`;
      },
    };
  }

  /** The value of a symbol (section-relative when possible); undefined if it has none. */
  symbolValue(e: SymbolEntry, final: boolean): Value | undefined {
    if (e.value) return e.value;
    if (e.deferred && !e.visiting) {
      e.visiting = true;
      try {
        const d = e.deferred;
        return evaluate(d.expr, this.env(d.scope, d.dot, final));
      } catch {
        return undefined;
      } finally {
        e.visiting = false;
      }
    }
    if (final && e.bind === 'weak' && !e.defined) return { section: null, offset: 0 };
    return undefined;
  }

  /** Absolute value of a section-relative value (after layout). */
  flatten(v: Value): Value {
    return v.section ? { section: null, offset: (v.section as InputSection).addr + v.offset } : v;
  }

  /** Evaluates `arg` now (first pass). */
  evalNow(arg: Arg): Value {
    return evaluate(this.parseExpr(arg), this.env(this.scope, this.dot(), false));
  }

  /** A number that must be known now: e.g. a size, a count, an alignment. */
  constant(arg: Arg): number {
    const v = this.evalNow(arg);
    if (v.section) throw new StatementError(`expected a number, got an address: '${arg.text}'`, arg.column);
    return v.offset;
  }

  /** Like `constant`, as the exact 64-bit integer. */
  constantExact(arg: Arg): bigint {
    const v = this.evalNow(arg);
    if (v.section) throw new StatementError(`expected a number, got an address: '${arg.text}'`, arg.column);
    return exactOf(v);
  }

  /** Emits `width`-byte data items for each argument (values known in the second pass). */
  emitData(width: 1 | 2 | 4 | 8, args: Arg[]): void {
    if (args.length === 0) throw new StatementError(`'${this.statement.op}' needs at least one value`);
    this.requireContents('data directives');
    const start = this.section.size;
    for (const arg of args) {
      const expr = this.parseExpr(arg);
      const offset = this.section.reserve(width);
      this.fixups.push({ kind: 'data', section: this.section, offset, width, expr, scope: this.scope, loc: this.loc(arg.column) });
    }
    this.noteData(start);
  }

  /** Records the bytes emitted since `start` by the current statement for the listing. */
  noteData(start: number): void {
    const size = this.section.size - start;
    if (size > 0 && !this.section.nobits) {
      this.listing.push({ section: this.section, offset: start, size, loc: this.loc(), text: this.statement.text, kind: 'data' });
    }
  }
}

/** A symbol name as the user wrote it (numeric local label instances lose their suffix). */
export function displayName(name: string): string {
  const i = name.indexOf('\u0002');
  return i < 0 ? name : name.slice(0, i);
}

