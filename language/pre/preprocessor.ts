// The preprocessor: #include (quote and angle forms, include paths, the SDK), #pragma once, #define /
// #undef, the #if family, #error; its output is a list of chunks of expanded text, each with a
// source map back to the user's files. A file #included at the top level of the main file becomes
// a chunk of its own so that unchanged headers can be parsed and analysed once and reused.

import type { Chunk, IncludeRecord, MacroDefinitionRecord } from './records';
import { diagnostic, type Diagnostic, type SourceRange } from '../diagnostics';
import type { FileHost } from '../host';
import { dirname, joinPath, normalizePath } from '../paths';
import { evaluateIf } from './if-expression';
import { IncludeCache, type IncludeEffects } from './include-cache';
import { MacroFingerprint } from './macro-fingerprint';
import { expandTokens, type ExpansionProblem, type Macro } from './macros';
import { ChunkBuilder } from './chunk-builder';
import { lex, scan, type Origin, type Token } from './tokens';
import type { TokenTable } from './token-table';
import type { DiagnosticCode } from '../diagnostic-codes';

export interface PreprocessOptions {
  /** Directories searched for `#include "..."` (after the includer's directory) and `#include <...>`. */
  includePaths?: string[];
  /** `-D` definitions: name → replacement text ('' for `-DNAME`, which defines it as 1). */
  defines?: Record<string, string>;
  /** Files that count as system headers (the SDK): their chunks may be cached and they are not "user" files. */
  isSystemFile?: (path: string) => boolean;
  /** Directories searched last for both include forms (the SDK root). */
  systemIncludePaths?: string[];
  /** Where the effects of top-level system #includes are remembered between runs. */
  includeCache?: IncludeCache;
}

export type { Chunk, IncludeRecord, MacroDefinitionRecord } from './records';

export interface PreprocessResult {
  chunks: Chunk[];
  diagnostics: Diagnostic[];
  includes: IncludeRecord[];
  macroDefinitions: MacroDefinitionRecord[];
  /** Lines skipped by conditional compilation, per file. */
  inactiveRanges: SourceRange[];
  /** Every file read, with its text (the main file first). */
  files: Map<string, string>;
}

const MAX_INCLUDE_DEPTH = 64;

interface Conditional {
  /** This branch's text is active. */
  active: boolean;
  /** Some branch of this #if was taken already. */
  taken: boolean;
  /** The enclosing region is active. */
  parentActive: boolean;
  sawElse: boolean;
  origin: Origin;
  inactiveFrom?: number;
}

export function preprocess(mainFile: string, host: FileHost, options: PreprocessOptions = {}): PreprocessResult {
  return new Preprocessor(host, options).run(normalizePath(mainFile));
}

class Preprocessor {
  private readonly macros = new Map<string, Macro>();
  private readonly diagnostics: Diagnostic[] = [];
  private readonly includes: IncludeRecord[] = [];
  private readonly macroDefinitions: MacroDefinitionRecord[] = [];
  private readonly inactive: SourceRange[] = [];
  private readonly files = new Map<string, string>();
  private readonly onceFiles = new Set<string>();
  private readonly chunks: Chunk[] = [];
  private current!: ChunkBuilder;
  private mainFile = '';
  private braceDepth = 0;
  /** A fingerprint of every #define/#undef so far (with the predefined macros), for the include cache. */
  private macroState = new MacroFingerprint();
  /** First characters (& 127) of every macro name defined so far, and '_' (for __LINE__, __FILE__). */
  private readonly macroInitials = new Uint8Array(128).fill(0, 0, 128).fill(1, 95, 96);
  /** While a cacheable #include is processed: what it does. */
  private recording?: Recording;

  constructor(
    private readonly host: FileHost,
    private readonly options: PreprocessOptions,
  ) {
    this.predefine();
  }

  run(mainFile: string): PreprocessResult {
    this.mainFile = mainFile;
    this.startChunk(mainFile);
    const text = this.host.readFile(mainFile);
    if (text === undefined) {
      this.diagnostics.push(diagnostic(emptyRange(mainFile), 'error', 'file-not-found', `cannot read '${mainFile}'`));
    } else {
      this.setFile(mainFile, text);
      this.processFile(mainFile, text, 0);
    }
    this.finishChunk();
    if (this.chunks.length === 0) this.chunks.push(this.current.build());
    return {
      chunks: this.chunks,
      diagnostics: this.diagnostics,
      includes: this.includes,
      macroDefinitions: this.macroDefinitions,
      inactiveRanges: this.inactive,
      files: this.files,
    };
  }

  private predefine(): void {
    const pre: Record<string, string> = {
      __cplusplus: '201402L',
      __STDC_HOSTED__: '0',
      __xtensa__: '1',
      __XTENSA__: '1',
      __XTENSA_EL__: '1',
      __ILP32__: '1',
      __SIZEOF_POINTER__: '4',
      __SIZEOF_LONG__: '4',
      __SIZEOF_INT__: '4',
      __SIZEOF_LONG_LONG__: '8',
      __SIZEOF_SIZE_T__: '4',
      __CHAR_BIT__: '8',
      __Q7_STUDIO__: '1',
    };
    for (const [k, v] of Object.entries(pre)) this.defineFromText(k, v);
    for (const [k, v] of Object.entries(this.options.defines ?? {})) {
      const m = /^([A-Za-z_]\w*)(\(.*\))?$/.exec(k);
      if (!m) {
        this.diagnostics.push(diagnostic(emptyRange('<command line>'), 'error', 'bad-define', `invalid macro name in -D '${k}'`));
        continue;
      }
      this.defineFromText(k, v === '' ? '1' : v);
    }
  }

  private defineFromText(name: string, value: string): void {
    const toks = lex('<command line>', `#define ${name} ${value}`).tokens;
    this.define(toks.slice(2), false);
  }

  // ---- chunks -------------------------------------------------------------------------------

  private startChunk(file: string): void {
    this.current = new ChunkBuilder(file, this.isSystem(file), (f) => this.files.get(f));
  }

  private finishChunk(): void {
    const c = this.current.build();
    if (c.text.trim() !== '') this.chunks.push(c);
  }

  private isSystem(file: string): boolean {
    return this.options.isSystemFile?.(file) ?? false;
  }

  // ---- files --------------------------------------------------------------------------------

  private processFile(file: string, text: string, depth: number): void {
    const { table, problems } = scan(file, text);
    for (const p of problems) {
      const at = { line: p.line, column: p.column };
      this.diagnostics.push(diagnostic({ file, start: at, end: { line: p.line, column: p.column + 1 } }, 'error', 'lex-error', p.message));
    }
    const conds: Conditional[] = [];
    const isHash = (k: number) => table.bol(k) && table.firstChar(k) === 35 && table.ends[k] - table.starts[k] === 1;
    let i = 0;
    while (i < table.count) {
      let j = i + 1;
      if (isHash(i)) {
        while (j < table.count && !table.bol(j)) j++;
        this.directive(file, table.tokens(i, j), conds, depth);
      } else {
        while (j < table.count && !isHash(j)) j++;
        if (conds.length === 0 || conds[conds.length - 1].active) this.emitRun(file, table, i, j);
      }
      i = j;
    }
    for (const c of conds) {
      this.error(c.origin, 'unterminated-conditional', 'unterminated conditional directive');
      if (c.inactiveFrom !== undefined) this.markInactive(file, c.inactiveFrom, lineCount(text));
    }
  }

  /**
   * Emits the text tokens [from, to): stretches without macros are copied as written; each macro use
   * is expanded with the rest of its line (and further lines while its parentheses are open).
   */
  private emitRun(file: string, table: TokenTable, from: number, to: number): void {
    let k = from;
    while (k < to) {
      let m = k;
      while (m < to && !this.mayExpand(table, m)) m++;
      if (m > k) {
        this.countBraces(file, table, k, m);
        this.current.emitTable(table, k, m);
      }
      if (m === to) return;
      const end = this.expansionEnd(table, m, to);
      const problems: ExpansionProblem[] = [];
      let out = this.expand(table.tokens(m, end), problems);
      let next = end;
      if (end < to && problems.some((p) => p.message.startsWith('unterminated argument list'))) {
        problems.length = 0;
        out = this.expand(table.tokens(m, to), problems);
        next = to;
      }
      this.emitTokens(file, out, problems);
      k = next;
    }
  }

  /** Token k is an identifier that may name a macro. */
  private mayExpand(table: TokenTable, k: number): boolean {
    if (!table.isId(k) || !this.macroInitials[table.firstChar(k) & 127]) return false;
    const name = table.tokenText(k);
    return this.macros.has(name) || name === '__LINE__' || name === '__FILE__';
  }

  /** Where the expansion starting at token m ends: its line's end, later while parentheses are open. */
  private expansionEnd(table: TokenTable, m: number, to: number): number {
    let depth = 0;
    let line = table.endLines[m];
    let k = m;
    for (; k < to; k++) {
      if (table.lines[k] > line) {
        if (depth <= 0 && !this.mayExpand(table, k - 1)) break;
      }
      line = Math.max(line, table.endLines[k]);
      if (table.ends[k] - table.starts[k] === 1) {
        const c = table.firstChar(k);
        if (c === 40) depth++;
        else if (c === 41) depth--;
      }
    }
    return k;
  }

  private expand(tokens: Token[], problems: ExpansionProblem[]): Token[] {
    return expandTokens(tokens, this.macros, problems, (name, at) => this.dynamicMacro(name, at));
  }

  private emitTokens(file: string, out: Token[], problems: ExpansionProblem[]): void {
    for (const p of problems) this.error(p.origin, 'macro-error', p.message);
    if (file === this.mainFile) {
      for (const t of out) {
        if (t.text === '{') this.braceDepth++;
        else if (t.text === '}') this.braceDepth = Math.max(0, this.braceDepth - 1);
      }
    }
    this.current.emit(out);
  }

  private countBraces(file: string, table: TokenTable, from: number, to: number): void {
    if (file !== this.mainFile) return;
    for (let k = from; k < to; k++) {
      if (table.ends[k] - table.starts[k] !== 1) continue;
      const c = table.firstChar(k);
      if (c === 123) this.braceDepth++;
      else if (c === 125) this.braceDepth = Math.max(0, this.braceDepth - 1);
    }
  }

  private dynamicMacro(name: string, at: Token): Token | undefined {
    if (name === '__LINE__') return { ...at, kind: 'num', text: String(at.origin.line + 1), offset: undefined };
    if (name === '__FILE__') return { ...at, kind: 'str', text: JSON.stringify(at.origin.file), offset: undefined };
    return undefined;
  }

  // ---- directives ---------------------------------------------------------------------------

  private directive(file: string, line: Token[], conds: Conditional[], depth: number): void {
    const name = line[1]?.text ?? '';
    const rest = line.slice(2);
    const active = conds.length === 0 || conds[conds.length - 1].active;
    const at = line[1]?.origin ?? line[0].origin;
    switch (name) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        let value = false;
        if (active) value = this.condition(name, rest, at);
        conds.push({ active: active && value, taken: value, parentActive: active, sawElse: false, origin: at });
        if (active && !value) conds[conds.length - 1].inactiveFrom = at.line + 1;
        return;
      }
      case 'elif':
      case 'else': {
        const c = conds[conds.length - 1];
        if (!c) return this.error(at, 'stray-directive', `#${name} without #if`);
        if (c.sawElse) return this.error(at, 'stray-directive', `#${name} after #else`);
        if (c.inactiveFrom !== undefined) this.markInactive(file, c.inactiveFrom, at.line);
        c.inactiveFrom = undefined;
        let value = true;
        if (name === 'elif') value = c.parentActive && !c.taken ? this.condition('if', rest, at) : false;
        else c.sawElse = true;
        c.active = c.parentActive && !c.taken && value;
        c.taken = c.taken || c.active;
        if (c.parentActive && !c.active) c.inactiveFrom = at.line + 1;
        return;
      }
      case 'endif': {
        const c = conds.pop();
        if (!c) return this.error(at, 'stray-directive', '#endif without #if');
        if (c.inactiveFrom !== undefined) this.markInactive(file, c.inactiveFrom, at.line);
        return;
      }
    }
    if (!active) return;
    switch (name) {
      case '':
        return;
      case 'define':
        this.define(rest, true, file);
        return;
      case 'undef':
        if (rest[0]?.kind !== 'id') return this.error(at, 'bad-directive', 'macro name must be an identifier');
        this.setMacro(rest[0].text, undefined);
        return;
      case 'include':
      case 'include_next':
        this.include(file, rest, at, depth);
        return;
      case 'pragma':
        if (rest[0]?.text === 'once') {
          this.onceFiles.add(file);
          this.recording?.onceFiles.push(file);
        }
        return;
      case 'error':
        this.diagnostics.push(diagnostic(originRange(at), 'error', 'pp-error', `#error ${joinTokens(rest)}`.trim()));
        return;
      case 'warning':
        this.diagnostics.push(diagnostic(originRange(at), 'warning', 'pp-warning', `#warning ${joinTokens(rest)}`.trim()));
        return;
      case 'line':
      case 'ident':
        return;
      default:
        if (line[1]?.kind === 'num') return; // GNU line marker
        this.error(at, 'bad-directive', `invalid preprocessing directive '#${name}'`);
    }
  }

  private condition(kind: string, rest: Token[], at: Origin): boolean {
    if (kind === 'ifdef' || kind === 'ifndef') {
      if (rest[0]?.kind !== 'id') {
        this.error(at, 'bad-directive', 'macro name must be an identifier');
        return false;
      }
      const defined = this.macros.has(rest[0].text) || rest[0].text === '__LINE__' || rest[0].text === '__FILE__';
      return kind === 'ifdef' ? defined : !defined;
    }
    const replaced: Token[] = [];
    for (let k = 0; k < rest.length; k++) {
      const t = rest[k];
      if (t.text === 'defined') {
        let nameTok = rest[k + 1];
        let skip = 1;
        if (nameTok?.text === '(') {
          nameTok = rest[k + 2];
          skip = rest[k + 3]?.text === ')' ? 3 : 2;
        }
        const v = nameTok?.kind === 'id' && this.macros.has(nameTok.text) ? '1' : '0';
        replaced.push({ ...t, kind: 'num', text: v });
        k += skip;
        continue;
      }
      replaced.push(t);
    }
    const problems: ExpansionProblem[] = [];
    const expanded = expandTokens(replaced, this.macros, problems);
    for (const p of problems) this.error(p.origin, 'macro-error', p.message);
    const r = evaluateIf(expanded);
    if (r.error) this.error(at, 'bad-if-expression', r.error);
    return r.value !== 0;
  }

  private define(rest: Token[], record: boolean, file?: string): void {
    const nameTok = rest[0];
    if (!nameTok || nameTok.kind !== 'id') {
      if (nameTok) this.error(nameTok.origin, 'bad-directive', 'macro name must be an identifier');
      return;
    }
    let body = rest.slice(1);
    let params: string[] | undefined;
    let variadic = false;
    if (body[0]?.text === '(' && !body[0].space) {
      params = [];
      let k = 1;
      for (; k < body.length && body[k].text !== ')'; k++) {
        const p = body[k];
        if (p.text === ',') continue;
        if (p.text === '...') {
          variadic = true;
          params.push('__VA_ARGS__');
        } else if (p.kind === 'id') params.push(p.text);
        else {
          this.error(p.origin, 'bad-directive', `invalid token '${p.text}' in macro parameter list`);
          return;
        }
      }
      if (k >= body.length) {
        this.error(nameTok.origin, 'bad-directive', "missing ')' in macro parameter list");
        return;
      }
      body = body.slice(k + 1);
    }
    if (body.length) body = [{ ...body[0], space: false }, ...body.slice(1)];
    this.setMacro(nameTok.text, { name: nameTok.text, params, variadic, body, origin: nameTok.origin });
    if (record && file) {
      this.macroDefinitions.push({ name: nameTok.text, range: originRange(nameTok.origin), text: joinTokens(body) });
    }
  }

  private include(file: string, rest: Token[], at: Origin, depth: number): void {
    let toks = rest;
    if (toks[0] && toks[0].kind !== 'str' && toks[0].text !== '<') {
      const problems: ExpansionProblem[] = [];
      toks = expandTokens(rest, this.macros, problems);
    }
    let spelled: string | undefined;
    let angled = false;
    if (toks[0]?.kind === 'str' && toks[0].text.startsWith('"')) spelled = toks[0].text.slice(1, -1);
    else if (toks[0]?.text === '<') {
      const close = toks.findIndex((t) => t.text === '>');
      if (close > 0) {
        spelled = toks.slice(1, close).map((t, idx) => (idx > 0 && t.space ? ' ' : '') + t.text).join('');
        angled = true;
      }
    }
    const extra = spelled === undefined ? undefined : toks[angled ? toks.findIndex((t) => t.text === '>') + 1 : 1];
    if (extra) this.diagnostics.push(diagnostic(originRange(extra.origin), 'warning', 'extra-tokens', 'extra tokens at end of #include directive'));
    const last = rest[rest.length - 1]?.origin ?? at;
    const range: SourceRange = { file: at.file, start: { line: at.line, column: at.column - 1 }, end: { line: last.endLine, column: last.endColumn } };
    if (range.start.column < 0) range.start.column = 0;
    if (spelled === undefined) {
      this.diagnostics.push(diagnostic(range, 'error', 'bad-include', 'expected "FILENAME" or <FILENAME>'));
      return;
    }
    const resolved = this.resolve(file, spelled, angled);
    this.includes.push({ range, spelled, resolved: resolved?.path });
    if (!resolved) {
      this.diagnostics.push(diagnostic(range, 'error', 'include-not-found', `'${spelled}' file not found`));
      return;
    }
    if (this.onceFiles.has(resolved.path)) return;
    if (depth >= MAX_INCLUDE_DEPTH) {
      this.diagnostics.push(diagnostic(range, 'error', 'include-depth', `#include nested too deeply (${MAX_INCLUDE_DEPTH} levels)`));
      return;
    }
    if (!this.ownChunk(file, resolved.path)) {
      this.setFile(resolved.path, resolved.text);
      this.current.touch(resolved.path, this.isSystem(resolved.path));
      this.processFile(resolved.path, resolved.text, depth + 1);
      return;
    }
    const resume = this.current.file;
    this.finishChunk();
    const cache = this.isSystem(resolved.path) ? this.options.includeCache : undefined;
    const key = cache && IncludeCache.key(resolved.path, this.macroState.value, this.onceFiles);
    const cached = cache && key ? cache.get(key, this.host) : undefined;
    const outer = this.recording;
    if (cached) {
      this.apply(cached);
      if (outer) mergeRecording(outer, cached, false); // apply() recorded its macros already
    } else {
      const before = this.snapshot();
      this.recording = { reads: [...resolved.reads], macroOps: [], onceFiles: [], files: [] };
      this.setFile(resolved.path, resolved.text);
      this.startChunk(resolved.path);
      this.processFile(resolved.path, resolved.text, depth + 1);
      this.finishChunk();
      const effects = this.effectsSince(before, this.recording);
      this.recording = outer;
      if (outer) mergeRecording(outer, effects, true);
      if (cache && key) cache.set(key, effects);
    }
    this.startChunk(resume);
  }

  /**
   * Whether an #include at the top level starts a chunk of its own: every include of the main file,
   * and a system header included by a user header (its code stays system code whoever includes it).
   */
  private ownChunk(includer: string, included: string): boolean {
    if (this.braceDepth !== 0) return false;
    return includer === this.mainFile || (this.isSystem(included) && !this.isSystem(includer));
  }

  // ---- the include cache ------------------------------------------------------------------------

  private setMacro(name: string, m: Macro | undefined): void {
    if (m) {
      this.macros.set(name, m);
      this.macroInitials[name.charCodeAt(0) & 127] = 1;
    } else this.macros.delete(name);
    this.macroState.add(name, m);
    this.recording?.macroOps.push([name, m]);
  }

  private setFile(path: string, text: string): void {
    this.files.set(path, text);
    this.recording?.files.push([path, text]);
  }

  private snapshot(): number[] {
    return [this.chunks.length, this.diagnostics.length, this.includes.length, this.macroDefinitions.length, this.inactive.length];
  }

  private effectsSince(before: number[], r: Recording): IncludeEffects {
    const [c, d, i, m, x] = before;
    return {
      reads: r.reads, chunks: this.chunks.slice(c), diagnostics: this.diagnostics.slice(d), includes: this.includes.slice(i),
      macroDefinitions: this.macroDefinitions.slice(m), inactiveRanges: this.inactive.slice(x), macroOps: r.macroOps,
      onceFiles: r.onceFiles, files: r.files,
    };
  }

  private apply(e: IncludeEffects): void {
    this.chunks.push(...e.chunks);
    this.diagnostics.push(...e.diagnostics);
    this.includes.push(...e.includes);
    this.macroDefinitions.push(...e.macroDefinitions);
    this.inactive.push(...e.inactiveRanges);
    for (const [name, m] of e.macroOps) this.setMacro(name, m);
    for (const f of e.onceFiles) this.onceFiles.add(f);
    for (const [path, text] of e.files) this.files.set(path, text);
  }

  /** Finds an included file; `reads` lists every probe made (for the include cache). */
  private resolve(from: string, spelled: string, angled: boolean): { path: string; text: string; reads: [string, string | undefined][] } | undefined {
    const dirs: string[] = [];
    if (!angled) dirs.push(dirname(from));
    dirs.push(...(this.options.includePaths ?? []), ...(this.options.systemIncludePaths ?? []));
    const reads: [string, string | undefined][] = [];
    for (const d of dirs) {
      const p = spelled.startsWith('/') ? normalizePath(spelled) : joinPath(d, spelled);
      const text = this.host.readFile(p);
      reads.push([p, text]);
      this.recording?.reads.push([p, text]);
      if (text !== undefined) return { path: p, text, reads };
    }
    return undefined;
  }

  private markInactive(file: string, fromLine: number, toLine: number): void {
    if (toLine > fromLine) this.inactive.push({ file, start: { line: fromLine, column: 0 }, end: { line: toLine, column: 0 } });
  }

  private error(at: Origin, code: DiagnosticCode, message: string): void {
    this.diagnostics.push(diagnostic(originRange(at), 'error', code, message));
  }
}

interface Recording {
  reads: [string, string | undefined][];
  macroOps: [string, Macro | undefined][];
  onceFiles: string[];
  files: [string, string][];
}

/** Adds what a nested top-level include did to the recording of the include around it. */
function mergeRecording(outer: Recording, inner: Pick<IncludeEffects, 'reads' | 'macroOps' | 'onceFiles' | 'files'>, macros: boolean): void {
  for (const [path, text] of inner.reads) outer.reads.push([path, text]);
  outer.onceFiles.push(...inner.onceFiles);
  for (const [path, text] of inner.files) outer.files.push([path, text]);
  if (macros) for (const [name, m] of inner.macroOps) outer.macroOps.push([name, m]);
}


function originRange(o: Origin): SourceRange {
  if (o.endLine < o.line || (o.endLine === o.line && o.endColumn < o.column)) {
    return { file: o.file, start: { line: o.line, column: o.column }, end: { line: o.line, column: o.column } };
  }
  return { file: o.file, start: { line: o.line, column: o.column }, end: { line: o.endLine, column: o.endColumn } };
}

function emptyRange(file: string): SourceRange {
  return { file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } };
}

function joinTokens(ts: Token[]): string {
  return ts.map((t, i) => (i > 0 && t.space ? ' ' : '') + t.text).join('');
}

function lineCount(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return n + 1;
}
