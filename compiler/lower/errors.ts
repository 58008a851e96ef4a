// Compile errors: a construct the compiler does not handle (yet) stops compilation with a message at
// the construct's place — never wrong code. Lowering throws Unsupported; the driver collects it.

import type { Initialiser } from '../../language';
import type { Loc } from '../../language/model';
import type { SourcePos } from '../ir/ir';

export interface CompileDiagnostic {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export class Unsupported extends Error {
  constructor(
    message: string,
    readonly at?: SourcePos,
  ) {
    super(message);
  }
}

/** The 1-based position of the start of a location in the user's file. */
export function posOf(loc: Loc): SourcePos {
  const r = loc.range;
  return { file: r.file, line: r.start.line + 1, column: r.start.column + 1 };
}

export function unsupported(loc: Loc | SourcePos | undefined, message: string): never {
  const at = loc === undefined ? undefined : 'unit' in loc ? posOf(loc) : loc;
  throw new Unsupported(message, at);
}

export function formatCompileDiagnostic(d: CompileDiagnostic): string {
  return `${d.file}:${d.line}:${d.column}: error: ${d.message}`;
}

/** An initialiser the model analysed on request, when it has no errors (else the first, at its place). */
export function checkedInitialiser(init: Initialiser | undefined, at: Loc, what: string): Initialiser {
  if (!init) return unsupported(at, `internal: ${what} was not analysed`);
  const first = init.errors[0];
  if (first) unsupported(first.loc, first.message);
  if (init.args.some((e) => e.type.kind === 'error' && !e.list)) unsupported(init.loc, `${what} has errors`);
  return init;
}
