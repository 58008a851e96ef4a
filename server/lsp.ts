// The values the server takes from vscode-languageserver, in one place. The package is CommonJS: the
// bundle wraps it for ES imports (esbuild's __toESM, a getter for each of its ~300 exports) once per
// importing file, so importing its values here alone makes that once at start instead of eight times.
// Its types, erased at compile time, are imported from the package directly.

export {
  CodeActionKind,
  CompletionItemKind,
  createConnection,
  DiagnosticSeverity,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  InsertTextFormat,
  MarkupKind,
  ProposedFeatures,
  ResponseError,
  SymbolKind,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
