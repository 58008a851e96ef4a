// The VS Code extension. Activation (on any C++ file, a q7 debug session or a Q7 command) only registers
// things: the debugger glue (debug.ts), the Q7 Device view, the tensor viewer, the fault squiggles and
// the commands; it starts nothing and loads no language client. The Q7 language server
// (language-server.ts, bundled apart as dist/language-client.js) starts the first time a kernel is open — a C++ file that includes
// <torch/torch.h> or <neuron/...>, or one opted in with `q7.files` (kernel-files.ts) — so a C++ project
// without kernels never pays for it. The time activation took goes to the "Q7 Studio" log (activation.ts).

import * as vscode from 'vscode';
import { registerDebugger } from './debug';
import { registerDeviceView } from './device-view';
import { registerTensorViewer } from './tensor-viewer';
import { registerFaultDiagnostics } from './fault-diagnostics';
import { isServed } from './kernel-files';
import { activationLine } from './activation';
import type { ServerHandle, startLanguageServer } from './language-server';

declare const __q7_bundle_start: number | undefined;
const moduleLoaded = performance.now();

let server: Promise<ServerHandle> | undefined;

function optIn(): readonly string[] {
  return vscode.workspace.getConfiguration('q7').get<string[]>('files') ?? [];
}

function isKernel(doc: vscode.TextDocument): boolean {
  if (doc.languageId !== 'cpp' || (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled')) return false;
  return isServed(doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.toString(), doc.getText(), optIn());
}

function startServer(context: vscode.ExtensionContext, log: vscode.LogOutputChannel, reason: string): void {
  if (server) return;
  log.info(`starting the language server: ${reason}`);
  // dist/language-client.js: language-server.ts in a bundle of its own (scripts/bundle.mjs)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const m = require(context.asAbsolutePath('dist/language-client.js')) as { startLanguageServer: typeof startLanguageServer };
  server = Promise.resolve(m.startLanguageServer(context, log, optIn));
}

export function activate(context: vscode.ExtensionContext): void {
  const activateStart = performance.now();
  const log = vscode.window.createOutputChannel('Q7 Studio', { log: true });
  context.subscriptions.push(log);
  registerDebugger(context);
  registerDeviceView(context);
  registerTensorViewer(context);
  registerFaultDiagnostics(context);
  const startFor = (doc: vscode.TextDocument) => {
    if (!server && isKernel(doc)) startServer(context, log, `${vscode.workspace.asRelativePath(doc.uri)} is a kernel`);
  };
  context.subscriptions.push(
    vscode.commands.registerCommand('q7.restartServer', async () => {
      if (server) await (await server).restart();
      else startServer(context, log, 'restart command');
    }),
    vscode.workspace.onDidOpenTextDocument(startFor),
    vscode.workspace.onDidChangeTextDocument((e) => startFor(e.document)),
  );
  for (const doc of vscode.workspace.textDocuments) startFor(doc);
  if (!server) log.info('no kernel open: the language server starts when one opens');
  const bundleStart = typeof __q7_bundle_start === 'number' ? __q7_bundle_start : undefined;
  log.info(activationLine({ bundleStart, moduleLoaded, activateStart, activateEnd: performance.now() }));
}

export async function deactivate(): Promise<void> {
  const s = server;
  server = undefined;
  await (await s)?.stop();
}
