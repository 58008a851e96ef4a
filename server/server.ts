// The language server: LSP over a connection (stdio in production), incremental document sync,
// debounced analysis with diagnostics published per version, and the requests (hover, code actions,
// completion, document symbols, definition). Every request is guarded: before `initialize` it answers
// ServerNotInitialized, and a failure answers InternalError while the server stays up.

import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver/node';
import { CodeActionKind, DidChangeWatchedFilesNotification, ErrorCodes, ResponseError, TextDocuments, TextDocumentSyncKind } from './lsp';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Frontend, type FileHost, type GrammarBinaries } from '../language';
import { hostCache, snapshotStore } from '../diskcache';
import { Analyses, userFiles, type DocumentAnalysis } from './analyses';
import { codeActions } from './code-actions';
import { completions } from './completion';
import { toDiagnostic } from './convert';
import { definition } from './definition';
import { editorHost, loadGrammar, readDisk, SdkFiles } from './files';
import { hover } from './hover';
import { highlights, references } from './references';
import { prepareRename, rename } from './rename';
import { signatureHelp } from './signature-help';
import { Publications } from './publications';
import { Scheduler, realClock, type Clock } from './scheduler';
import { DEFAULT_SETTINGS, readSettings, type Settings } from './settings';
import { documentSymbols } from './symbols';
import { kernelLenses } from './code-lens';
import { Prebuilder, type PrebuildReply, type PrebuildWorker } from './prebuild';
import { pathToUri, uriToPath } from './uris';
import { join as joinPath } from 'node:path';

export interface ServerOptions {
  /** Reads files that are not open in the editor (default: the disk). */
  readFile?: (path: string) => string | undefined;
  /** Where the SDK headers are written for go-to-definition. */
  sdkDir?: string;
  clock?: Clock;
  /** Called once, after the first diagnostics are published (the loader saves V8's code cache then). */
  started?: () => void;
  /** The grammar's files read ahead (diskcache/grammar-prefetch.ts); when absent or undefined, they are read
   *  when the front-end is created. */
  grammar?: Promise<GrammarBinaries | undefined>;
  /** Creates the prebuild worker (default: a worker thread running prebuild-worker.js next to this file). */
  prebuildWorker?: () => PrebuildWorker;
}

export const SERVER_VERSION = '0.1.0';
const WARM_UP_PATH = '/q7-studio/warm-up.cpp';
/** How much longer than the analysis the compiler's checks wait for the document to stay unchanged. */
const TRANSLATION_DELAY_MS = 350;
/** Files whose saved changes re-analyse the open documents that include them. */
const HEADER_GLOB = '**/*.{h,hh,hpp,hxx,inc,inl,cuh}';
/** How long after `initialized` the warm-up waits for a first document: a client sends the open
 *  documents right after `initialized`, and their own analysis is what the first diagnostics wait for
 *  (the warm-up kernel's SDK includes are rarely theirs). */
const WARM_UP_DELAY_MS = 250;

export class Q7Server {
  private readonly documents = new TextDocuments(TextDocument);
  private readonly host: FileHost;
  private readonly sdk: SdkFiles;
  private readonly scheduler: Scheduler;
  /** The deferred compiler checks (translate), after the analysis's quiet period and TRANSLATION_DELAY_MS more. */
  private readonly translations: Scheduler;
  private analyses?: Analyses;
  private frontend?: Promise<Frontend>;
  private initialized = false;
  private shuttingDown = false;
  private settings: Settings = DEFAULT_SETTINGS;
  private readonly docSettings = new Map<string, Promise<Settings>>();
  private pullConfiguration = false;
  private snippets = false;
  private watchHeaders = false;
  private readonly publications = new Publications();
  private started?: () => void;
  private readonly prebuilder: Prebuilder;
  private readonly clock: Clock;
  private readonly grammar?: Promise<GrammarBinaries | undefined>;

  constructor(
    private readonly connection: Connection,
    options: ServerOptions = {},
  ) {
    this.host = editorHost((p) => this.openText(p), options.readFile ?? readDisk);
    this.started = options.started;
    this.clock = options.clock ?? realClock;
    this.grammar = options.grammar;
    this.sdk = new SdkFiles(options.sdkDir);
    this.scheduler = new Scheduler((uri) => void this.analyse(uri), () => this.settings.debounceMs, this.clock);
    this.translations = new Scheduler((uri) => void this.translate(uri), () => this.settings.debounceMs + TRANSLATION_DELAY_MS, this.clock);
    this.prebuilder = new Prebuilder(options.prebuildWorker ?? prebuildThread, (r) => this.prebuilt(r));
  }

  /** Registers every handler and starts listening; the grammar starts loading now (its WebAssembly
   *  compiles while the client's `initialize` is read and answered). */
  listen(): void {
    const c = this.connection;
    this.startFrontend();
    c.onInitialize((p) => this.initialize(p));
    c.onInitialized(() => {
      this.initialized = true;
      if (this.watchHeaders) void c.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: HEADER_GLOB }] }).catch(() => undefined);
      for (const d of this.documents.all()) this.scheduler.schedule(d.uri, 0);
      if (!this.documents.all().length) this.clock.setTimeout(() => void this.warmUp(), WARM_UP_DELAY_MS);
    });
    c.onShutdown(() => {
      this.shuttingDown = true;
      this.prebuilder.dispose();
    });
    c.onDidChangeConfiguration((p) => this.guardNotification(() => this.configurationChanged(p.settings)));
    this.documents.onDidOpen((e) => this.guardNotification(() => this.initialized && this.scheduler.schedule(e.document.uri, 0)));
    this.documents.onDidChangeContent((e) => this.guardNotification(() => this.initialized && this.scheduler.schedule(e.document.uri)));
    this.documents.onDidClose((e) => this.guardNotification(() => this.closed(e.document.uri)));
    c.onHover(this.guard('hover', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? hover(a.analysis, a.path, p.position.line, p.position.character) : null;
    }));
    c.onCodeAction(this.guard('codeAction', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? codeActions(a, p.range, (f) => this.sdk.realPath(f)) : [];
    }));
    c.onCompletion(this.guard('completion', async (p) => {
      const t = await this.typing(p.textDocument.uri, p.position);
      return t ? completions(t.analysis, t.path, p.position.line, p.position.character, t.prefix, this.snippets, t.scratch) : [];
    }));
    c.onSignatureHelp(this.guard('signatureHelp', async (p) => {
      const t = await this.typing(p.textDocument.uri, p.position);
      return t ? signatureHelp(t.analysis, t.path, p.position.line, p.position.character, t.prefix, t.scratch) : null;
    }));
    c.onDocumentSymbol(this.guard('documentSymbol', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? documentSymbols(a.analysis, a.path) : [];
    }));
    c.onCodeLens(this.guard('codeLens', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? kernelLenses(a.analysis, a.path, p.textDocument.uri) : [];
    }));
    c.onDefinition(this.guard('definition', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? definition(a.analysis, a.path, p.position.line, p.position.character, (f) => this.sdk.realPath(f)) : [];
    }));
    c.onReferences(this.guard('references', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? references(a.analysis, a.path, p.position.line, p.position.character, p.context.includeDeclaration, (f) => this.sdk.realPath(f)) : null;
    }));
    c.onDocumentHighlight(this.guard('documentHighlight', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      return a ? highlights(a.analysis, a.path, p.position.line, p.position.character) : null;
    }));
    c.onPrepareRename(this.guard('prepareRename', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      if (!a) return null;
      const r = prepareRename(a.analysis, a.path, p.position.line, p.position.character);
      if (typeof r === 'string') throw new ResponseError(ErrorCodes.InvalidRequest, r);
      return r;
    }));
    c.onRenameRequest(this.guard('rename', async (p) => {
      const a = await this.fresh(p.textDocument.uri);
      const doc = this.documents.get(p.textDocument.uri);
      if (!a || !doc) return null;
      const analyses = await this.ready();
      const settings = await this.settingsFor(p.textDocument.uri);
      const edits = rename(a.analysis, a.path, doc.getText(), p.position.line, p.position.character, p.newName, (text, headers) => analyses.scratch(a.path, text, settings, headers));
      if (typeof edits === 'string') throw new ResponseError(ErrorCodes.InvalidRequest, edits);
      return { changes: Object.fromEntries([...edits].map(([file, e]) => [file === a.path ? p.textDocument.uri : pathToUri(file), e])) };
    }));
    c.onDidChangeWatchedFiles((p) => this.guardNotification(() => this.filesChanged(p.changes.map((x) => x.uri))));
    this.documents.listen(c);
    c.listen();
  }

  private initialize(p: InitializeParams): InitializeResult {
    const opts = (p.initializationOptions ?? {}) as Record<string, unknown>;
    this.settings = readSettings(opts.settings ?? opts);
    this.pullConfiguration = !!p.capabilities.workspace?.configuration;
    this.snippets = !!p.capabilities.textDocument?.completion?.completionItem?.snippetSupport;
    this.watchHeaders = !!p.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    this.startFrontend();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        completionProvider: { triggerCharacters: ['.', ':', '>'] },
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [')'] },
        documentSymbolProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        codeLensProvider: { resolveProvider: false },
      },
      serverInfo: { name: 'q7-studio', version: SERVER_VERSION },
    };
  }

  /** Wraps a request handler: not before initialize, never an exception out of it. */
  private guard<P, R>(name: string, fn: (p: P) => Promise<R>): (p: P) => Promise<R> {
    return async (p: P) => {
      if (!this.initialized) throw new ResponseError(ErrorCodes.ServerNotInitialized, `${name}: the server is not initialized`);
      if (this.shuttingDown) throw new ResponseError(ErrorCodes.InvalidRequest, `${name}: the server is shutting down`);
      try {
        return await fn(p);
      } catch (e) {
        if (e instanceof ResponseError) throw e;
        this.connection.console.error(`${name} failed: ${(e as Error)?.stack ?? String(e)}`);
        throw new ResponseError(ErrorCodes.InternalError, `${name} failed: ${(e as Error)?.message ?? String(e)}`);
      }
    };
  }

  private guardNotification(fn: () => unknown): void {
    try {
      fn();
    } catch (e) {
      this.connection.console.error(`notification failed: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  private openText(path: string): string | undefined {
    for (const d of this.documents.all()) if (uriToPath(d.uri) === path) return d.getText();
    return undefined;
  }

  private configurationChanged(raw: unknown): void {
    const section = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).q7 : undefined;
    if (section) this.settings = readSettings(section, this.settings);
    this.docSettings.clear();
    for (const d of this.documents.all()) this.scheduler.schedule(d.uri, 0);
  }

  private settingsFor(uri: string): Promise<Settings> {
    if (!this.pullConfiguration) return Promise.resolve(this.settings);
    let s = this.docSettings.get(uri);
    if (!s) {
      s = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'q7' })
        .then((raw) => readSettings(raw, this.settings), () => this.settings);
      this.docSettings.set(uri, s);
    }
    return s;
  }

  private closed(uri: string): void {
    this.scheduler.cancel(uri);
    this.translations.cancel(uri);
    this.docSettings.delete(uri);
    this.analyses?.forget(uri);
    if (!this.initialized) return;
    const path = uriToPath(uri);
    const files = new Set([path, ...this.publications.drop(uri)]);
    for (const f of files) this.publishFile(f);
    // Documents that read its buffer read the file on disk from now on.
    for (const dep of this.analyses?.dependentsOf(path) ?? []) this.scheduler.schedule(dep);
  }

  /** Saved files changed on disk: the open documents that include them are analysed again. */
  private filesChanged(uris: string[]): void {
    if (!this.analyses) return;
    for (const uri of uris) {
      if (this.documents.get(uri)) continue;
      for (const dep of this.analyses.dependentsOf(uriToPath(uri))) this.scheduler.schedule(dep);
    }
  }

  private async ready(): Promise<Analyses> {
    if (!this.analyses) {
      const fe = await this.startFrontend();
      this.analyses ??= new Analyses(fe, this.host);
    }
    return this.analyses;
  }

  /** The front-end, created on first call (the grammar's WebAssembly loads asynchronously). */
  private startFrontend(): Promise<Frontend> {
    if (!this.frontend) {
      // a grammar that cannot be found fails the analyses that wait for it (each logs it), not the start
      const grammar = this.grammar ?? Promise.resolve(undefined);
      this.frontend = grammar.then((g) => Frontend.create(g ?? loadGrammar(), { snapshots: snapshotStore(hostCache(() => {})) }));
      this.frontend.catch(() => undefined);
    }
    return this.frontend;
  }

  /** Loads the grammar and analyses the SDK headers when no document came with `initialized`. */
  private async warmUp(): Promise<void> {
    try {
      const analyses = await this.ready();
      if (this.documents.all().length) return;
      analyses.warmUp(WARM_UP_PATH, this.settings);
    } catch (e) {
      this.connection.console.error(`warm-up failed: ${(e as Error)?.message ?? String(e)}`);
    }
  }

  /** Analyses a document now and publishes its diagnostics; dependents are scheduled again. */
  private async analyse(uri: string): Promise<DocumentAnalysis | undefined> {
    try {
      // asked first: the client answers workspace/configuration while the front-end gets ready
      const settingsAsked = this.settingsFor(uri);
      const analyses = await this.ready();
      const settings = await settingsAsked;
      const doc = this.documents.get(uri);
      if (!doc || this.scheduler.isPending(uri)) return undefined;
      const result = analyses.run(uri, uriToPath(uri), doc.version, settings);
      this.publish(result);
      this.translations.schedule(uri);
      for (const dep of analyses.dependentsOf(result.path)) if (dep !== uri) this.scheduler.schedule(dep);
      return result;
    } catch (e) {
      this.connection.console.error(`analysis of ${uri} failed: ${(e as Error)?.stack ?? String(e)}`);
      return undefined;
    }
  }

  /**
   * The deferred step: once the document has been quiet a little longer, what q7 build would stop at
   * (the compiler's legality rules, as costly as the analysis itself) is added and published.
   */
  private async translate(uri: string): Promise<void> {
    try {
      const doc = this.documents.get(uri);
      const last = this.analyses?.get(uri);
      if (!doc || !last || last.version !== doc.version || this.scheduler.isPending(uri)) return;
      const result = this.analyses!.translate(uri);
      if (result) this.publish(result);
      await this.prebuild(uri);
    } catch (e) {
      this.connection.console.error(`compiler checks of ${uri} failed: ${(e as Error)?.stack ?? String(e)}`);
    }
  }

  /** Asks for the debugger's prebuild of a checked document that defines kernels and has no errors. */
  private async prebuild(uri: string): Promise<void> {
    const doc = this.documents.get(uri);
    const a = this.analyses?.get(uri);
    if (!doc || !a?.translated || a.version !== doc.version || !(await this.settingsFor(uri)).prebuild) return;
    if (a.diagnostics.some((d) => d.severity === 'error') || !kernelLenses(a.analysis, a.path, uri).length) return;
    const texts: Record<string, string> = {};
    for (const f of userFiles(a)) {
      const open = this.openText(f);
      if (open !== undefined) texts[f] = open;
    }
    this.prebuilder.request(a.path, texts);
  }

  /** A prebuild ended: logged, and told to the client (`q7/prebuilt`, see server/README.md). */
  private prebuilt(r: PrebuildReply): void {
    if (this.shuttingDown) return;
    const what = r.outcome === 'failed' ? `failed: ${r.message}` : `${r.outcome} in ${r.ms.toFixed(0)} ms`;
    this.connection.console.log(`prebuild of ${r.file} for the debugger ${what}`);
    void this.connection.sendNotification('q7/prebuilt', { uri: pathToUri(r.file), outcome: r.outcome, ms: Math.round(r.ms), message: r.message });
  }

  /**
   * Records what an analysis found in the document and in the user headers it includes, and publishes
   * every file whose set changed. A document that other open documents include (a header open in the
   * editor) speaks through them: its stand-alone analysis lacks their context.
   */
  private publish(a: DocumentAnalysis): void {
    const doc = this.documents.get(a.uri);
    if (!doc || doc.version !== a.version) return;
    const found = new Map(userFiles(a).map((f) => [f, [] as DocumentAnalysis['diagnostics']]));
    for (const d of a.diagnostics) found.get(d.range.file)?.push(d);
    if (this.analyses?.dependentsOf(a.path).length) found.delete(a.path);
    for (const f of this.publications.record(a.uri, found)) this.publishFile(f, f === a.path ? a.version : undefined);
  }

  /** Sends a file's diagnostics (the union of what the open documents found in it) on its own URI. */
  private publishFile(path: string, version?: number): void {
    const open = this.documents.all().find((d) => uriToPath(d.uri) === path);
    const uri = open?.uri ?? pathToUri(path);
    const diagnostics = this.publications.diagnosticsOf(path).map((d) => toDiagnostic(d, (f) => this.sdk.realPath(f)));
    void this.connection.sendDiagnostics(version === undefined ? { uri, diagnostics } : { uri, version, diagnostics });
    const started = this.started;
    this.started = undefined;
    if (started) setImmediate(started);
  }

  /** The analysis of the document's current version (made now when the last one is older). */
  /** What a request about text being typed needs: the line up to the cursor, the current analysis (if
   *  any), the path, and the scratch analysis of patched copies of the document (completion, signature help). */
  private async typing(uri: string, at: { line: number; character: number }) {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const prefix = doc.getText({ start: { line: at.line, character: 0 }, end: at });
    const a = await this.fresh(uri);
    const path = uriToPath(uri);
    const analyses = await this.ready();
    const settings = await this.settingsFor(uri);
    return { prefix, path, analysis: a?.analysis, scratch: { text: doc.getText(), analyse: (text: string) => analyses.scratch(path, text, settings) } };
  }

  private async fresh(uri: string): Promise<DocumentAnalysis | undefined> {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    const last = this.analyses?.get(uri);
    if (last && last.version === doc.version) return last;
    this.scheduler.cancel(uri);
    return this.analyse(uri);
  }
}

/** The prebuild worker thread (prebuild-worker.js next to this file, in dist/ or out/server/); it does
 *  not keep the server alive. */
function prebuildThread(): PrebuildWorker {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
  const w = new Worker(joinPath(__dirname, 'prebuild-worker.js'));
  w.unref();
  return w as unknown as PrebuildWorker;
}
