// `q7 lsp --stdio` runs the same server as server/main.js: a round trip through the CLI entry, and its
// usage errors.

import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { lspCommand } from '../../cli/commands/lsp';
import { UsageError, type CliIO } from '../../cli/io';
import type { InitializeResult } from 'vscode-languageserver';
import { LspClient } from '../../harness/lsp-client';

const CLI_MAIN = path.join(__dirname, '..', '..', 'cli', 'main.js');
const io: CliIO = { stdout: () => undefined, stderr: () => undefined, readFile: () => new Uint8Array(), writeFile: () => undefined };

describe('q7 lsp', function () {
  this.timeout(60000);

  it('serves LSP over stdio: initialize, diagnostics, shutdown, exit 0', async () => {
    // node -e leaves argv[1] to the first extra argument, so a placeholder stands where the script would be.
    const c = new LspClient(['-e', `require(${JSON.stringify(CLI_MAIN)}).runCli()`, 'q7', 'lsp', '--stdio']);
    const init = await c.request<InitializeResult>('initialize', { processId: null, rootUri: null, capabilities: {}, initializationOptions: { settings: { debounceMs: 0 } } });
    assert.equal(init.result?.serverInfo?.name, 'q7-studio');
    c.notify('initialized', {});
    const uri = 'file:///cli/k.cpp';
    c.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'cpp', version: 1, text: '#include <torch/torch.h>\nvoid f(torch::Tensor& t) {\n  auto a = t.accessor<float, 0>();\n}\n' } });
    const p = await c.waitFor('textDocument/publishDiagnostics', (x) => x.uri === uri);
    assert.deepEqual(p.diagnostics.map((d) => d.code), ['Q7-A003']);
    assert.equal(await c.stop(), 0);
  });

  it('refuses anything but --stdio', () => {
    assert.throws(() => lspCommand.run([], io), (e: unknown) => e instanceof UsageError && e.exitCode === 2 && /stdio only/.test(e.message));
    assert.throws(() => lspCommand.run(['--socket', '4000'], io), UsageError);
    assert.throws(() => lspCommand.run(['--help'], io), (e: unknown) => e instanceof UsageError && e.exitCode === 0);
  });
});
