// The front-end's entry point: preprocess a file (with the SDK), parse each chunk with tree-sitter,
// build the semantic model, and return it with every diagnostic. Never throws on any input.
//
// Analyses are incremental: system headers are preprocessed and analysed once per way of including
// them (shared by every file), and a file analysed again keeps whatever its edit left unchanged (see
// units/chunk-reader.ts and sema/layers.ts). An Analysis stays valid until the next analysis of the
// same file.

import { compareDiagnostics, diagnostic, isValidRange, type Diagnostic } from './diagnostics';
import { layeredHost, type FileHost } from './host';
import type { GrammarBinaries } from './parse/grammar-files';
import { CppParser } from './parse/parser';
import { syntaxErrors } from './parse/syntax-errors';
import { TreeReader } from './parse/tree-reader';
import { IncludeCache, type IncludeEffects } from './pre/include-cache';
import { preprocess, type Chunk, type PreprocessResult } from './pre/preprocessor';
import { isSdkFile, SDK_INCLUDE_DIR, sdkHost } from './sdk';
import { grammarIdentity, SdkSnapshots, type SnapshotStore } from './sdk/snapshot';
import type { SegmentUnit } from './units/segment-unit';
import type { Unit } from './model/declarations';
import { buildSdkLayer, buildUserLayer, updateUserLayer, type SdkLayer, type UserLayer } from './sema/layers';
import { SemanticModel } from './sema/semantic-model';
import type { CompleteUnit } from './sema/complete-unit';
import { dedupe, layerReports, toDiagnostic } from './sema/reports';
import { readChunk, type ChunkState } from './units/chunk-reader';
import { parseTypeProbe } from './units/type-probe';

export interface AnalyzeOptions {
  includePaths?: string[];
  defines?: Record<string, string>;
  /** Also analyse the bodies of SDK functions (used by the SDK's own tests). */
  checkSystemBodies?: boolean;
}

export interface Analysis {
  readonly file: string;
  /** All diagnostics, sorted by file and position; every range is valid. */
  readonly diagnostics: Diagnostic[];
  readonly preprocessed: PreprocessResult;
  /** Every unit analysed (one per top-level declaration), SDK units first. */
  readonly units: readonly Unit[];
  readonly model: SemanticModel;
  /** What this analysis could reuse from the previous analysis of the file. */
  readonly reuse: ReuseStats;
}

export interface ReuseStats {
  /** The file's own units (top-level declarations), and how many were kept unchanged. */
  units: number;
  keptUnits: number;
  /** Units kept whose function body was edited. */
  editedBodies: number;
  /** Function bodies analysed by this analysis. */
  bodiesAnalysed: number;
  /** The declarations of the file were kept (only edited bodies analysed again). */
  keptDeclarations: boolean;
}

export interface FrontendOptions {
  /** Where preprocessed and parsed SDK headers are kept between processes (language/sdk/snapshot.ts):
   *  a snapshot changes speed only; one that does not match is ignored. */
  readonly snapshots?: SnapshotStore;
}

/** How many files keep their incremental state, and how many analysed system headers are kept. */
const MAX_FILES = 4;
const MAX_SDK_LAYERS = 48;

interface FileState {
  readonly optionsKey: string;
  chunks: ChunkState[];
  layer?: UserLayer;
}

export class Frontend {
  private readonly reader: TreeReader;
  private readonly files = new Map<string, FileState>();
  /** The first SDK layers of each chain (with and without SDK bodies checked); later ones hang below. */
  private readonly sdkRoots: SdkLayer[] = [];
  private sdkLayerCount = 0;
  private clock = 0;
  private readonly includeCaches = new Map<string, IncludeCache>();
  /** The SDK snapshot store, when the host gave one. */
  readonly snapshots?: SdkSnapshots;
  /** Units of system chunks read (or loaded from a snapshot) and not yet taken by an SDK layer. */
  private readonly readUnits = new WeakMap<Chunk, SegmentUnit[]>();

  private constructor(readonly parser: CppParser, options: FrontendOptions) {
    this.reader = new TreeReader(parser.language);
    const lang = parser.language;
    if (options.snapshots) this.snapshots = new SdkSnapshots(options.snapshots, this.reader, grammarIdentity(lang.types, lang.fields));
  }

  static async create(binaries: GrammarBinaries, options: FrontendOptions = {}): Promise<Frontend> {
    return new Frontend(await CppParser.create(binaries), options);
  }

  /** Analyses `file` as read through `host` (the SDK headers are always available). */
  analyze(file: string, host: FileHost, options: AnalyzeOptions = {}): Analysis {
    try {
      return this.analyzeIncrementally(file, host, options);
    } catch (e) {
      this.forget(file);
      return this.failed(file, e);
    }
  }

  /**
   * The analysed unit as the compiler gets it: everything the compiler can reach from the user's
   * functions, classes and globals completed (bodies, template instances, default arguments,
   * initialisers), then read only (sema/hand-over.ts). The analysis itself stays lazy: only this
   * hand-over pays for the completion, once per analysis.
   */
  handOver(analysis: Analysis): CompleteUnit {
    return analysis.model.completeForCompiler();
  }

  /** Drops the incremental state kept for `file` (when its editor closes). */
  forget(file: string): void {
    const s = this.files.get(file);
    if (!s) return;
    for (const c of s.chunks) c.tree?.delete();
    this.files.delete(file);
  }

  private analyzeIncrementally(file: string, host: FileHost, options: AnalyzeOptions): Analysis {
    const pre = this.preprocess(file, host, options);
    let split = 0;
    while (split < pre.chunks.length && pre.chunks[split].system) split++;
    const sdk = this.sdkLayer(pre.chunks.slice(0, split), options);
    const state = this.stateOf(file, JSON.stringify([options.includePaths ?? [], options.defines ?? {}, !!options.checkSystemBodies]));
    const own = pre.chunks.slice(split);
    const chunks = own.map((c, i) => readChunk(this.parser, this.reader, c, { shared: false, keepTree: true, previous: state.chunks[i] }));
    for (const old of state.chunks.slice(own.length)) old.tree?.delete();
    state.chunks = chunks;
    const units = chunks.flatMap((c) => c.units);
    const bodyChanged = new Set(chunks.flatMap((c) => [...c.bodyChanged]));
    const analyzerOptions = { checkSystemBodies: options.checkSystemBodies };
    const bodiesBefore = state.layer?.analyzer.bodiesAnalysed ?? 0;
    const updated = state.layer && updateUserLayer(state.layer, sdk, units, bodyChanged);
    const layer = updated ?? buildUserLayer(sdk, units, analyzerOptions);
    state.layer = layer;
    layer.units = units;
    const diagnostics = [
      ...pre.diagnostics,
      ...(sdk?.diagnostics ?? []),
      ...units.flatMap((u) => (u.root.hasError ? syntaxErrors(u.root, u.map) : [])),
      ...layerReports(layer.analyzer).map(toDiagnostic),
    ];
    const allUnits: Unit[] = [...(sdk?.units ?? []), ...units];
    const model = new SemanticModel(layer.analyzer, allUnits, (text) => parseTypeProbe(this.parser, this.reader, layer.analyzer, text));
    const reuse: ReuseStats = {
      units: units.length,
      keptUnits: chunks.reduce((n, c) => n + c.kept, 0),
      editedBodies: bodyChanged.size,
      bodiesAnalysed: layer.analyzer.bodiesAnalysed - (updated ? bodiesBefore : 0),
      keptDeclarations: !!updated,
    };
    const result = { file, diagnostics: finish(file, diagnostics), preprocessed: pre, units: allUnits, model, reuse };
    for (const u of units) u.root.releaseViews();
    return result;
  }

  private preprocess(file: string, host: FileHost, options: AnalyzeOptions): PreprocessResult {
    const includePaths = options.includePaths ?? [];
    const cacheKey = JSON.stringify(includePaths);
    let includeCache = this.includeCaches.get(cacheKey);
    if (!includeCache) this.includeCaches.set(cacheKey, (includeCache = new IncludeCache(this.snapshots && { load: (key) => this.loadSnapshot(key, includePaths) })));
    const result = preprocess(file, layeredHost(host, sdkHost), {
      includePaths,
      defines: options.defines,
      systemIncludePaths: [SDK_INCLUDE_DIR],
      isSystemFile: isSdkFile,
      includeCache,
    });
    if (this.snapshots) for (const [key, effects] of includeCache.takeNew()) this.snapshots.save(key, includePaths, { effects, units: effects.chunks.map((c) => this.systemUnits(c, true)) });
    return result;
  }

  /** An include's effects from the snapshot store, its chunks' units kept for their SDK layers. */
  private loadSnapshot(key: string, includePaths: readonly string[]): IncludeEffects | undefined {
    const s = this.snapshots?.load(key, includePaths);
    if (!s) return undefined;
    s.effects.chunks.forEach((c, i) => this.readUnits.set(c, s.units[i]));
    return s.effects;
  }

  /** The units of a system chunk: read before (for a snapshot, or loaded from one) or read now.
   *  Units go to one SDK layer only, so they are handed out once unless `keep`. */
  private systemUnits(c: Chunk, keep = false): SegmentUnit[] {
    let units = this.readUnits.get(c);
    if (!units) units = readChunk(this.parser, this.reader, c, { shared: true, keepTree: false }).units;
    if (keep) this.readUnits.set(c, units);
    else this.readUnits.delete(c);
    return units;
  }

  /** The analysed SDK layer for these leading system chunks (each header built once, then shared). */
  private sdkLayer(chunks: Chunk[], options: AnalyzeOptions): SdkLayer | undefined {
    const check = !!options.checkSystemBodies;
    let layer: SdkLayer | undefined;
    for (const c of chunks) {
      const siblings = layer ? layer.children : this.sdkRoots;
      let next = siblings.find((l) => l.checkSystemBodies === check && l.matches(c));
      if (!next) {
        const units = this.systemUnits(c);
        next = buildSdkLayer(layer, c, units, { checkSystemBodies: check });
        siblings.push(next);
        this.sdkLayerCount++;
      }
      next.lastUsed = ++this.clock;
      layer = next;
    }
    while (this.sdkLayerCount > MAX_SDK_LAYERS && this.dropOldestSdkLayer());
    return layer;
  }

  /** Drops the least recently used SDK layer that no other layer builds on. */
  private dropOldestSdkLayer(): boolean {
    let oldest: { layer: SdkLayer; siblings: SdkLayer[] } | undefined;
    const visit = (siblings: SdkLayer[]) => {
      for (const l of siblings) {
        if (l.children.length) visit(l.children);
        else if (!oldest || l.lastUsed < oldest.layer.lastUsed) oldest = { layer: l, siblings };
      }
    };
    visit(this.sdkRoots);
    if (!oldest || oldest.layer.lastUsed === this.clock) return false;
    oldest.siblings.splice(oldest.siblings.indexOf(oldest.layer), 1);
    this.sdkLayerCount--;
    return true;
  }

  /** The file's incremental state (most recently used files kept). */
  private stateOf(file: string, optionsKey: string): FileState {
    let s = this.files.get(file);
    if (s && s.optionsKey !== optionsKey) {
      this.forget(file);
      s = undefined;
    }
    if (s) this.files.delete(file);
    s ??= { optionsKey, chunks: [] };
    this.files.set(file, s);
    if (this.files.size > MAX_FILES) this.forget(this.files.keys().next().value as string);
    return s;
  }

  private failed(file: string, e: unknown): Analysis {
    const pre: PreprocessResult = { chunks: [], diagnostics: [], includes: [], macroDefinitions: [], inactiveRanges: [], files: new Map() };
    const d = diagnostic({ file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } }, 'error', 'internal', `internal front-end error: ${(e as Error)?.message ?? String(e)}`);
    const layer = buildUserLayer(undefined, [], {});
    const reuse: ReuseStats = { units: 0, keptUnits: 0, editedBodies: 0, bodiesAnalysed: 0, keptDeclarations: false };
    return { file, diagnostics: [d], preprocessed: pre, units: [], model: new SemanticModel(layer.analyzer, [], () => undefined), reuse };
  }
}

/** Valid ranges (a diagnostic without one is moved to the file's start), no duplicates, sorted. */
function finish(file: string, ds: Diagnostic[]): Diagnostic[] {
  const valid = ds.map((d) => (isValidRange(d.range) ? d : { ...d, range: { file: d.range.file || file, start: { line: 0, column: 0 }, end: { line: 0, column: 0 } } }));
  return dedupe(valid).sort(compareDiagnostics);
}
