// Where each domain check's page lives (docs/diagnostics/<code>.md): the link the language server gives
// as a diagnostic's codeDescription and `q7 check --format json` as its url. The pages are in the
// repository (this base URL) and shipped in the packaged extension (docs/diagnostics/).

/** The base of the per-code pages: `${DIAGNOSTICS_BASE_URL}/Q7-A002.md`. */
export const DIAGNOSTICS_BASE_URL = 'https://github.com/q7-studio/q7-studio/blob/main/docs/diagnostics';

/** The page of a code (index.ts's diagnosticUrl gives it only for the checks' codes). */
export function pageUrl(code: string): string {
  return `${DIAGNOSTICS_BASE_URL}/${code}.md`;
}
