// `-D NAME[=VALUE]` command-line macros as the table the front-end takes (q7 check, build and run).

/** `-D NAME[=VALUE]` values as a macro table; `NAME` alone gets `bare` (cc's `1`; q7 check has used ''). */
export function macroTable(defs: readonly string[], bare = '1'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of defs) {
    const eq = d.indexOf('=');
    out[eq < 0 ? d : d.slice(0, eq)] = eq < 0 ? bare : d.slice(eq + 1);
  }
  return out;
}
