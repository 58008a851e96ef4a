// Signature help: inside the parentheses of a call being typed, the callee's declarations (every
// overload, each with its parameters as written and the API's one-line doc) and the parameter the
// cursor is in. The call is read off the line before the cursor: the innermost parenthesis left open
// (strings and template argument lists skipped), its callee before it — `f`, `ns::f`, `obj.m`,
// `expr->m`, `t.accessor<float, 2>` — and the commas at its own level. A member's receiver is typed as
// completion types it (completion.ts, receiver.ts) and the member looked up in its class; a name is
// looked up as code in the cursor's function would see it (the model's lookupFrom).

import type { SignatureHelp, SignatureInformation } from 'vscode-languageserver/node';
import type { Analysis } from '../language';
import { FileContext } from '../language/checks';
import type { Decl, FunctionDecl, FunctionTemplate, Scope } from '../language/model';
import { typeToString } from '../language/model';
import { apiDoc } from './api-docs';
import { receiverClassOf, type ScratchAnalysis } from './completion';
import { functionAt } from './position';
import { receiverBefore } from './receiver';

type Callable = FunctionDecl | FunctionTemplate;

/** The call the cursor is in: the callee's text as written and the argument the cursor is in. */
export interface OpenCall {
  /** The line up to the end of the callee's name (what precedes the `(`, template arguments excluded). */
  readonly calleePrefix: string;
  /** The callee's name and its qualifier (`ns::`), when it has one. */
  readonly name: string;
  readonly qualifier?: string;
  /** A member call: the line up to the member's name (ends in `.name` or `->name`). */
  readonly member: boolean;
  /** 0-based: the commas at the call's own level before the cursor. */
  readonly argument: number;
}

/** Blanks string and character literals (same length), so their brackets and commas do not count. */
function withoutLiterals(s: string): string {
  return s.replace(/"(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?/g, (m) => ' '.repeat(m.length));
}

/** Blanks template argument lists after a name (`accessor<float, 2>`), innermost first. */
function withoutTemplateArguments(s: string): string {
  let out = s;
  for (let k = 0; k < 8; k++) {
    const next = out.replace(/(\w\s*)<([^<>()]*)>/g, (_m, head: string, args: string) => `${head} ${' '.repeat(args.length)} `);
    if (next === out) break;
    out = next;
  }
  return out;
}

/** The innermost call left open at the end of `linePrefix`. */
export function openCall(linePrefix: string): OpenCall | undefined {
  const masked = withoutTemplateArguments(withoutLiterals(linePrefix));
  const stack: { c: string; at: number; commas: number }[] = [];
  for (let i = 0; i < masked.length; i++) {
    const c = masked[i];
    if (c === '(' || c === '[' || c === '{') stack.push({ c, at: i, commas: 0 });
    else if (c === ')' || c === ']' || c === '}') stack.pop();
    else if (c === ',' && stack.length) stack[stack.length - 1].commas++;
  }
  const open = [...stack].reverse().find((x) => x.c === '(');
  if (!open) return undefined;
  const before = masked.slice(0, open.at).trimEnd();
  const m = /((?:\w+\s*::\s*)*)(~?[A-Za-z_]\w*)$/.exec(before);
  if (!m || /^(if|while|for|switch|return|sizeof|alignof|decltype|catch)$/.test(m[2])) return undefined;
  const start = before.length - m[0].length;
  const member = /(\.|->)\s*$/.test(before.slice(0, start));
  return { calleePrefix: linePrefix.slice(0, before.length), name: m[2], qualifier: m[1] ? m[1].replace(/\s+/g, '') : undefined, member, argument: open.commas };
}

/** The functions and function templates named `name` among a scope's members. */
function callables(decls: readonly Decl[]): Callable[] {
  return decls.filter((d): d is Callable => (d.kind === 'function' && !d.deleted && !d.implicit) || d.kind === 'function-template');
}

/** The scope around the cursor's function (its namespace or class), else the global scope. */
function scopeAt(analysis: Analysis, file: string, line: number, column: number): Scope {
  const at = functionAt(new FileContext(analysis), file, line, column);
  return at?.fc.fn.body?.scope ?? analysis.model.globalScope;
}

/** A parameter list as written: each parameter's declaration text. */
function parameterTexts(f: Callable): string[] {
  if (f.kind === 'function') {
    const out = f.params.map((p) => p.loc.unit.text.slice(p.loc.start, p.loc.end).replace(/\s+/g, ' ') || `${typeToString(p.type)} ${p.name}`.trim());
    return f.variadic ? [...out, '...'] : out;
  }
  const list = f.node.descendantsOfType('parameter_list')[0];
  return list ? list.namedChildren.filter((c) => c.type !== 'comment').map((c) => c.text) : [];
}

/** A signature: `name(p1, p2)` with each parameter's place in the label. */
function signature(f: Callable): SignatureInformation {
  const params = parameterTexts(f);
  const targs = f.kind === 'function-template' ? `<${f.params.map((p) => p.name).join(', ')}>` : '';
  const ret = f.kind === 'function' && f.role === 'function' ? `${typeToString(f.ret)} ` : '';
  let label = `${ret}${f.qualifiedName}${targs}(`;
  const parameters = params.map((p, i) => {
    if (i) label += ', ';
    const at: [number, number] = [label.length, label.length + p.length];
    label += p;
    return { label: at };
  });
  label += ')';
  if (f.kind === 'function' && f.isConst) label += ' const';
  const doc = apiDoc(f.qualifiedName);
  return doc ? { label, parameters, documentation: doc } : { label, parameters };
}

/** `textDocument/signatureHelp` at a position, given the text of the line up to the cursor. */
export function signatureHelp(
  analysis: Analysis | undefined,
  file: string,
  line: number,
  column: number,
  linePrefix: string,
  scratch?: { text: string; analyse: ScratchAnalysis },
): SignatureHelp | null {
  const call = openCall(linePrefix);
  if (!call || !analysis) return null;
  let found: Callable[];
  if (call.member) {
    const r = receiverBefore(call.calleePrefix);
    const cls = r && receiverClassOf(analysis, file, line, column, r, scratch);
    found = cls ? callables(analysis.model.members(cls, call.name)).filter((d) => d.access === 'public') : [];
  } else {
    found = callables(analysis.model.lookupFrom(scopeAt(analysis, file, line, column), `${call.qualifier ?? ''}${call.name}`));
  }
  if (!found.length) return null;
  // overloads that read the same (`accessor() const&` and `accessor() &`, both templates) show once
  const signatures = [...new Map(found.map((f) => [signature(f).label, signature(f)])).values()];
  const fits = signatures.findIndex((s) => (s.parameters?.length ?? 0) > call.argument || s.parameters?.some((p) => Array.isArray(p.label) && s.label.slice(p.label[0], p.label[1]) === '...'));
  return { signatures, activeSignature: Math.max(0, fits), activeParameter: call.argument };
}
