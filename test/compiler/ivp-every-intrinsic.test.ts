// Every intrinsic the guest <xtensa/tie/xt_ivp32.h> declares compiles: one function per declaration
// (read from the header, so a declaration without a lowering fails here), at -O0, -O1 and -O2, each
// function's code holding the intrinsic's own instruction when the table has a row of its name, and
// some instruction of the unit beyond the moves to and from the frame otherwise.

import { strict as assert } from 'node:assert';
import { formatCompileDiagnostic } from '../../compiler';
import { INSN_BY_MNEMONIC } from '../../xtensa/isa';
import { compileSource } from './harness';
import { callingKernel, ivpDeclarations } from './ivp-declarations';

/** The unit's moves between registers and the frame, which every function has. */
const FRAME_MOVES = new Set(['ivp_lvn_2x32_i', 'ivp_svn_2x32_i', 'ivp_lvw', 'ivp_svw', 'ivp_lvalign', 'ivp_svalign', 'ivp_lvbool', 'ivp_svbool']);

/** Reinterpreting casts: no instruction (the value keeps its register or home). */
const NO_INSTRUCTION = /^IVP_MOV\w+_FROM\w+$/;

/** The `ivp_*` mnemonics of each function t<i> of the assembly. */
function mnemonicsByFunction(asm: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  let current: string[] | undefined;
  for (const line of asm.split('\n')) {
    const label = line.match(/^_Z\d+t(\d+)\w*:$/);
    if (label) {
      current = [];
      out.set(Number(label[1]), current);
      continue;
    }
    if (/^\w.*:$/.test(line) && !line.startsWith('.')) current = undefined;
    const m = line.match(/^\t(ivp_\w+)/);
    if (m && current) current.push(m[1]);
  }
  return out;
}

describe('compiler: every declared IVP intrinsic lowers', function () {
  this.timeout(300_000);
  const decls = ivpDeclarations();

  it('reads the declarations of the header', () => {
    assert.ok(decls.length > 500, `${decls.length} declarations`);
    assert.equal(new Set(decls.map((d) => d.name)).size, decls.length, 'each intrinsic declared once');
  });

  for (const optimize of [0, 1, 2] as const) {
    it(`compiles a call of each at -O${optimize}, to its instruction(s)`, async () => {
      const src = `${callingKernel(decls)}int main() { return 0; }\n`;
      const r = await compileSource(src, '/test/every-intrinsic.cpp', { optimize, debug: false });
      const lines = src.split('\n');
      const failing = r.diagnostics.map((d) => {
        const text = formatCompileDiagnostic(d);
        const at = Number(text.match(/every-intrinsic\.cpp:(\d+)/)?.[1] ?? 0);
        const call = lines[at - 1]?.match(/\b(IVP_\w+)\(/)?.[1] ?? '?';
        return `${call}: ${text.split('\n')[0]}`;
      });
      assert.deepEqual(failing, []);
      assert.ok(r.assembly);
      const byFn = mnemonicsByFunction(r.assembly);
      const wrong: string[] = [];
      decls.forEach((d, i) => {
        const got = byFn.get(i);
        if (!got) return wrong.push(`${d.name}: no function t${i} in the assembly`);
        const work = got.filter((m) => !FRAME_MOVES.has(m));
        const own = `ivp_${d.name.slice(4).toLowerCase()}`;
        if (NO_INSTRUCTION.test(d.name)) {
          if (work.length) wrong.push(`${d.name}: a reinterpreting cast emitted ${work.join(' ')}`);
        } else if (INSN_BY_MNEMONIC.get(own)?.feature === 'ivp') {
          if (!got.includes(own)) wrong.push(`${d.name}: no ${own} in ${got.join(' ')}`);
        } else if (!work.length) {
          wrong.push(`${d.name}: no instruction of the unit besides frame moves`);
        }
        return undefined;
      });
      assert.deepEqual(wrong, []);
    });
  }
});
