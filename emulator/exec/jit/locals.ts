// Guest address registers held in JavaScript locals across a compiled region: the templates write
// the current window as `a[N]` (template.ts); in a region, `a[N]` becomes the local `rN`, read from
// the window when the region starts. The registers the region assigns are written back (`flush`)
// where it leaves (one exit, compile.ts; a fault leaves through it too, jit/slow.ts); the others
// always equal the window. Around an instruction whose code reads or writes the window itself (a
// handler call, ENTRY, RETW, an index that is not a literal) they are written back before it and
// read again after it — only the registers it names when that is known (a called handler reaches
// just its register operands). A region that follows a call (jit/region.ts) names registers past a15,
// the callee's: those locals are read from and written back to the physical file, at their offset
// from the window the region was entered in (`P[(B + N) & M]`, the prologue's P, B and M; B is read
// again wherever the window moved and the locals are read again).

import type { Emitted } from './template';

/** A template's code with its registers as locals, and what goes before and after it. */
export interface Rewritten {
  readonly pre: string;
  readonly text: string;
  readonly post: string;
}

export interface RegisterLocals {
  /** `let r2 = a[2], …;` (empty without locals). */
  readonly declare: string;
  /** `a[2] = r2; …` for the registers the region writes (empty when it writes none). */
  readonly flush: string;
  /** `code` with its registers as locals; `window`: the only registers it reaches opaquely, when known (else all are written back around it). */
  rewrite(code: string, window?: readonly number[]): Rewritten;
}

/** `a[N]` with a literal N, not part of a longer name or a property. */
const LITERAL_REG = /(?<![\w$.])a\[(\d+)\]/g;
/**
 * What reaches the window other than by a literal index: `a[expr]`, `c.a`, a call passed the Cpu
 * (but the Memory's slow path, jit/slow.ts, which reaches memory only).
 */
const OPAQUE = /(?<![\w$.])a\[|\bc\.a\b|(?<!\bjitRead|\bjitWrite)\(c[,)]/;

/** An assignment to a register: `a[N] = ` (not `==`). */
const ASSIGN = /(?<![\w$.])a\[(\d+)\] = (?!=)/g;

/** Where the expression starting at `from` ends: a `;` or `,` outside brackets, or the bracket that closes around it. */
function expressionEnd(code: string, from: number): number {
  let depth = 0;
  for (let k = from; k < code.length; k++) {
    const ch = code[k];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (depth === 0) return k;
      depth--;
    } else if ((ch === ';' || ch === ',') && depth === 0) return k;
  }
  return code.length;
}

/**
 * `a[N] = expr` → `rN = (expr) | 0`: the window (an Int32Array) wraps what is stored to 32 bits,
 * a local does not, so every value a template computes (a sum that overflows, `-x`, a product of
 * 16-bit halves) is wrapped where it is assigned; the other registers are read as `rN`.
 */
function toLocals(code: string): string {
  let out = '';
  let k = 0;
  for (const m of code.matchAll(ASSIGN)) {
    if (m.index! < k) continue;
    const start = m.index! + m[0].length;
    const end = expressionEnd(code, start);
    out += `${code.slice(k, m.index).replace(LITERAL_REG, 'r$1')}r${m[1]} = (${code.slice(start, end).replace(LITERAL_REG, 'r$1')}) | 0`;
    k = end;
  }
  return out + code.slice(k).replace(LITERAL_REG, 'r$1');
}

/** The window holds a0..a15; a local past them lives in the physical file. */
const WINDOW = 16;

/** Where register N of the region lives: the window, or the physical file past it. */
const home = (n: number): string => (n < WINDOW ? `a[${n}]` : `P[(B + ${n}) & M]`);

/** Whether `code` reaches the window other than by literal registers (a handler call, `a[expr]`, `c.a`). */
export function reachesWindowOpaquely(code: string): boolean {
  return OPAQUE.test(code.replace(LITERAL_REG, ''));
}

const NONE: RegisterLocals = { declare: '', flush: '', rewrite: (text) => ({ pre: '', text, post: '' }) };

/** `code` with each literal register `a[N]` renamed `a[N + depth]` (a followed callee's, jit/region.ts). */
export function renameRegisters(code: string, depth: number): string {
  return code.replace(LITERAL_REG, (_, n: string) => `a[${Number(n) + depth}]`);
}

/** Registers code outside the templates reads and assigns (a followed callee's ENTRY, RETW and hooks, compile.ts). */
export interface ExtraRegisters {
  readonly read: readonly number[];
  readonly written: readonly number[];
}

/** The locals for a region made of `emitted` (and `extra`); none when a branch condition reaches the window opaquely. */
export function registerLocals(emitted: readonly Emitted[], extra: ExtraRegisters = { read: [], written: [] }): RegisterLocals {
  const used = new Set<number>([...extra.read, ...extra.written]);
  const written = new Set<number>(extra.written);
  for (const e of emitted) {
    const code = e.kind === 'branch' ? e.cond : e.code;
    if (e.kind === 'branch' && OPAQUE.test(code.replace(LITERAL_REG, ''))) return NONE;
    for (const m of code.matchAll(LITERAL_REG)) used.add(Number(m[1]));
    for (const m of code.matchAll(ASSIGN)) written.add(Number(m[1]));
  }
  if (used.size === 0) return NONE;
  const regs = [...used].sort((x, y) => x - y);
  // a local the region never assigns is read from the window and read again after whatever changes
  // the window, so it always equals the window: only the assigned ones are written back
  const dirty = regs.filter((n) => written.has(n));
  const flush = dirty.map((n) => `${home(n)} = r${n};`).join(' ');
  const physical = regs.some((n) => n >= WINDOW);
  const reload = `${physical ? 'B = c.windowbase << 2; ' : ''}${regs.map((n) => `r${n} = ${home(n)};`).join(' ')}`;
  return {
    declare: `${physical ? 'const P = c.phys, M = P.length - 1; let B = c.windowbase << 2; ' : ''}let ${regs.map((n) => `r${n} = ${home(n)}`).join(', ')};`,
    flush,
    rewrite(code: string, window?: readonly number[]): Rewritten {
      const text = toLocals(code);
      if (!OPAQUE.test(text)) return { pre: '', text, post: '' };
      if (window === undefined) return { pre: flush && `${flush} `, text, post: ` ${reload}` };
      const named = regs.filter((n) => window.includes(n));
      const before = dirty.filter((n) => window.includes(n));
      return { pre: before.map((n) => `a[${n}] = r${n}; `).join(''), text, post: named.map((n) => ` r${n} = a[${n}];`).join('') };
    },
  };
}
