// What a domain check produces and consumes: diagnostics that carry quick fixes (text edits in source
// ranges, no editor protocol) and the options the editor or the CLI passes. The check interface, which
// takes the checks' contexts, is in types.ts; this file imports none of them, so the contexts can use
// these shapes without an import circle.

import type { DiagnosticCode } from '../diagnostic-codes';
import type { Diagnostic, SourceRange } from '../diagnostics';

export type CoherencePolicy = 'COHERENT' | 'INCOHERENT_VERBOSE' | 'INCOHERENT_QUIET';

export interface CheckOptions {
  /** The library is built with `multicore=True` (an in-source `// q7: multicore` also turns it on). */
  multicore?: boolean;
  /** The coherence policy tensors start with (the device's default is COHERENT). */
  defaultPolicy?: CoherencePolicy;
  /** The shape file registering this kernel file's ops (found by shape-file.ts's findShapeSource). */
  shapeSource?: import('./shape-file').ShapeSource;
}

export interface TextEdit {
  range: SourceRange;
  newText: string;
}

/** A quick fix: a title for the menu and the edits that apply it. */
export interface Fix {
  title: string;
  edits: TextEdit[];
}

/** A `note:` under a diagnostic: why it is one (which tensor, which accessor, the other side of a conflict), at a place or not. */
export interface Note {
  message: string;
  range?: SourceRange;
}

/**
 * A domain diagnostic, shaped as clang and rustc shape theirs: a one-line `message` that names the problem,
 * `notes` with the why, a `help` line with the fix; plus quick fixes and the generic errors it explains.
 */
export interface CheckDiagnostic extends Diagnostic {
  notes?: Note[];
  /** How to fix it, one sentence (shown as `help:`). */
  help?: string;
  fixes?: Fix[];
  /** Front-end diagnostic codes at this range that this one replaces with a domain explanation. */
  supersedes?: DiagnosticCode[];
  /** Front-end diagnostics elsewhere that follow from this one (a cascade): codes within ranges. */
  silences?: { codes: DiagnosticCode[]; ranges: SourceRange[] };
}
