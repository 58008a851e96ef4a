// ENTRY and RETW in a region that holds all sixteen registers of the window in locals (`r0`…`r15`,
// jit/locals.ts): the window rotation done on the locals. The registers leaving the window are
// stored into the physical file (`ph`, mask `pm`), the ones both windows share are renamed by local
// moves, the entering ones are read from the physical file — what core/window.ts shiftWindow does on
// Cpu.a, without writing the window back before and reading it again after. The checks and state
// changes are jitEntryState / jitRetwState (jit/windowed.ts); when they decline, nothing changed and
// the region leaves before the instruction (`leave`), the interpreter then running it.

/** Moves the locals up by `m` registers (ENTRY): old base `ob`, new base `nb` (JS expressions of register indices). */
function up(m: number): string {
  const out: string[] = [];
  for (let i = 0; i < m; i++) out.push(`ph[(ob + ${i}) & pm] = r${i};`);
  for (let i = 0; i < 16 - m; i++) out.push(`r${i} = r${i + m};`);
  for (let i = 16 - m; i < 16; i++) out.push(`r${i} = ph[(nb + ${i}) & pm];`);
  return out.join(' ');
}

/** Moves the locals down by `m` registers (RETW). */
function down(m: number): string {
  const out: string[] = [];
  for (let i = 16 - m; i < 16; i++) out.push(`ph[(ob + ${i}) & pm] = r${i};`);
  for (let i = 15; i >= m; i--) out.push(`r${i} = r${i - m};`);
  for (let i = 0; i < m; i++) out.push(`r${i} = ph[(nb + ${i}) & pm];`);
  return out.join(' ');
}

/** By 4, 8 or 12 registers as `k` (panes, 1..3) says. */
function byPanes(k: string, move: (m: number) => string): string {
  return `if (${k} === 2) { ${move(8)} } else if (${k} === 1) { ${move(4)} } else { ${move(12)} }`;
}

/** ENTRY as, frame on the locals; `leave` leaves the region before it. */
export function entryOnLocals(s: number, frame: number, leave: string): string {
  return `{ const ob = c.windowbase << 2; const sp = (r${s} - ${frame}) | 0; const k = jitEntryState(c, sp); if (k === 0) { ${leave} } ` +
    `const nb = c.windowbase << 2; ${byPanes('k', up)} r${s} = sp; }`;
}

/** RETW at `pc` on the locals: defines `to`, the return address; `leave` leaves the region before it. */
export function retwOnLocals(pc: number, leave: string): string {
  return `const ob = c.windowbase << 2; const n = jitRetwState(c, r0); if (n === 0) { ${leave} } ` +
    `const to = ((${(pc & 0xc0000000) >>> 0} | (r0 & 0x3fffffff)) >>> 0); const nb = c.windowbase << 2; ${byPanes('n', down)}`;
}
