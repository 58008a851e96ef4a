// Completion for the Neuron API: members after `tensor.`, `accessor.`, `stream.` (the public methods
// of the receiver's class and its bases, with their docs) — also after any expression such as
// `acc[i].` or `t.accessor<float, 2>()[0].`, typed by analysing the text with the half-typed member
// access cut off (receiver.ts) — names after `torch::`, `torch::neuron::` and `CoherencyEnforcer::`, and
// the IVP intrinsics and vector types (ivp-completion.ts).

import type { CompletionItem } from 'vscode-languageserver/node';
import { CompletionItemKind, InsertTextFormat } from './lsp';
import type { Analysis } from '../language';
import { FileContext } from '../language/checks';
import type { ClassDecl, FunctionDecl, FunctionTemplate } from '../language/model';
import { describeFunction, nonReference, type Type } from '../language/model';
import { apiDoc } from './api-docs';
import { functionAt } from './position';
import { isolatedText, patchedText, receiverBefore, type Receiver } from './receiver';
import { ivpCompletions, ivpWord } from './ivp-completion';

const NAMESPACES: Record<string, [string, CompletionItemKind, string?][]> = {
  'torch::neuron::': [
    ['tcm_malloc', CompletionItemKind.Function, 'torch::neuron::tcm_malloc'],
    ['tcm_free', CompletionItemKind.Function, 'torch::neuron::tcm_free'],
  ],
  'CoherencyEnforcer::': [
    ['COHERENT', CompletionItemKind.EnumMember],
    ['INCOHERENT_VERBOSE', CompletionItemKind.EnumMember],
    ['INCOHERENT_QUIET', CompletionItemKind.EnumMember],
  ],
  'torch::': [
    ...['zeros', 'ones', 'empty', 'full', 'eye'].map((n): [string, CompletionItemKind, string] => [n, CompletionItemKind.Function, `at::${n}`]),
    ...['abs', 'ceil', 'floor', 'sin', 'cos', 'tan', 'log', 'log2', 'log10', 'exp', 'add', 'sub', 'mul', 'div', 'pow', 'clamp', 'bitwise_and', 'bitwise_or', 'bitwise_not']
      .flatMap((n): [string, CompletionItemKind, string][] => [[n, CompletionItemKind.Function, `at::${n}`], [`${n}_out`, CompletionItemKind.Function, `at::${n}_out`]]),
    ...['kFloat', 'kBFloat16', 'kHalf', 'kInt', 'kChar', 'kShort', 'kByte'].map((n): [string, CompletionItemKind] => [n, CompletionItemKind.Constant]),
    ['Tensor', CompletionItemKind.Class],
    ['CoherencyEnforcer', CompletionItemKind.Class],
    ['neuron', CompletionItemKind.Module],
  ],
};

/** Analyses a patched copy of the document (for receivers the front-end cannot type while half typed). */
export type ScratchAnalysis = (patchedText: string) => Analysis | undefined;

/** Completion items at a position, given the text of the line up to the cursor. */
export function completions(
  analysis: Analysis | undefined,
  file: string,
  line: number,
  column: number,
  linePrefix: string,
  snippets: boolean,
  scratch?: { text: string; analyse: ScratchAnalysis },
): CompletionItem[] {
  const scoped = /((?:\w+::)+)\w*$/.exec(linePrefix);
  if (scoped && !/(?:\.|->)\s*\w*$/.test(linePrefix)) {
    const key = Object.keys(NAMESPACES).find((k) => scoped[1].endsWith(k));
    return key ? NAMESPACES[key].map(([label, kind, q]) => ({ label, kind, documentation: q ? apiDoc(q) : undefined })) : [];
  }
  const ivp = analysis && ivpWord(linePrefix);
  if (ivp) return ivpCompletions(analysis, ivp, snippets);
  const r = receiverBefore(linePrefix);
  if (!r) return [];
  const cls = receiverClassOf(analysis, file, line, column, r, scratch);
  return cls ? memberItems(cls, snippets) : [];
}

/** The class of the receiver `r` of a member access on `line`: a variable's type from the analysis,
 *  else (an expression, or a variable the analysis of the half-typed text lost) the type of the
 *  receiver expression in a patched analysis of the document (receiver.ts). */
export function receiverClassOf(
  analysis: Analysis | undefined,
  file: string,
  line: number,
  column: number,
  r: Receiver,
  scratch?: { text: string; analyse: ScratchAnalysis },
): ClassDecl | undefined {
  const named = /^[A-Za-z_]\w*$/.test(r.text) && analysis ? receiverClass(analysis, file, line, column, r.text) : undefined;
  return named ?? (scratch && [patchedText, isolatedText].reduce<ClassDecl | undefined>((found, patch) => found ?? expressionClass(scratch.analyse(patch(scratch.text, line, r)), line, r), undefined));
}

/** The class of the expression spanning the receiver in a (patched) analysis. */
function expressionClass(analysis: Analysis | undefined, line: number, r: Receiver): ClassDecl | undefined {
  if (!analysis) return undefined;
  for (const fc of new FileContext(analysis).functions) {
    for (const e of fc.index.all) {
      const range = fc.rangeOf(e.loc);
      if (range.file !== analysis.file || range.start.line !== line || range.end.line !== line) continue;
      if (range.start.column !== r.start || range.end.column !== r.end) continue;
      const cls = classOf(e.type, r.arrow);
      if (cls) return cls;
    }
  }
  return undefined;
}

function classOf(type: Type, arrow: boolean): ClassDecl | undefined {
  const t = nonReference(type);
  if (!arrow && t.kind === 'class') return t.decl;
  if (t.kind === 'pointer' && t.pointee.kind === 'class') return t.pointee.decl;
  return undefined;
}

function receiverClass(analysis: Analysis, file: string, line: number, column: number, name: string): ClassDecl | undefined {
  const ctx = new FileContext(analysis);
  const at = functionAt(ctx, file, line, column);
  const candidates = at ? [at.fc] : ctx.functions;
  for (const fc of candidates) {
    const found = fc.typeNamed(name, at ? at.offset : fc.span.end);
    const cls = found && (classOf(found, false) ?? classOf(found, true));
    if (cls) return cls;
  }
  return undefined;
}

function memberItems(cls: ClassDecl, snippets: boolean): CompletionItem[] {
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const c of cls.chain()) {
    c.require();
    for (const [name, decls] of c.scope.members) {
      if (seen.has(name) || name.startsWith('operator') || name.startsWith('~') || name === c.name) continue;
      const fns = decls.filter((d): d is FunctionDecl | FunctionTemplate => (d.kind === 'function' || d.kind === 'function-template') && d.access === 'public');
      const usable = fns.filter((d) => d.kind !== 'function' || (!d.deleted && d.role === 'function'));
      if (!usable.length) continue;
      seen.add(name);
      out.push(item(name, usable, snippets));
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function item(name: string, fns: (FunctionDecl | FunctionTemplate)[], snippets: boolean): CompletionItem {
  const f = fns[0];
  const template = f.kind === 'function-template';
  const detail = f.kind === 'function' ? describeFunction(f) : `template <${f.params.map((p) => p.name).join(', ')}> ${f.qualifiedName}`;
  const it: CompletionItem = { label: name, kind: CompletionItemKind.Method, detail, documentation: apiDoc(f.qualifiedName) };
  if (snippets) {
    const targs = template ? `<${f.params.map((p, i) => `\${${i + 1}:${p.name}}`).join(', ')}>` : '';
    const args = takesNoArguments(f) ? '()' : `(\${${template ? f.params.length + 1 : 1}})`;
    it.insertText = `${name}${targs}${args}`;
    it.insertTextFormat = InsertTextFormat.Snippet;
  }
  return it;
}

function takesNoArguments(f: FunctionDecl | FunctionTemplate): boolean {
  if (f.kind === 'function') return f.params.length === 0;
  const params = f.node.descendantsOfType('parameter_list')[0];
  return !!params && params.namedChildCount === 0;
}
