// The tensor viewer: "View Tensor" on a variable in the Variables view of a q7 session asks the adapter
// (`q7/tensor`) for the tensor's dtype, shape, elements and the `expect` reference, and shows them in a
// webview (tensor-html.ts: table, heat map, differences highlighted; scripts only by nonce).

import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { type TensorData, tensorPage } from './tensor-html';

interface VariableContext {
  readonly sessionId?: string;
  readonly container?: { readonly variablesReference?: number };
  readonly variable?: { readonly name?: string; readonly evaluateName?: string; readonly variablesReference?: number };
}

async function showTensor(ctx: VariableContext | undefined): Promise<void> {
  const session = vscode.debug.activeDebugSession;
  if (!session || session.type !== 'q7') {
    void vscode.window.showErrorMessage('Q7: View Tensor needs a stopped q7 debug session.');
    return;
  }
  const expression = ctx?.variable?.evaluateName ?? ctx?.variable?.name;
  let t: TensorData;
  try {
    t = (await session.customRequest('q7/tensor', { expression, variablesReference: ctx?.variable?.variablesReference })) as TensorData;
  } catch (e) {
    void vscode.window.showErrorMessage(`Q7: ${e instanceof Error ? e.message : String(e)}`);
    return;
  }
  const panel = vscode.window.createWebviewPanel('q7.tensor', `Tensor ${t.name}`, vscode.ViewColumn.Beside, { enableScripts: true, localResourceRoots: [] });
  panel.webview.html = tensorPage(t, randomBytes(16).toString('base64'));
}

export function registerTensorViewer(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand('q7.viewTensor', (ctx?: VariableContext) => showTensor(ctx)));
}
