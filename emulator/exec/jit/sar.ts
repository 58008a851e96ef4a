// Shift amounts known while a block of a compiled region is compiled: after SSAI (whose template is
// `c.sar = N;`) the shifts of the same block that read SAR (SLL, SRL, SRA, SRC) read the constant N
// instead, until an instruction that may set SAR otherwise (SSR, SSL, SSA8L/B, a called handler
// such as WSR.SAR or XSR.SAR, anything passed the Cpu). V8 then folds their range tests away: GCC's
// rotate `ssai k; src a, b, b` becomes one shift pair. A block's start is where passes and other
// blocks join, so nothing is known there. SSAI itself still writes SAR, which stays architectural.

import type { RegionItem } from './region';

/** A template that sets SAR to a constant (SSAI). */
const SET_CONSTANT = /^c\.sar = (\d+);$/;
/** An assignment to SAR. */
const ASSIGNS = /\bc\.sar = (?!=)/;
/** A read of SAR. */
const READ = /\bc\.sar\b(?! = (?!=))/g;
/** A call passed the Cpu (a handler, ENTRY, RETW), which may set SAR; not the Memory's slow path, which reaches memory only. */
const CALLS = /(?<!\bjitRead|\bjitWrite)\(c[,)]/;

/** `items` (one block, in order) with SAR read as a constant where an SSAI before it in the block fixes it. */
export function foldShiftAmounts(items: readonly RegionItem[]): RegionItem[] {
  let known: number | undefined;
  return items.map((it) => {
    const e = it.e;
    if (e.kind === 'branch') return it;
    const set = SET_CONSTANT.exec(e.code);
    let code = e.code;
    if (known !== undefined && !ASSIGNS.test(code)) code = code.replace(READ, `(${known})`);
    if (set !== null) known = Number(set[1]);
    else if (ASSIGNS.test(code) || CALLS.test(code)) known = undefined;
    return code === e.code ? it : { ...it, e: { ...e, code } };
  });
}
