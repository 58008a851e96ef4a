// Symbol tables: one scope per source file (local labels, `.set` symbols, numeric local labels) and
// one global scope shared by all files (symbols declared `.global`/`.weak`, commons, --defsym), as a
// linker would combine separately assembled files.

import { STT_NOTYPE } from '../elf/types';
import { StatementError, SourceLoc } from './errors';
import { Expr, Value } from './expr';
import type { InputSection } from './sections';

export type Binding = 'local' | 'global' | 'weak';

/** A `.set`-style definition whose expression could not be evaluated when it was read. */
export interface DeferredValue {
  readonly expr: Expr;
  readonly dot: Value;
  readonly scope: FileScope;
}

export interface SymbolEntry {
  readonly name: string;
  readonly scope: FileScope | null;
  /** Label or evaluated `.set`: a section offset or an absolute number. */
  value?: Value;
  deferred?: DeferredValue;
  /** `.comm`/`.lcomm`: allocated after the first pass. */
  common?: { size: number; align: number };
  /** True for `.set`/`.equ`/`=` symbols (may be redefined). */
  isEquate: boolean;
  defined: boolean;
  definedAt?: SourceLoc;
  bind?: Binding;
  type: number;
  size?: { expr: Expr; dot: Value; scope: FileScope; loc: SourceLoc } | number;
  /** Declared `.local` (keeps a `.comm` local). */
  forcedLocal: boolean;
  /** Evaluation in progress (cycle detection for deferred values). */
  visiting?: boolean;
}

/** Names that never reach the ELF symbol table: `.L` labels and numeric local label instances. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.L') || name.includes('\u0002');
}

export class FileScope {
  readonly symbols = new Map<string, SymbolEntry>();
  private readonly localCount = new Map<string, number>();

  constructor(
    readonly file: string,
    readonly index: number,
  ) {}

  entry(name: string): SymbolEntry {
    let e = this.symbols.get(name);
    if (!e) {
      e = { name, scope: this, isEquate: false, defined: false, type: STT_NOTYPE, forcedLocal: false };
      this.symbols.set(name, e);
    }
    return e;
  }

  /** Symbol name of the next definition of numeric label `digits`. */
  defineLocalLabel(digits: string): string {
    const n = this.localCount.get(digits) ?? 0;
    this.localCount.set(digits, n + 1);
    return `${digits}\u0002${n}`;
  }

  /** Symbol name a `1b`/`1f` reference means at this point of the file. */
  referLocalLabel(digits: string, direction: 'b' | 'f', column: number): string {
    const n = this.localCount.get(digits) ?? 0;
    if (direction === 'b') {
      if (n === 0) throw new StatementError(`no previous definition of local label '${digits}'`, column);
      return `${digits}\u0002${n - 1}`;
    }
    return `${digits}\u0002${n}`;
  }
}

/** Where a use of `name` in `scope` resolves: the file's own definition, else the global one. */
export function resolveSymbol(
  scope: FileScope,
  globals: ReadonlyMap<string, SymbolEntry>,
  name: string,
): SymbolEntry | undefined {
  const own = scope.symbols.get(name);
  if (own && own.defined) return own;
  const g = globals.get(name);
  if (g) return g;
  return own;
}

export type { InputSection };
