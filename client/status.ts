// The status bar item of the extension: shows whether the Q7 language server is starting, running or
// stopped (click: restart it). It appears when the extension activates, i.e. when a C++ file opens.

import * as vscode from 'vscode';

export type ServerState = 'starting' | 'running' | 'stopped';

const TEXT: Record<ServerState, string> = {
  starting: '$(sync~spin) Q7',
  running: '$(check) Q7',
  stopped: '$(error) Q7',
};

const TOOLTIP: Record<ServerState, string> = {
  starting: 'Q7 language server: starting',
  running: 'Q7 language server: running (click to restart)',
  stopped: 'Q7 language server: stopped (click to restart)',
};

export class ServerStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('q7.server', vscode.StatusBarAlignment.Right, 100);

  constructor(restartCommand: string) {
    this.item.name = 'Q7 Studio';
    this.item.command = restartCommand;
    this.show('starting');
  }

  show(state: ServerState): void {
    this.item.text = TEXT[state];
    this.item.tooltip = TOOLTIP[state];
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
  }
}
