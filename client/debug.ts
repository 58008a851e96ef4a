// The debugger's VS Code glue: the `q7` debug adapter (dist/dap.js, DAP over stdio) for launch
// configurations of type q7, a configuration provider (F5 on a kernel file with no launch.json debugs
// its only kernel), and the Run Kernel / Debug Kernel commands behind the language server's code
// lenses, which ask for each argument once and remember it per file and kernel.

import * as vscode from 'vscode';
import { type LaunchArg, type LensParam, defaultArg, kernelLaunchConfig, parseArgText, rememberKey } from './kernel-args';

interface LensArgs {
  readonly function: string;
  readonly params: readonly LensParam[];
}

class AdapterFactory implements vscode.DebugAdapterDescriptorFactory {
  constructor(private readonly context: vscode.ExtensionContext) {}

  createDebugAdapterDescriptor(): vscode.DebugAdapterDescriptor {
    return new vscode.DebugAdapterExecutable(process.execPath, [this.context.asAbsolutePath('dist/dap.js')]);
  }
}

class ConfigurationProvider implements vscode.DebugConfigurationProvider {
  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    if (!config.type && !config.request && !config.name) {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.document.languageId !== 'cpp') {
        void vscode.window.showErrorMessage('Q7: open a kernel (.cpp) or add a q7 launch configuration to debug.');
        return undefined;
      }
      return { type: 'q7', request: 'launch', name: 'Debug kernel', program: editor.document.uri.fsPath, stopOnEntry: true, args: [] };
    }
    return config;
  }
}

/** Asks for each argument (pre-filled with the remembered or default value); undefined when cancelled. */
async function askArgs(state: vscode.Memento, file: string, lens: LensArgs): Promise<LaunchArg[] | undefined> {
  const key = rememberKey(file, lens.function);
  const remembered = state.get<LaunchArg[]>(key);
  const out: LaunchArg[] = [];
  for (const [k, p] of lens.params.entries()) {
    const initial = remembered && remembered.length === lens.params.length ? remembered[k] : defaultArg(p);
    const text = await vscode.window.showInputBox({
      title: `${lens.function}: argument ${k + 1} of ${lens.params.length}`,
      prompt: `${p.type} ${p.name}: ${p.kind === 'tensor' ? 'a .npy file or shape=…,dtype=…,init=…,seed=…' : 'a number'}`,
      value: String(initial),
      validateInput: (t) => {
        const r = parseArgText(p, t);
        return typeof r === 'object' ? r.error : undefined;
      },
    });
    if (text === undefined) return undefined;
    out.push(parseArgText(p, text) as LaunchArg);
  }
  await state.update(key, out);
  return out;
}

async function launchKernel(context: vscode.ExtensionContext, uri: string, lens: LensArgs, noDebug: boolean): Promise<void> {
  const file = vscode.Uri.parse(uri).fsPath;
  const args = await askArgs(context.workspaceState, file, lens);
  if (!args) return;
  const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(uri));
  await vscode.debug.startDebugging(folder, kernelLaunchConfig(file, lens.function, args, noDebug) as vscode.DebugConfiguration, { noDebug });
}

export function registerDebugger(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('q7', new AdapterFactory(context)),
    vscode.debug.registerDebugConfigurationProvider('q7', new ConfigurationProvider()),
    vscode.commands.registerCommand('q7.runKernel', (uri: string, lens: LensArgs) => launchKernel(context, uri, lens, true)),
    vscode.commands.registerCommand('q7.debugKernel', (uri: string, lens: LensArgs) => launchKernel(context, uri, lens, false)),
  );
}
