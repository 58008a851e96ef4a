// Completion of the IVP vector unit's names once <xtensa/tie/xt_ivp32.h> is included: the `IVP_*`
// intrinsics (with their signatures, and snippets naming their parameters) when the word typed so
// far starts with `IVP_`, and the vector types (`xb_vec…`, `vbool…`, `valign`) with their lanes.

import type { CompletionItem } from 'vscode-languageserver/node';
import { CompletionItemKind, InsertTextFormat } from './lsp';
import type { Analysis } from '../language';
import type { Decl, FunctionDecl, Scope } from '../language/model';
import { describeVector, typeToString } from '../language/model';

/** An intrinsic as the header declares it: `xb_vecN_2x32v IVP_ADDN_2X32(xb_vecN_2x32v a, xb_vecN_2x32v b)`. */
export function intrinsicSignature(fn: FunctionDecl): string {
  return `${typeToString(fn.ret)} ${fn.name}(${fn.params.map((p) => typeToString(p.type, p.name ?? '')).join(', ')})`;
}

/** A function of the IVP header: a free `IVP_*` function. */
export function isIntrinsicDecl(fn: FunctionDecl): boolean {
  return fn.name.startsWith('IVP_') && !fn.owner;
}

/** Every declaration of the global scope, the SDK layers under the file's own included. */
function globalDecls(scope: Scope): [string, Decl[]][] {
  const out: [string, Decl[]][] = [];
  for (let s: Scope | undefined = scope; s; s = s.underlying) out.push(...s.members);
  return out;
}

/** The word being typed at the end of `linePrefix`, when it is an IVP name or type. */
export function ivpWord(linePrefix: string): string | undefined {
  const w = /(?:^|[^\w.>:])([A-Za-z_]\w*)$/.exec(linePrefix)?.[1];
  if (!w || w.length < 2) return undefined;
  return ['IVP_', 'xb_vec', 'vbool', 'valign'].some((p) => w.startsWith(p) || p.startsWith(w)) ? w : undefined;
}

export function ivpCompletions(analysis: Analysis, word: string, snippets: boolean): CompletionItem[] {
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const [name, decls] of globalDecls(analysis.model.globalScope)) {
    if (seen.has(name) || !name.startsWith(word)) continue;
    const fn = decls.find((d): d is FunctionDecl => d.kind === 'function');
    if (fn && isIntrinsicDecl(fn)) {
      seen.add(name);
      out.push(intrinsicItem(fn, snippets));
      continue;
    }
    const td = decls.find((d) => d.kind === 'typedef');
    if (td?.kind === 'typedef' && td.type.kind === 'vector') {
      seen.add(name);
      out.push({ label: name, kind: CompletionItemKind.Struct, detail: `${name}: ${describeVector(td.type.vector)}` });
    }
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

function intrinsicItem(fn: FunctionDecl, snippets: boolean): CompletionItem {
  const it: CompletionItem = { label: fn.name, kind: CompletionItemKind.Function, detail: intrinsicSignature(fn) };
  if (snippets) {
    it.insertText = `${fn.name}(${fn.params.map((p, i) => `\${${i + 1}:${p.name || `arg${i + 1}`}}`).join(', ')})`;
    it.insertTextFormat = InsertTextFormat.Snippet;
  }
  return it;
}
