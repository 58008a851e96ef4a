// Hover: the C++ type of what is under the cursor with its size, alignment and member offsets on the
// Q7 target; for accessor subscripts whether they translate a window (leaf) or only do address
// arithmetic; for tensors their known rank, shape and dtype; for API calls a one-line doc.

import type { Hover } from 'vscode-languageserver/node';
import { MarkupKind } from './lsp';
import type { Analysis } from '../language';
import { FileContext, sdkValue, dtypeName, factsOf, tensorOf, stripExpr } from '../language/checks';
import type { ClassDecl, Decl, Expr, FunctionDecl } from '../language/model';
import { describeFunction, describeVector, nonReference } from '../language/model';
import { apiDoc } from './api-docs';
import { intrinsicSignature, isIntrinsicDecl } from './ivp-completion';
import { toRange } from './convert';
import { functionAt, infoAt, type PositionInfo } from './position';

export function hover(analysis: Analysis, file: string, line: number, column: number): Hover | null {
  const info = infoAt(analysis, file, line, column);
  if (!info) return null;
  const parts = [signature(info), ...layoutLines(analysis, info), ...domainLines(analysis, file, line, column, info)].filter((s) => s);
  if (!parts.length) return null;
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n') }, range: toRange(info.range) };
}

function signature(info: PositionInfo): string {
  const fn = calledFunction(info);
  if (fn && isIntrinsicDecl(fn)) return '```cpp\n' + intrinsicSignature(fn) + '\n```';
  if (fn) {
    const result = info.expr?.callee === fn && info.typeText ? ` → ${info.typeText}` : '';
    return '```cpp\n' + describeFunction(fn) + result + '\n```' + (apiDoc(fn.qualifiedName) ? `\n\n${apiDoc(fn.qualifiedName)}` : '');
  }
  if (!info.typeText) return '';
  const name = info.decl && 'name' in info.decl && info.decl.kind === 'var' ? ` ${info.decl.name}` : '';
  return '```cpp\n' + info.typeText + name + '\n```';
}

function calledFunction(info: PositionInfo): FunctionDecl | undefined {
  const d: Decl | undefined = info.expr?.callee ?? info.decl;
  return d?.kind === 'function' ? d : undefined;
}

function hex(n: number): string {
  return `0x${n.toString(16).toUpperCase()}`;
}

/** `sizeof` and alignment on the target, and the member offsets of a class (bases flattened). */
function layoutLines(analysis: Analysis, info: PositionInfo): string[] {
  if (!info.layout || calledFunction(info)?.role === 'function') return [];
  const out = [`sizeof ${info.layout.size}, alignof ${info.layout.align} on the Q7 target (ILP32, 64-bit integers 8-aligned)`];
  const t = info.type && nonReference(info.type);
  if (t?.kind === 'vector') out.push(`IVP ${t.vector.file === 'vbool' ? 'predicate' : t.vector.file === 'wvec' ? 'wide accumulator' : 'vector'}: ${describeVector(t.vector)}; lane 0 at the lowest address`);
  if (t?.kind === 'class') {
    const members = flattenMembers(analysis, t.decl, 0);
    if (members.length) out.push(members.map((m) => `\`${m.name}\` @${hex(m.offset)} ${m.bits ?? `(${m.size})`}`).join(' · '));
  }
  return out;
}

type MemberLine = { name: string; offset: number; size: number; bits?: string };

function flattenMembers(analysis: Analysis, c: ClassDecl, at: number, depth = 0): MemberLine[] {
  const l = analysis.model.classLayout(c);
  if (!l || depth > 8) return [];
  const out: MemberLine[] = [];
  if (l.vptrOffset !== undefined && !l.base) out.push({ name: 'vptr', offset: at + l.vptrOffset, size: 4 });
  if (l.base) out.push(...flattenMembers(analysis, l.base.decl, at + l.base.offset, depth + 1));
  // a bit-field: its unit's offset, then its first bit in the unit and its width
  for (const f of l.fields) out.push({ name: f.name, offset: at + f.offset, size: f.size, ...(f.bitWidth !== undefined ? { bits: `bit ${f.bitOffset} (${f.bitWidth} bits)` } : {}) });
  return out;
}

function domainLines(analysis: Analysis, file: string, line: number, column: number, info: PositionInfo): string[] {
  const out: string[] = [];
  const e = info.expr;
  if (e) out.push(...subscriptLines(e));
  const v = info.type && sdkValue(info.type);
  if (v?.kind === 'element') out.push('A live element proxy: every read or write translates a window (`neuron_translate`) and touches HBM again; it is not a copy.');
  if (v?.kind === 'accessor') out.push(`${v.readOnly ? 'Read-only standard' : 'Standard'} accessor (unbuffered): holds one coherency slot of its tensor while alive; ${v.rank > 1 ? `each \`[]\` peels a dimension by address arithmetic only` : '`[]` returns the element proxy'}.`);
  if (v?.kind === 'tensor') out.push(...tensorLines(analysis, file, line, column, info));
  return out;
}

function subscriptLines(e: Expr): string[] {
  if (e.callee?.name !== 'operator[]') return [];
  const from = e.operands?.[0] && sdkValue(e.operands[0].type);
  if (from?.kind !== 'accessor') return [];
  return from.rank > 1
    ? [`Inner dimension (${from.rank} → ${from.rank - 1}): address arithmetic only (\`Q7PtrType::operator+\`), no window translation, no memory access.`]
    : ['Leaf subscript: returns a `TensorElementReference`; the window translation (`neuron_translate`) happens when the element is read or written.'];
}

function tensorLines(analysis: Analysis, file: string, line: number, column: number, info: PositionInfo): string[] {
  const ctx = new FileContext(analysis);
  const at = functionAt(ctx, file, line, column);
  if (!at) return [];
  const e: Expr | undefined = info.expr ?? (info.decl?.kind === 'var' ? at.fc.index.all.find((x) => stripExpr(x).decl === info.decl) : undefined);
  const ref = e ? tensorOf(at.fc, e) : info.decl?.kind === 'var' ? { handle: info.decl, name: info.decl.name } : undefined;
  if (!ref) return [];
  const f = factsOf(at.fc, ref, at.offset, ctx.tensorAnnotations(at.fc));
  const known: string[] = [];
  if (f.shape && f.shape.length) known.push(`shape {${f.shape.map((d) => (d === undefined ? '?' : String(d))).join(', ')}}`);
  else if (f.rank !== undefined) known.push(`rank ${f.rank}`);
  if (f.dtype !== undefined) known.push(`dtype ${dtypeName(f.dtype)}`);
  if (!known.length) return ['Rank, shape and dtype not known here (annotate with `// q7: name shape {…}` or `TORCH_CHECK(t.dim() == K)`).'];
  return [at.fc.resolveLines(`Tensor '${ref.name}': ${known.join(', ')}${f.rankSource ? ` — from ${f.rankSource}` : ''}.`)];
}

