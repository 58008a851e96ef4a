// Device faults as squiggles: each `q7/fault` event of a q7 debug session (debug-adapter/README.md:
// the fault's kind, message and source position) becomes a diagnostic on its line in the Problems
// panel, kept until the file is next edited or a new session starts.

import * as vscode from 'vscode';

/** The body of the adapter's `q7/fault` custom event. */
export interface FaultEventBody {
  readonly kind: string;
  readonly message: string;
  readonly core: number;
  readonly fatal: boolean;
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
}

export function faultDiagnostic(f: FaultEventBody): vscode.Diagnostic {
  const line = Math.max(0, (f.line ?? 1) - 1);
  const col = Math.max(0, (f.column ?? 1) - 1);
  const d = new vscode.Diagnostic(new vscode.Range(line, col, line, Number.MAX_SAFE_INTEGER), `${f.kind}: ${f.message} [core ${f.core}]`, f.fatal ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
  d.source = 'q7 device';
  d.code = f.kind;
  return d;
}

export function registerFaultDiagnostics(context: vscode.ExtensionContext): void {
  const faults = vscode.languages.createDiagnosticCollection('q7-device');
  context.subscriptions.push(
    faults,
    vscode.debug.onDidStartDebugSession((s) => {
      if (s.type === 'q7') faults.clear();
    }),
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      if (e.session.type !== 'q7' || e.event !== 'q7/fault') return;
      const f = e.body as FaultEventBody;
      if (!f.path) return;
      const uri = vscode.Uri.file(f.path);
      faults.set(uri, [...(faults.get(uri) ?? []), faultDiagnostic(f)]);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length && faults.has(e.document.uri)) faults.delete(e.document.uri);
    }),
  );
}
