// The "Q7 Device" tree in the Run and Debug side bar: what the adapter's `q7/deviceView` custom request
// returns (window table per core, enforcers, TCM pool, stack, mailbox, log ring — as a generic tree of
// labelled values), fetched again on every stop of a q7 session and cleared when it ends.

import * as vscode from 'vscode';

/** One node of the adapter's device view (debug-adapter/README.md, `q7/deviceView`). */
export interface DeviceNode {
  readonly label: string;
  readonly value?: string;
  readonly tooltip?: string;
  readonly children?: readonly DeviceNode[];
}

export class DeviceViewProvider implements vscode.TreeDataProvider<DeviceNode> {
  private roots: readonly DeviceNode[] = [];
  private readonly changed = new vscode.EventEmitter<DeviceNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  getTreeItem(n: DeviceNode): vscode.TreeItem {
    const item = new vscode.TreeItem(n.label, n.children?.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.description = n.value;
    item.tooltip = n.tooltip ?? (n.value !== undefined ? `${n.label}: ${n.value}` : n.label);
    return item;
  }

  getChildren(n?: DeviceNode): DeviceNode[] {
    return [...(n ? n.children ?? [] : this.roots)];
  }

  async refresh(session: vscode.DebugSession | undefined): Promise<void> {
    if (!session || session.type !== 'q7') {
      this.roots = [];
    } else {
      try {
        const r = (await session.customRequest('q7/deviceView')) as { roots?: DeviceNode[] } | undefined;
        this.roots = r?.roots ?? [];
      } catch (e) {
        this.roots = [{ label: 'device view unavailable', value: e instanceof Error ? e.message : String(e) }];
      }
    }
    this.changed.fire(undefined);
  }
}

/** Registers the view and refreshes it whenever a q7 session stops or ends. */
export function registerDeviceView(context: vscode.ExtensionContext): DeviceViewProvider {
  const provider = new DeviceViewProvider();
  context.subscriptions.push(
    vscode.window.registerTreeDataProvider('q7.device', provider),
    vscode.debug.registerDebugAdapterTrackerFactory('q7', {
      createDebugAdapterTracker: (session) => ({
        onDidSendMessage: (m: { type?: string; event?: string }) => {
          if (m.type === 'event' && m.event === 'stopped') void provider.refresh(session);
        },
        onExit: () => void provider.refresh(undefined),
      }),
    }),
    vscode.debug.onDidTerminateDebugSession(() => void provider.refresh(undefined)),
  );
  return provider;
}
