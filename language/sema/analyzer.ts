// The analyser's state for one layer of declarations (a cached SDK layer, or a user file over it):
// the global scope, the problems reported (as Loc-based records, mapped to ranges only when an
// analysis is assembled), the instantiation stack, and the template instances that mention this
// layer's own declarations. Name lookup lives here too.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { Severity } from '../diagnostics';
import {
  Loc, NO_DECLS, Scope, type ClassDecl, type ClassTemplate, type Decl, type FunctionDecl, type FunctionTemplate, type NamespaceDecl,
  type Unit,
} from '../model/declarations';
import type { SyntaxNode as Node } from '../parse/syntax-node';
import type { Conversion } from './overload-records';
import type { LambdaFrame } from './lambda-frames';

/** A problem found by the analyser, located by a Loc (so a reused unit can move). */
export interface Report {
  readonly loc: Loc;
  readonly severity: Severity;
  readonly code: DiagnosticCode;
  readonly message: string;
  readonly related?: { loc: Loc; message: string }[];
}

export interface InstantiationFrame {
  /** Where the instantiation was requested. */
  readonly loc: Loc;
  /** What is being instantiated, for the message. */
  readonly what: string;
  /** Errors raised inside it (stored on the instance so a cached one reports them again). */
  readonly errors: { message: string; code: DiagnosticCode; loc: Loc }[];
}

export interface AnalyzerOptions {
  /** Also analyse the bodies of non-template functions in system (SDK) headers. */
  checkSystemBodies?: boolean;
}

export const MAX_INSTANTIATION_DEPTH = 48;

/** The analysers running now, innermost last. */
const running: Analyzer[] = [];

/**
 * The analyser running now. Work deferred by a cached SDK layer (completing a template instance,
 * evaluating a constant) runs on behalf of whichever analysis needs it, so it reports there.
 */
export function activeAnalyzer(fallback: Analyzer): Analyzer {
  return running[running.length - 1] ?? fallback;
}

export class Analyzer {
  readonly global: Scope;
  readonly instStack: InstantiationFrame[] = [];
  /** Functions whose bodies are analysed at the end (after their classes are complete). */
  readonly pendingBodies: FunctionDecl[] = [];
  /** Every function with a body analysed in user code (for the language server and compiler). */
  readonly userFunctions: FunctionDecl[] = [];
  /** The scheduled body being analysed, and the bodies each one scheduled (its local classes' methods). */
  currentBody?: FunctionDecl;
  readonly nestedBodies = new Map<FunctionDecl, FunctionDecl[]>();
  readonly userClasses: ClassDecl[] = [];
  /** Reports made while declaring (outside any function body). */
  readonly declarationReports: Report[] = [];
  /** Reports made while analysing each scheduled body. */
  readonly bodyReports = new Map<FunctionDecl, Report[]>();
  /** Where reports go now. */
  private sink: Report[] = this.declarationReports;
  /** Instances of shared (SDK) templates whose arguments mention this layer's declarations. */
  private readonly localInstances = new Map<ClassTemplate | FunctionTemplate, Map<string, ClassDecl | FunctionDecl | null>>();
  /** The statement or declaration being analysed: where to charge work whose requester is gone. */
  site?: Loc;
  /** The lambdas whose bodies are being analysed, innermost last. */
  readonly lambdas: LambdaFrame[] = [];
  /** Successful overload resolutions by the shape of the call (see overload-memo.ts). */
  readonly resolvedCalls = new Map<string, { fn: FunctionDecl; convs: Conversion[] }>();
  /** How many scheduled bodies have been analysed (again, after edits) in this layer. */
  bodiesAnalysed = 0;
  /** Units of this layer (for telling a live location from one of a discarded analysis). */
  readonly units = new Set<Unit>();

  constructor(
    readonly options: AnalyzerOptions = {},
    /** The cached layer this one is built on, if any. */
    readonly base?: Analyzer,
  ) {
    this.global = new Scope('global', undefined);
    if (base) this.global.underlying = base.global;
  }

  /** Runs `fn` with this analyser active (see activeAnalyzer). */
  run<T>(fn: () => T): T {
    running.push(this);
    try {
      return fn();
    } finally {
      running.pop();
    }
  }

  /** Runs `fn` with reports going to `sink`. */
  collecting<T>(sink: Report[], fn: () => T): T {
    const prev = this.sink;
    this.sink = sink;
    try {
      return fn();
    } finally {
      this.sink = prev;
    }
  }

  /** How many reports the current sink holds (to tell whether a step reported anything). */
  get reportCount(): number {
    return this.sink.length;
  }

  // ---- diagnostics ---------------------------------------------------------------------------

  error(loc: Loc, code: DiagnosticCode, message: string): void {
    this.report(loc, 'error', code, message);
  }

  warning(loc: Loc, code: DiagnosticCode, message: string): void {
    this.report(loc, 'warning', code, message);
  }

  report(loc: Loc, severity: Severity, code: DiagnosticCode, message: string, related: { loc: Loc; message: string }[] = []): void {
    if (severity === 'error') for (const f of this.instStack) f.errors.push({ message, code, loc });
    const user = this.userSite(loc);
    if (user !== loc) {
      const inner = this.instStack.length ? this.instStack[this.instStack.length - 1].what : '';
      related = [{ loc, message: inner ? `in instantiation of ${inner}` : 'here' }, ...related];
    }
    this.sink.push(related.length ? { loc: user, severity, code, message, related } : { loc: user, severity, code, message });
  }

  /** Re-reports the errors recorded when an instance was first created, at the current use. */
  replay(errors: { message: string; code: DiagnosticCode; loc: Loc }[], useLoc: Loc, what: string): void {
    if (!errors.length) return;
    const frame: InstantiationFrame = { loc: this.live(useLoc), what, errors: [] };
    this.instStack.push(frame);
    try {
      for (const e of errors) this.report(e.loc, 'error', e.code, e.message);
    } finally {
      this.instStack.pop();
    }
  }

  /** The location to charge a problem to: itself if in user code, else the outermost user-code use. */
  userSite(loc: Loc): Loc {
    if (!loc.system) return loc;
    for (const f of this.instStack) if (!f.loc.system) return f.loc;
    return loc;
  }

  /** `loc`, unless it lies in a unit no longer analysed (then the current site). */
  live(loc: Loc): Loc {
    if (loc.unit.shared || this.owns(loc.unit)) return loc;
    return this.site ?? loc;
  }

  private owns(unit: Unit): boolean {
    return this.units.has(unit) || (this.base?.owns(unit) ?? false);
  }

  /** Runs `fn` inside an instantiation frame; returns its result and the errors raised in it. */
  instantiating<T>(loc: Loc, what: string, fn: () => T): { result: T | undefined; errors: InstantiationFrame['errors'] } {
    const frame: InstantiationFrame = { loc: this.live(loc), what, errors: [] };
    if (this.instStack.length >= MAX_INSTANTIATION_DEPTH) {
      this.error(frame.loc, 'instantiation-depth', `template instantiation depth exceeds ${MAX_INSTANTIATION_DEPTH} while instantiating ${what}`);
      return { result: undefined, errors: [] };
    }
    this.instStack.push(frame);
    try {
      return { result: fn(), errors: frame.errors };
    } finally {
      this.instStack.pop();
    }
  }

  /**
   * Where instances of `tmpl` are kept: on the template itself, unless it belongs to a shared layer
   * and the arguments mention this layer's declarations (then here, so the shared layer stays clean).
   */
  instancesFor(tmpl: ClassTemplate, sharedArgs: boolean): Map<string, ClassDecl>;
  instancesFor(tmpl: FunctionTemplate, sharedArgs: boolean): Map<string, FunctionDecl | null>;
  instancesFor(tmpl: ClassTemplate | FunctionTemplate, sharedArgs: boolean): Map<string, ClassDecl | FunctionDecl | null> {
    if (!tmpl.loc.unit.shared || sharedArgs) return tmpl.instances;
    let m = this.localInstances.get(tmpl);
    if (!m) this.localInstances.set(tmpl, (m = new Map()));
    return m;
  }

  // ---- name lookup ---------------------------------------------------------------------------

  /** Unqualified lookup from `scope` outward. */
  lookup(name: string, scope: Scope): Decl[] {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const found = this.lookupIn(s, name, true);
      if (found.length) return found;
    }
    return [];
  }

  /** Names found in one scope: its members, a class's bases, a namespace's using-directives. */
  lookupIn(scope: Scope, name: string, viaUsing: boolean): Decl[] {
    const own = scope.own(name);
    if (own.length) return own;
    if (scope.kind === 'class' && scope.owner && scope.owner.kind === 'class') {
      const cls = scope.owner as ClassDecl;
      cls.require();
      if (cls.base) {
        cls.base.require();
        const inBase = this.lookupIn(cls.base.scope, name, false);
        if (inBase.length) return inBase;
      }
    }
    if (viaUsing) {
      const dirs = scope.allUsingDirectives();
      if (dirs.length) {
        const out: Decl[] = [];
        const visited = new Set<NamespaceDecl>();
        const visit = (ns: NamespaceDecl) => {
          if (visited.has(ns)) return;
          visited.add(ns);
          const got = ns.scope.own(name);
          if (got.length) out.push(...got.filter((d) => !out.includes(d)));
          else ns.scope.allUsingDirectives().forEach(visit);
        };
        dirs.forEach(visit);
        if (out.length) return out;
      }
    }
    return NO_DECLS;
  }

  /** Qualified lookup `ns::name` or `Class::name`. */
  lookupQualified(scopeDecl: Decl, name: string): Decl[] {
    if (scopeDecl.kind === 'namespace') return this.lookupIn(scopeDecl.scope, name, true);
    if (scopeDecl.kind === 'class') {
      scopeDecl.require();
      return this.lookupIn(scopeDecl.scope, name, false);
    }
    if (scopeDecl.kind === 'enum') return scopeDecl.scope.own(name);
    return [];
  }

  /** The nearest enclosing class scope's class (for `this`). */
  enclosingClass(scope: Scope): ClassDecl | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.kind === 'class') return s.owner as ClassDecl;
    }
    return undefined;
  }

  enclosingFunction(scope: Scope): FunctionDecl | undefined {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.kind === 'function') return s.owner as FunctionDecl;
    }
    return undefined;
  }

  locOf(unit: Unit, node: Node): Loc {
    return Loc.of(unit, node);
  }
}
