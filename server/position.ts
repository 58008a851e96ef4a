// The position query hovers and go-to-definition need: what is at a line and column of a file. Uses
// the model's own `nodeAt` when the front-end has it; otherwise an adapter over the analysed function
// bodies (expressions by span, locals and parameters by their names).

import type { Analysis, SourceRange } from '../language';
import { FileContext } from '../language/checks';
import type { FunctionContext } from '../language/checks';
import type { ClassLayout, Decl, Unit, Expr, Type } from '../language/model';
import { typeToString } from '../language/model';

export interface PositionInfo {
  kind: 'expression' | 'declaration' | 'type';
  range: SourceRange;
  expr?: Expr;
  decl?: Decl;
  type?: Type;
  typeText?: string;
  layout?: { size: number; align: number; class?: ClassLayout };
}

type NodeAt = (file: string, line: number, column: number) => PositionInfo | undefined;

/** What is at `line`/`column` (0-based, UTF-16) of `file` in the analysis. */
export function infoAt(analysis: Analysis, file: string, line: number, column: number): PositionInfo | undefined {
  const nodeAt = (analysis.model as unknown as { nodeAt?: NodeAt }).nodeAt;
  if (typeof nodeAt === 'function') {
    const found = nodeAt.call(analysis.model, file, line, column);
    if (found) return found;
  }
  return fallbackInfo(analysis, file, line, column);
}

/** The function of the file around a position, and the offset of the position in its unit. */
export function functionAt(ctx: FileContext, file: string, line: number, column: number): { fc: FunctionContext; offset: number } | undefined {
  for (const fc of ctx.functions) {
    const offset = offsetIn(fc.unit, file, line, column);
    if (offset !== undefined && offset >= fc.span.start && offset <= fc.span.end) return { fc, offset };
  }
  return undefined;
}

/** The unit offset of a file position (binary search over the unit's map), if the unit covers it. */
export function offsetIn(unit: Unit, file: string, line: number, column: number): number | undefined {
  const locate = (unit.map as { locate?: (f: string, l: number, c: number, n: number) => number | undefined }).locate;
  if (typeof locate === 'function') return locate.call(unit.map, file, line, column, unit.text.length);
  const whole = unit.map.range(0, unit.text.length);
  const p = { line, column };
  const cmp = (a: { line: number; column: number }, b: { line: number; column: number }) => a.line - b.line || a.column - b.column;
  if (whole.file !== file || cmp(p, whole.start) < 0 || cmp(p, whole.end) > 0) return undefined;
  const before = (a: { line: number; column: number }) => cmp(a, p) <= 0;
  let lo = 0;
  let hi = unit.text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (before(unit.map.range(mid, mid).start)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function fallbackInfo(analysis: Analysis, file: string, line: number, column: number): PositionInfo | undefined {
  const ctx = new FileContext(analysis);
  const at = functionAt(ctx, file, line, column);
  if (!at) return undefined;
  const { fc, offset } = at;
  for (const l of fc.locals) {
    if (l.decl.loc.start <= offset && offset < l.decl.loc.end) return describe(analysis, 'declaration', fc.rangeOf(l.decl.loc), l.decl.type, { decl: l.decl });
  }
  const e = fc.index.innermostAt(offset);
  if (!e) return undefined;
  return describe(analysis, 'expression', fc.rangeOf(e.loc), e.type, { expr: e, decl: e.callee ?? e.decl });
}

function describe(analysis: Analysis, kind: PositionInfo['kind'], range: SourceRange, type: Type, extra: Partial<PositionInfo>): PositionInfo {
  const info: PositionInfo = { kind, range, ...extra };
  if (type.kind === 'error') return info;
  info.type = type;
  info.typeText = typeToString(type);
  const t = type.kind === 'reference' ? type.referee : type;
  if (t.kind === 'function') return info;
  const sa = analysis.model.sizeAlign(t);
  if (sa) info.layout = { ...sa, class: t.kind === 'class' ? analysis.model.classLayout(t.decl) : undefined };
  return info;
}
