// The front-end's entry point: preprocess a file (with the SDK), parse each chunk with tree-sitter,
// build the semantic model, and return it with every diagnostic. Never throws on any input.

import type { Tree } from 'web-tree-sitter';
import { compareDiagnostics, diagnostic, isValidRange, type Diagnostic } from './diagnostics';
import { layeredHost, type FileHost } from './host';
import type { GrammarBinaries } from './parse/grammar-files';
import { CppParser } from './parse/parser';
import { syntaxErrors } from './parse/syntax-errors';
import { preprocess, type PreprocessResult } from './pre/preprocessor';
import { SourceMap } from './pre/source-map';
import { isSdkFile, SDK_INCLUDE_DIR, sdkHost } from './sdk';
import { Analyzer } from './sema/analyzer';
import { declareUnit } from './sema/declarations';
import { Loc, type Unit } from './sema/decls';
import { SemanticModel } from './sema/model';
import { analyseFunctionBody } from './sema/statements';
import { applyDeclarator, declaredBaseType } from './sema/type-syntax';
import type { Type } from './sema/types';

export interface AnalyzeOptions {
  includePaths?: string[];
  defines?: Record<string, string>;
  /** Also analyse the bodies of SDK functions (used by the SDK's own tests). */
  checkSystemBodies?: boolean;
}

export interface ParsedUnit extends Unit {
  readonly tree: Tree;
  readonly file: string;
}

export interface Analysis {
  readonly file: string;
  /** All diagnostics, sorted by file and position; every range is valid. */
  readonly diagnostics: Diagnostic[];
  readonly preprocessed: PreprocessResult;
  readonly units: ParsedUnit[];
  readonly model: SemanticModel;
}

export class Frontend {
  private constructor(readonly parser: CppParser) {}

  static async create(binaries: GrammarBinaries): Promise<Frontend> {
    return new Frontend(await CppParser.create(binaries));
  }

  /** Analyses `file` as read through `host` (the SDK headers are always available). */
  analyze(file: string, host: FileHost, options: AnalyzeOptions = {}): Analysis {
    const diags: Diagnostic[] = [];
    let pre: PreprocessResult;
    try {
      pre = preprocess(file, layeredHost(host, sdkHost), {
        includePaths: options.includePaths,
        defines: options.defines,
        systemIncludePaths: [SDK_INCLUDE_DIR],
        isSystemFile: isSdkFile,
      });
    } catch (e) {
      pre = { chunks: [], diagnostics: [], includes: [], macroDefinitions: [], inactiveRanges: [], files: new Map() };
      diags.push(internal(file, e));
    }
    diags.push(...pre.diagnostics);
    const analyzer = new Analyzer({ checkSystemBodies: options.checkSystemBodies });
    const units: ParsedUnit[] = [];
    pre.chunks.forEach((c, index) => {
      const tree = this.parser.parse(c.text);
      const unit: ParsedUnit = { index, text: c.text, map: c.map, system: c.system, tree, file: c.file };
      units.push(unit);
      diags.push(...syntaxErrors(tree.rootNode, c.map).filter((d) => !isGrammarQuirk(d, unit)));
      try {
        declareUnit(analyzer, unit, tree.rootNode);
      } catch (e) {
        diags.push(internal(file, e));
      }
    });
    try {
      for (let i = 0; i < analyzer.pendingBodies.length; i++) analyseFunctionBody(analyzer, analyzer.pendingBodies[i]);
    } catch (e) {
      diags.push(internal(file, e));
    }
    diags.push(...analyzer.diagnostics);
    const model = new SemanticModel(analyzer, units, (text) => this.parseType(analyzer, text));
    const valid = diags.map((d) => (isValidRange(d.range) ? d : { ...d, range: { file: d.range.file || file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } } }));
    valid.sort(compareDiagnostics);
    return { file, diagnostics: valid, preprocessed: pre, units, model };
  }

  private parseType(analyzer: Analyzer, text: string): Type | undefined {
    const src = `void __q7_probe(${text});`;
    const tree = this.parser.parse(src);
    const map = new SourceMap('<type>');
    map.add(0, src.length, { file: '<type>', line: 0, column: 0, endLine: 0, endColumn: src.length, exact: true });
    const unit: Unit = { index: -1, text: src, map, system: false };
    const param = tree.rootNode.descendantsOfType('parameter_declaration')[0];
    if (!param) return undefined;
    const before = analyzer.diagnostics.length;
    const ctx = { a: analyzer, unit, scope: analyzer.global };
    const t = applyDeclarator(ctx, declaredBaseType(ctx, param).type, param.childForFieldName('declarator')).type;
    analyzer.diagnostics.length = before;
    void Loc;
    return t.kind === 'error' ? undefined : t;
  }
}

/** tree-sitter-cpp reads `template<…> R f() && = delete;` with a MISSING identifier after `delete`. */
function isGrammarQuirk(d: Diagnostic, unit: ParsedUnit): boolean {
  if (d.message !== 'expected identifier') return false;
  const node = unit.tree.rootNode.descendantForPosition({ row: 0, column: 0 });
  void node;
  const missing = findMissingDelete(unit.tree.rootNode);
  return missing.some((m) => {
    const r = unit.map.range(m, m);
    return r.file === d.range.file && r.start.line === d.range.start.line && r.start.column === d.range.start.column;
  });
}

function findMissingDelete(root: import('web-tree-sitter').Node): number[] {
  const out: number[] = [];
  const visit = (n: import('web-tree-sitter').Node) => {
    if (!n.hasError) return;
    if (n.type === 'delete_expression' && n.parent?.type === 'init_declarator') {
      const arg = n.namedChild(0);
      if (arg?.isMissing) out.push(arg.startIndex);
    }
    for (const c of n.children) if (c) visit(c);
  };
  visit(root);
  return out;
}

function internal(file: string, e: unknown): Diagnostic {
  return diagnostic({ file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } }, 'error', 'internal', `internal front-end error: ${(e as Error)?.message ?? String(e)}`);
}
