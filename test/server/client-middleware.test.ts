// The VS Code client's document filter, with fake documents (no editor needed): only kernels and
// opted-in files reach the server, a file that starts including the SDK is opened then, and closes
// are forwarded only for documents the server has.

import * as assert from 'node:assert/strict';
import type { TextDocument, TextDocumentChangeEvent } from 'vscode';
import { servedDocumentsMiddleware } from '../../client/served-documents';

function doc(path: string, text: string): TextDocument {
  return { uri: { scheme: 'file', fsPath: path, toString: () => `file://${path}` }, getText: () => text } as unknown as TextDocument;
}

describe('client document filter', () => {
  it('opens kernels and opted-in files, holds back the rest until they include the SDK', async () => {
    const log: string[] = [];
    let optIn: string[] = [];
    const mw = servedDocumentsMiddleware(() => optIn, { open: async (d) => void log.push(`late-open ${d.uri.toString()}`) });
    const next = (what: string) => async (x: TextDocument | TextDocumentChangeEvent) => void log.push(`${what} ${('document' in x ? x.document : x).uri.toString()}`);
    const kernel = doc('/w/k.cpp', '#include <torch/torch.h>\n');
    const plain = doc('/w/p.cpp', 'int main() {}\n');
    await mw.didOpen!(kernel, next('open'));
    await mw.didOpen!(plain, next('open'));
    await mw.didChange!({ document: plain, contentChanges: [], reason: undefined } as TextDocumentChangeEvent, next('change'));
    const becameKernel = doc('/w/p.cpp', '#include <neuron/neuron-utils.hpp>\nint main() {}\n');
    await mw.didChange!({ document: becameKernel, contentChanges: [], reason: undefined } as TextDocumentChangeEvent, next('change'));
    await mw.didChange!({ document: becameKernel, contentChanges: [], reason: undefined } as TextDocumentChangeEvent, next('change'));
    optIn = ['**/o.cpp'];
    await mw.didOpen!(doc('/w/o.cpp', 'int x;\n'), next('open'));
    await mw.didClose!(doc('/w/never.cpp', ''), next('close'));
    await mw.didClose!(kernel, next('close'));
    assert.deepEqual(log, ['open file:///w/k.cpp', 'late-open file:///w/p.cpp', 'change file:///w/p.cpp', 'open file:///w/o.cpp', 'close file:///w/k.cpp']);
  });
});
