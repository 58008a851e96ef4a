// Guest address registers held in JavaScript locals across a compiled region: the templates write
// the current window as `a[N]` (template.ts); in a region, `a[N]` becomes the local `rN`, read from
// the window when the region starts. The window is written back (`flush`) once, in the `finally`
// of the region's function (it runs whether the region returns or a memory access throws), and
// around an instruction whose code reads or writes the window itself (a handler call, ENTRY,
// RETW, an index that is not a literal): written back before it, read again after it — only the
// registers it names when that is known (a called handler reaches just its register operands).
// Only registers the region's code assigns are written back: a local no code assigns is read from the
// window and read again after whatever may change the window, so it always equals its window slot.

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
  /** `a[2] = r2; …` (empty without locals). */
  readonly flush: string;
  /** `code` with its registers as locals; `window`: the only registers it reaches opaquely, when known (else all are written back around it). */
  rewrite(code: string, window?: readonly number[]): Rewritten;
}

/** `a[N]` with a literal N, not part of a longer name or a property. */
const LITERAL_REG = /(?<![\w$.])a\[(\d+)\]/g;
/** What reaches the window other than by a literal index: `a[expr]`, `c.a`, a call passed the Cpu. */
const OPAQUE = /(?<![\w$.])a\[|\bc\.a\b|\(c[,)]/;

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

const NONE: RegisterLocals = { declare: '', flush: '', rewrite: (text) => ({ pre: '', text, post: '' }) };

/** The locals for a region made of `emitted`; none when a branch condition reaches the window opaquely. */
export function registerLocals(emitted: readonly Emitted[]): RegisterLocals {
  const used = new Set<number>();
  for (const e of emitted) {
    const code = e.kind === 'branch' ? e.cond : e.code;
    if (e.kind === 'branch' && OPAQUE.test(code.replace(LITERAL_REG, ''))) return NONE;
    for (const m of code.matchAll(LITERAL_REG)) used.add(Number(m[1]));
  }
  if (used.size === 0) return NONE;
  const regs = [...used].sort((x, y) => x - y);
  const written = new Set<number>();
  for (const e of emitted) if (e.kind !== 'branch') for (const m of e.code.matchAll(ASSIGN)) written.add(Number(m[1]));
  const dirty = regs.filter((n) => written.has(n));
  const flush = dirty.map((n) => `a[${n}] = r${n};`).join(' ');
  const reload = regs.map((n) => `r${n} = a[${n}];`).join(' ');
  return {
    declare: `let ${regs.map((n) => `r${n} = a[${n}]`).join(', ')};`,
    flush,
    rewrite(code: string, window?: readonly number[]): Rewritten {
      const local = toLocals(code);
      if (!OPAQUE.test(local)) return { pre: '', text: local, post: '' };
      if (window === undefined) return { pre: `${flush} `, text: local, post: ` ${reload}` };
      const named = regs.filter((n) => window.includes(n));
      return { pre: named.filter((n) => written.has(n)).map((n) => `a[${n}] = r${n}; `).join(''), text: local, post: named.map((n) => ` r${n} = a[${n}];`).join('') };
    },
  };
}
