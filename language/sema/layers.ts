// The two layers of an analysis. The SDK layer (the system headers a file includes first) is analysed
// once and shared by every analysis that includes the same headers the same way; the user layer (the
// rest of the file) is built over it, and after an edit inside one function body it is kept and only
// that body is analysed again.

import type { Diagnostic } from '../diagnostics';
import { syntaxErrors } from '../parse/syntax-errors';
import type { SegmentUnit } from '../units/segment-unit';
import { Analyzer, type AnalyzerOptions } from './analyzer';
import { analyseScheduledBodies, reanalyseBody } from './body-schedule';
import { declareUnit } from './declare';
import { Loc, type FunctionDecl } from '../model/declarations';
import { layerReports, toDiagnostic } from './reports';
import './pass-table';

/**
 * One analysed system header (a chunk), over the layer of the headers included before it. Files that
 * include the same headers in the same order share the whole chain; a file that adds a header after
 * them shares the chain up to there.
 */
export class SdkLayer {
  readonly children: SdkLayer[] = [];
  /** When this layer was last used (for dropping the least recently used). */
  lastUsed = 0;

  constructor(
    readonly parent: SdkLayer | undefined,
    readonly chunk: { readonly file: string; readonly text: string },
    readonly checkSystemBodies: boolean,
    readonly analyzer: Analyzer,
    /** This layer's own units and diagnostics. */
    readonly ownUnits: readonly SegmentUnit[],
    readonly ownDiagnostics: readonly Diagnostic[],
  ) {}

  matches(chunk: { file: string; text: string }): boolean {
    return this.chunk.file === chunk.file && this.chunk.text === chunk.text;
  }

  /** The units of the whole chain, outermost header first. */
  get units(): SegmentUnit[] {
    return [...(this.parent?.units ?? []), ...this.ownUnits];
  }

  /** The diagnostics of the whole chain. */
  get diagnostics(): Diagnostic[] {
    return [...(this.parent?.diagnostics ?? []), ...this.ownDiagnostics];
  }
}

export function buildSdkLayer(parent: SdkLayer | undefined, chunk: { file: string; text: string }, units: SegmentUnit[], options: AnalyzerOptions): SdkLayer {
  const a = new Analyzer(options, parent?.analyzer);
  a.run(() => declareAll(a, units));
  const diagnostics = [...units.flatMap((u) => syntaxErrors(u.root, u.map)), ...layerReports(a).map(toDiagnostic)];
  return new SdkLayer(parent, { file: chunk.file, text: chunk.text }, !!options.checkSystemBodies, a, units, diagnostics);
}

/** A file's own declarations over an SDK layer. */
export class UserLayer {
  constructor(
    readonly base: SdkLayer | undefined,
    readonly analyzer: Analyzer,
    public units: readonly SegmentUnit[],
  ) {}
}

export function buildUserLayer(base: SdkLayer | undefined, units: SegmentUnit[], options: AnalyzerOptions): UserLayer {
  const a = new Analyzer(options, base?.analyzer);
  a.run(() => declareAll(a, units));
  return new UserLayer(base, a, units);
}

/**
 * `prev` brought up to date when the file changed only inside function bodies (the same units in the
 * same order, some with a new body); undefined when it must be rebuilt.
 */
export function updateUserLayer(prev: UserLayer, base: SdkLayer | undefined, units: readonly SegmentUnit[], bodyChanged: ReadonlySet<SegmentUnit>): UserLayer | undefined {
  if (prev.base !== base || prev.units.length !== units.length || units.some((u, i) => u !== prev.units[i])) return undefined;
  const a = prev.analyzer;
  // a deduced return type may change with the body, and every caller's types with it
  for (const unit of bodyChanged) if (topLevelFunctionsOf(a, unit).some((fn) => fn.autoReturn)) return undefined;
  for (const unit of bodyChanged) {
    const body = unit.root.childForFieldName('body');
    if (!body) return undefined;
    const init = unit.root.children.find((c) => c.type === 'field_initializer_list');
    a.run(() => {
      for (const fn of topLevelFunctionsOf(a, unit)) reanalyseBody(a, fn, body, init);
    });
  }
  return prev;
}

function declareAll(a: Analyzer, units: readonly SegmentUnit[]): void {
  for (const u of units) {
    a.units.add(u);
    a.site = new Loc(u, 0, u.text.length);
    declareUnit(a, u, u.root);
  }
  analyseScheduledBodies(a);
}

/** The scheduled functions defined by the unit's own top-level function definition. */
function topLevelFunctionsOf(a: Analyzer, unit: SegmentUnit): FunctionDecl[] {
  return a.pendingBodies.filter((fn) => fn.body?.unit === unit && fn.body.node.parent?.parent === null);
}
