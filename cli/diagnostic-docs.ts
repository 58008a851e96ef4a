// The pages of the domain checks' codes (docs/diagnostics/<code>.md) as the CLI reads them: embedded in
// the bundle at build time (scripts/bundle.mjs defines __Q7_DIAGNOSTIC_DOCS), else read from the
// package's docs/diagnostics/ found above this module (the compiled tree out/ in development and tests).

import * as path from 'node:path';

declare const __Q7_DIAGNOSTIC_DOCS: Record<string, string> | undefined;

/** The embedded pages, by code, when this code runs from the bundle. */
function embedded(): Record<string, string> | undefined {
  return typeof __Q7_DIAGNOSTIC_DOCS === 'undefined' ? undefined : __Q7_DIAGNOSTIC_DOCS;
}

/** docs/diagnostics/ of the package this module belongs to: the first one above `from` that has a README.md. */
export function docsDirectory(read: (p: string) => Uint8Array | undefined, from: string | undefined): string | undefined {
  if (!from) return undefined;
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'docs', 'diagnostics');
    if (read(path.join(candidate, 'README.md'))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The page of `code` (e.g. Q7-A002), or undefined when there is none. */
export function diagnosticPage(code: string, read: (p: string) => Uint8Array | undefined): string | undefined {
  const docs = embedded();
  if (docs) return docs[code];
  const dir = docsDirectory(read, typeof __dirname === 'string' ? __dirname : undefined);
  const bytes = dir && read(path.join(dir, `${code}.md`));
  return bytes ? new TextDecoder().decode(bytes) : undefined;
}
