// Source lines → code addresses from the DWARF line table, for breakpoints and stepping: the
// statement addresses of a line, and the nearest line at or after a requested one that has code
// (where a breakpoint on a blank or comment line moves to).

import type { DebugInfo } from '../debuginfo';

/** True when the line table's path `tableFile` names the user's `file`: the same path, one a tail of the other, or the same base name. */
export function sameFile(tableFile: string, file: string): boolean {
  if (tableFile === file || tableFile.endsWith(`/${file}`) || file.endsWith(`/${tableFile}`)) return true;
  return tableFile.split('/').pop() === file.split('/').pop();
}

/** Every line of `file` with a statement row, mapped to the addresses where a run of it starts (ascending). */
export function lineMap(debug: DebugInfo, file: string): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const u of debug.lineUnits) {
    const ids = new Set<number>();
    for (const [id, name] of u.files) if (sameFile(name, file)) ids.add(id);
    if (ids.size === 0) continue;
    for (let k = 0; k + 1 < u.rows.length; k++) {
      const r = u.rows[k];
      if (r.endSequence || !r.isStmt || !ids.has(r.file) || r.line === 0) continue;
      // a row continuing the line of the row before it (gcc: a second statement of the line) starts no new run
      const p = u.rows[k - 1];
      if (p && !p.endSequence && p.file === r.file && p.line === r.line) continue;
      const list = out.get(r.line) ?? [];
      if (!list.includes(r.address)) list.push(r.address);
      out.set(r.line, list);
    }
  }
  for (const list of out.values()) list.sort((x, y) => x - y);
  return out;
}

/** The first line ≥ `line` of `file` that has code (within `reach` lines), with its addresses. */
export function resolveLine(debug: DebugInfo, file: string, line: number, reach = 50): { line: number; addresses: number[] } | undefined {
  const map = lineMap(debug, file);
  for (let l = line; l <= line + reach; l++) {
    const a = map.get(l);
    if (a && a.length) return { line: l, addresses: a };
  }
  return undefined;
}
