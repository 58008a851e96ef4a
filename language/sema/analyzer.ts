// The analyser's shared state: diagnostics (charged to the user's code when they arise inside an
// instantiation of an SDK template), the global scope, the instantiation stack and name lookup.

import type { Node } from 'web-tree-sitter';
import { diagnostic, type Diagnostic, type Severity } from '../diagnostics';
import {
  Loc, Scope, type ClassDecl, type Decl, type FunctionDecl, type NamespaceDecl, type Unit,
} from './decls';

export interface InstantiationFrame {
  /** Where the instantiation was requested. */
  readonly loc: Loc;
  /** What is being instantiated, for the message. */
  readonly what: string;
  /** Errors raised inside it (stored on the instance so a cached one reports them again). */
  readonly errors: { message: string; code: string; loc: Loc }[];
}

export interface AnalyzerOptions {
  /** Also analyse the bodies of non-template functions in system (SDK) headers. */
  checkSystemBodies?: boolean;
}

export const MAX_INSTANTIATION_DEPTH = 48;

export class Analyzer {
  readonly diagnostics: Diagnostic[] = [];
  readonly global: Scope;
  readonly instStack: InstantiationFrame[] = [];
  /** Functions whose bodies are analysed at the end (after their classes are complete). */
  readonly pendingBodies: FunctionDecl[] = [];
  /** Every function with a body analysed in user code (for the language server and compiler). */
  readonly userFunctions: FunctionDecl[] = [];
  readonly userClasses: ClassDecl[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly options: AnalyzerOptions = {},
    global?: Scope,
  ) {
    this.global = global ?? new Scope('global', undefined);
  }

  // ---- diagnostics ---------------------------------------------------------------------------

  error(loc: Loc, code: string, message: string): void {
    this.report(loc, 'error', code, message);
  }

  warning(loc: Loc, code: string, message: string): void {
    this.report(loc, 'warning', code, message);
  }

  report(loc: Loc, severity: Severity, code: string, message: string): void {
    if (severity === 'error') for (const f of this.instStack) f.errors.push({ message, code, loc });
    const user = this.userSite(loc);
    if (user !== loc) {
      const where = loc.range;
      const inner = this.instStack.length ? this.instStack[this.instStack.length - 1].what : '';
      const related = [{ range: where, message: inner ? `in instantiation of ${inner}` : 'here' }];
      this.push(diagnostic(user.range, severity, code, message, related));
      return;
    }
    this.push(diagnostic(loc.range, severity, code, message));
  }

  /** Re-reports the errors recorded when an instance was first created, at the current use. */
  replay(errors: { message: string; code: string; loc: Loc }[], useLoc: Loc, what: string): void {
    if (!errors.length) return;
    const frame: InstantiationFrame = { loc: useLoc, what, errors: [] };
    this.instStack.push(frame);
    try {
      for (const e of errors) this.report(e.loc, 'error', e.code, e.message);
    } finally {
      this.instStack.pop();
    }
  }

  private push(d: Diagnostic): void {
    const key = `${d.range.file}:${d.range.start.line}:${d.range.start.column}:${d.code}:${d.message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.diagnostics.push(d);
  }

  /** The location to charge a problem to: itself if in user code, else the outermost user-code use. */
  userSite(loc: Loc): Loc {
    if (!loc.system) return loc;
    for (const f of this.instStack) if (!f.loc.system) return f.loc;
    return loc;
  }

  /** Runs `fn` inside an instantiation frame; returns its result and the errors raised in it. */
  instantiating<T>(loc: Loc, what: string, fn: () => T): { result: T | undefined; errors: InstantiationFrame['errors'] } {
    const frame: InstantiationFrame = { loc, what, errors: [] };
    if (this.instStack.length >= MAX_INSTANTIATION_DEPTH) {
      this.error(loc, 'instantiation-depth', `template instantiation depth exceeds ${MAX_INSTANTIATION_DEPTH} while instantiating ${what}`);
      return { result: undefined, errors: [] };
    }
    this.instStack.push(frame);
    try {
      return { result: fn(), errors: frame.errors };
    } finally {
      this.instStack.pop();
    }
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
    return [];
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
