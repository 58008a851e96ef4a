// The host shim's permutes against a model written here: SEL and SHFL by index vectors (indices past
// the range wrap), and every immediate pattern of SEL*I and DSEL*I (docs/ivp-encoding.md numbers them:
// element size and kind), on vector types whose lane width differs from the pattern's element size.

import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireTool } from '../../harness/oracle/tools';
import { operand, rng } from '../emulator/helpers/ivp';
import { ShimProgram, VEC, VecKind, lane, lanesOf } from './helpers/shim-program';

/** concat(lo, hi) as elements of `bytes` bytes, from byte arrays. */
function elements(hi: bigint[], lo: bigint[], bytes: number): bigint[] {
  const all = [...lo, ...hi];
  const out: bigint[] = [];
  for (let j = 0; j < all.length / bytes; j++) {
    let v = 0n;
    for (let k = bytes - 1; k >= 0; k--) v = (v << 8n) | all[j * bytes + k];
    out.push(v);
  }
  return out;
}
function toBytes(els: bigint[], bytes: number): bigint[] {
  return els.flatMap((v) => Array.from({ length: bytes }, (_, k) => (v >> BigInt(8 * k)) & 255n));
}
/** Output element k of a SEL*I kind over L elements: the concat element it takes, or null for zero. */
function seliSource(kind: number, L: number, k: number): number | null {
  const half = Math.floor(k / 2);
  if (kind === 0) return k % 2 === 0 ? half : L + half;
  if (kind === 1) return k % 2 === 0 ? L / 2 + half : L + L / 2 + half;
  if (kind === 2 || kind === 3) {
    const pair = Math.floor(k / 2);
    const fromHi = pair % 2 === 1;
    const base = 2 * Math.floor(pair / 2) + (k % 2) + (kind === 3 ? L / 2 : 0);
    return fromHi ? L + base : base;
  }
  if (kind === 4) return 2 * k;
  if (kind === 5) return 2 * k + 1;
  if (kind >= 64) return (k + kind - 64) % (2 * L);
  return null;
}

describe('hostshim: IVP permutes against an independent model', function () {
  this.timeout(180000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'q7-shim-sel-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('SEL and SHFL by index vectors, out-of-range indices wrapping', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(7);
    const IDX: Record<VecKind, VecKind> = { '2NX8': '2NX8', '2NX8U': '2NX8', NX16: 'NX16', NX16U: 'NX16', NXF16: 'NX16', N_2X32: 'N_2X32', N_2X32U: 'N_2X32', N_2XF32: 'N_2X32' };
    for (const k of Object.keys(IDX) as VecKind[]) {
      const L = lanesOf(k);
      const bits = VEC[k].bits;
      const H = operand(next, bits, L).map((x) => BigInt.asUintN(bits, x));
      const Lo = operand(next, bits, L).map((x) => BigInt.asUintN(bits, x));
      const I = Array.from({ length: L }, (_, i) => (i < 4 ? [-1n, BigInt(2 * L), BigInt(2 * L + 3), BigInt(L)][i] : BigInt(next() % (4 * L)) - BigInt(L)));
      const [h, lo, idx] = [p.vec(k, H), p.vec(k, Lo), p.vec(IDX[k], I.map((x) => lane(IDX[k], x)))];
      const cat = [...Lo, ...H];
      p.expectVec(`SEL${k}`, k, `IVP_SEL${k}(${h}, ${lo}, ${idx})`, I.map((x) => cat[Number(BigInt.asUintN(bits, x) % BigInt(2 * L))]));
      p.expectVec(`SHFL${k}`, k, `IVP_SHFL${k}(${h}, ${idx})`, I.map((x) => H[Number(BigInt.asUintN(bits, x) % BigInt(L))]));
    }
    p.run(dir, 'sel');
  });

  it('every SEL*I and DSEL*I immediate pattern, on every type', function () {
    requireTool(this, 'gcc');
    const p = new ShimProgram();
    const next = rng(8);
    const H = Array.from({ length: 64 }, () => BigInt(next() & 255));
    const Lo = Array.from({ length: 64 }, () => BigInt(next() & 255));
    const [h, lo] = [p.vec('2NX8U', H), p.vec('2NX8U', Lo)];
    const types: [string, VecKind][] = [['2NX8', '2NX8'], ['2NX8U', '2NX8U'], ['NX16', 'NX16'], ['NX16U', 'NX16U'], ['N_2X32', 'N_2X32'], ['N_2X32U', 'N_2X32U'], ['NXF16', 'NXF16'], ['N_2XF32', 'N_2XF32']];
    const cast = (k: VecKind, v: string) => `q7_bytes<${VEC[k].ctype}>(&${v})`;
    for (const [code, bytes] of [[0, 1], [1, 2], [2, 4]] as const) {
      const L = 64 / bytes;
      const cat = elements(H, Lo, bytes);
      const kinds = [0, 1, 2, 3, 4, 5, 6, 63, ...Array.from({ length: 64 }, (_, r) => 64 + r)];
      for (const kind of kinds) {
        const want = toBytes(Array.from({ length: L }, (_, k) => {
          const j = seliSource(kind, L, k);
          return j === null ? 0n : cat[j];
        }), bytes);
        const [name, k] = types[(kind + code) % types.length];
        p.expectVec(`SEL${name}I ${code}/${kind}`, '2NX8U', `[&]{ const auto t = IVP_SEL${name}I(${cast(k, h)}, ${cast(k, lo)}, ${(code << 7) | kind}); return q7_bytes<xb_vec2Nx8U>(&t); }()`, want);
      }
      for (const dkind of [0, 1, 2, 3]) {
        const hiOut: bigint[] = [];
        const loOut: bigint[] = [];
        for (let k = 0; k < L; k++) {
          if (dkind < 3) {
            const [lk, hk] = [[0, 1], [2, 3], [4, 5]][dkind];
            loOut.push(cat[seliSource(lk, L, k) as number]);
            hiOut.push(cat[seliSource(hk, L, k) as number]);
          } else {
            loOut.push(cat[4 * Math.floor(k / 2) + (k % 2)]);
            hiOut.push(cat[4 * Math.floor(k / 2) + (k % 2) + 2]);
          }
        }
        for (const name of ['2NX8', 'NX16', 'N_2X32', 'N_2XF32'] as const) {
          const k = name as VecKind;
          p.stmt(`${VEC[k].ctype} dh${code}${dkind}${name}, dl${code}${dkind}${name}; IVP_DSEL${name}I(dh${code}${dkind}${name}, dl${code}${dkind}${name}, ${cast(k, h)}, ${cast(k, lo)}, ${(code << 2) | dkind});`);
          p.expectVec(`DSEL${name}I hi ${code}/${dkind}`, '2NX8U', `q7_bytes<xb_vec2Nx8U>(&dh${code}${dkind}${name})`, toBytes(hiOut, bytes));
          p.expectVec(`DSEL${name}I lo ${code}/${dkind}`, '2NX8U', `q7_bytes<xb_vec2Nx8U>(&dl${code}${dkind}${name})`, toBytes(loOut, bytes));
        }
      }
    }
    // the 3-channel steps (12..15) on bytes: a stream of pixels R G B is a0 a1 a2 (docs/ivp-encoding.md)
    {
      const stream = [...Lo, ...H]; // as the deinterleave steps see concat(lo, hi): step 0 a0 a1, step 1 a1 a2
      const c3: Record<number, [(k: number) => bigint, (k: number) => bigint]> = {
        12: [(k) => stream[3 * (k >> 1) + (k & 1)], (k) => (k < 32 ? stream[3 * k + 2] : 0n)],
        13: [(k) => stream[3 * (32 + (k >> 1)) + (k & 1) - 64], (k) => (k >= 32 ? stream[3 * k + 2 - 64] : 0n)],
        // interleave: lo holds R,G pairs (pixel q at 2q, 2q+1), hi the B plane
        14: [(k) => rgb(k, 0), (k) => (k < 32 ? rgb(64 + k, 0) : 0n)],
        15: [(k) => (k >= 32 ? rgb(64 + k, 32) : 0n), (k) => rgb(128 + k, 32)],
      };
      function rgb(s: number, first: number): bigint {
        const [pixel, ch] = [Math.floor(s / 3), s % 3];
        return ch === 2 ? H[pixel] : Lo[2 * (pixel - first) + ch];
      }
      for (const [pattern, [loOf, hiOf]] of Object.entries(c3)) {
        const v = `c3_${pattern}`;
        p.stmt(`xb_vec2Nx8 ${v}h, ${v}l; IVP_DSEL2NX8I(${v}h, ${v}l, ${cast('2NX8', h)}, ${cast('2NX8', lo)}, ${pattern});`);
        p.expectVec(`DSEL2NX8I C3 ${pattern} hi`, '2NX8U', `q7_bytes<xb_vec2Nx8U>(&${v}h)`, Array.from({ length: 64 }, (_, k) => hiOf(k)));
        p.expectVec(`DSEL2NX8I C3 ${pattern} lo`, '2NX8U', `q7_bytes<xb_vec2Nx8U>(&${v}l)`, Array.from({ length: 64 }, (_, k) => loOf(k)));
      }
    }
    p.expectInt('IVP_DSELI_8B_INTERLEAVE_C3_STEP_1', 'IVP_DSELI_8B_INTERLEAVE_C3_STEP_1', 15n);
    // the header's names are these numbers
    p.expectInt('IVP_SELI_16B_ROTATE_RIGHT_1', 'IVP_SELI_16B_ROTATE_RIGHT_1', 193n);
    p.expectInt('IVP_DSELI_32B_DEINTERLEAVE_2', 'IVP_DSELI_32B_DEINTERLEAVE_2', 11n);
    p.run(dir, 'seli');
  });
});
