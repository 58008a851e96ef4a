// Middleware for the language client: only served documents (see kernel-files.ts) are opened on the
// server; a document that starts including the SDK while it is edited is opened then, with its text.

import type { Middleware } from 'vscode-languageclient/node';
import type { TextDocument } from 'vscode';
import { isServed } from './kernel-files';

export interface Opener {
  /** Sends didOpen for a document the middleware had held back. */
  open(doc: TextDocument): Promise<void>;
}

export function servedDocumentsMiddleware(optIn: () => readonly string[], opener: Opener): Middleware {
  const open = new Set<string>();
  const served = (doc: TextDocument) => isServed(doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.toString(), doc.getText(), optIn());
  return {
    didOpen: async (doc, next) => {
      if (!served(doc)) return;
      open.add(doc.uri.toString());
      await next(doc);
    },
    didChange: async (event, next) => {
      const key = event.document.uri.toString();
      if (open.has(key)) return next(event);
      if (!served(event.document)) return;
      open.add(key);
      await opener.open(event.document);
    },
    didClose: async (doc, next) => {
      if (!open.delete(doc.uri.toString())) return;
      await next(doc);
    },
  };
}
