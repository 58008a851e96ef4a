// Self-checking IVP programs, one per feature group, assembled by our assembler (xtensa/asm) and run
// on the Q7 emulator: each computes with vector instructions, recomputes the result with scalar
// instructions in the guest and leaves a2 = 0 only if they agree (else the number of the failed
// check). Each runs on the interpreter alone and with compiled blocks, which must end in the same
// state (registers, vector files, memory) and must have compiled blocks that call vector handlers.

import { strict as assert } from 'node:assert';
import { Machine } from '../../emulator';
import { assemble } from '../../xtensa/asm';

/** a3 = the data buffer (0x3fe00000), a4 = an output buffer 8 KiB above it. */
const PROLOGUE = `
  .text
  .global _start
_start:
  movi a3, 0x3fe
  slli a3, a3, 20
  movi a4, 0x2
  slli a4, a4, 12
  add a4, a4, a3
  movi a2, 99
`;

const PROGRAMS: Record<string, string> = {
  // aligned stream: out[i] = in[i] + 7 over 1024 int16 (load _ip, broadcast, add, store _ip)
  'loads, stores, broadcast and add': `
  movi a5, 1024
  mov a6, a3
  movi a7, -50
fill:
  s16i a7, a6, 0
  addi a7, a7, 3
  addi a6, a6, 2
  addi a5, a5, -1
  bnez a5, fill
  movi a8, 7
  ivp_movva16 v2, a8
  mov a6, a3
  mov a9, a4
  movi a5, 32
vloop:
  ivp_lvnx16_ip v1, a6, 64
  ivp_addnx16 v3, v1, v2
  ivp_svnx16_ip v3, a9, 64
  addi a5, a5, -1
  bnez a5, vloop
  movi a5, 1024
  mov a9, a4
  movi a7, -43
check:
  movi a2, 1
  l16si a10, a9, 0
  bne a10, a7, done
  addi a7, a7, 3
  addi a9, a9, 2
  addi a5, a5, -1
  bnez a5, check
  movi a2, 0
`,
  // count and maximum of lanes above a threshold: compare, predicated select, max, lane extraction
  'compare, select, max and extract': `
  movi a5, 512
  mov a6, a3
  movi a7, 1234
  movi a15, 2000
  slli a15, a15, 3
fill2:
  extui a10, a7, 0, 15
  sub a10, a10, a15
  s16i a10, a6, 0
  addx4 a7, a7, a7
  addi a7, a7, 17
  addi a6, a6, 2
  addi a5, a5, -1
  bnez a5, fill2
  movi a8, 1000
  ivp_movva16 v4, a8
  movi a8, 1
  ivp_movva16 v5, a8
  movi a8, 0
  ivp_movva16 v6, a8
  ivp_movva16 v7, a8
  movi a8, -1
  slli a8, a8, 15
  ivp_movva16 v8, a8
  mov a6, a3
  movi a5, 16
vloop2:
  ivp_lvnx16_ip v1, a6, 64
  ivp_gtnx16 vb1, v1, v4
  ivp_movnx16t v2, v5, v6, vb1
  ivp_addnx16 v7, v7, v2
  ivp_maxnx16 v8, v8, v1
  addi a5, a5, -1
  bnez a5, vloop2
  movi a11, 0
  movi a12, -1
  slli a12, a12, 15
  mov a6, a3
  movi a5, 512
sloop2:
  l16si a10, a6, 0
  movi a8, 1000
  bge a8, a10, skip2
  addi a11, a11, 1
skip2:
  bge a12, a10, nomax
  mov a12, a10
nomax:
  addi a6, a6, 2
  addi a5, a5, -1
  bnez a5, sloop2
  movi a13, 0
  movi a14, -1
  slli a14, a14, 15
  movi a5, 0
lanes2:
  ivp_extrnx16 a10, v7, 0
  ivp_selnx16i v7, v7, v7, 193
  add a13, a13, a10
  ivp_extrnx16 a10, v8, 0
  ivp_selnx16i v8, v8, v8, 193
  bge a14, a10, nomax2
  mov a14, a10
nomax2:
  addi a5, a5, 1
  movi a8, 32
  bne a5, a8, lanes2
  movi a2, 2
  bne a13, a11, done
  movi a2, 3
  bne a14, a12, done
  movi a2, 0
`,
  // unaligned streams: la_pp + la_ip from an odd address, a variable-length tail, sapos flush
  'aligning streams and tails': `
  movi a5, 1000
  mov a6, a3
fill3:
  s8i a5, a6, 0
  addi a6, a6, 1
  addi a5, a5, -1
  bnez a5, fill3
  addi a6, a3, 3
  mov a9, a4
  addi a9, a9, 1
  ivp_la_pp u0, a6
  ivp_zalign u1
  movi a5, 15
vloop3:
  ivp_la2nx8u_ip v1, u0, a6
  ivp_sa2nx8u_ip v1, u1, a9
  addi a5, a5, -1
  bnez a5, vloop3
  movi a10, 37
  ivp_lav2nx8u_xp v1, u0, a6, a10
  ivp_sav2nx8u_xp v1, u1, a9, a10
  ivp_sapos2nx8u_fp u1, a9
  movi a5, 997
  addi a6, a3, 3
  addi a9, a4, 1
check3:
  movi a2, 4
  l8ui a10, a6, 0
  l8ui a11, a9, 0
  bne a10, a11, done
  addi a6, a6, 1
  addi a9, a9, 1
  addi a5, a5, -1
  bnez a5, check3
  movi a2, 0
`,
  // interleave and deinterleave round trip, and shifts: (x << 3) >> 3 == x for small x
  'interleave, deinterleave and shifts': `
  ivp_seqnx16 v1
  movi a8, 100
  ivp_movva16 v2, a8
  ivp_addnx16 v2, v2, v1
  ivp_movvv v10, v1
  ivp_movvv v11, v2
  movi a5, 20
vloop4:
  ivp_dselnx16i v3, v4, v2, v1, 4
  ivp_dselnx16i v2, v1, v3, v4, 6
  ivp_sllinx16 v1, v1, 3
  ivp_srainx16 v1, v1, 3
  addi a5, a5, -1
  bnez a5, vloop4
  ivp_eqnx16 vb2, v1, v10
  ivp_eqnx16 vb3, v2, v11
  ivp_andbn vb4, vb2, vb3
  ivp_movva16 v12, a8
  movi a8, 0
  ivp_movva16 v13, a8
  movi a8, 1
  ivp_movva16 v14, a8
  ivp_movnx16t v15, v14, v13, vb4
  movi a11, 0
  movi a5, 32
sum4:
  ivp_extrnx16 a10, v15, 0
  ivp_selnx16i v15, v15, v15, 193
  add a11, a11, a10
  addi a5, a5, -1
  bnez a5, sum4
  movi a2, 5
  movi a8, 32
  bne a11, a8, done
  movi a2, 0
`,
  // Q15 multiply: packvrnx48(mulnx16(a, b), 15) == clamps((a * b + 2^14) >> 15, 15) per lane
  'multiply into the 48-bit accumulator and a rounding, saturating pack': `
  movi a5, 256
  mov a6, a3
  movi a7, 777
fill5:
  extui a10, a7, 0, 16
  s16i a10, a6, 0
  addx8 a7, a7, a7
  addi a7, a7, 13
  addi a6, a6, 2
  addi a5, a5, -1
  bnez a5, fill5
  movi a15, 15
  mov a6, a3
  mov a9, a4
  movi a5, 4
vloop5:
  ivp_lvnx16_ip v1, a6, 64
  ivp_lvnx16_ip v2, a6, 64
  ivp_mulnx16 wv1, v1, v2
  ivp_packvrnx48 v3, wv1, a15
  ivp_svnx16_ip v3, a9, 64
  addi a5, a5, -1
  bnez a5, vloop5
  mov a6, a3
  mov a9, a4
  movi a5, 4
outer5:
  movi a8, 32
inner5:
  l16si a10, a6, 0
  l16si a11, a6, 64
  mull a10, a10, a11
  movi a11, 1
  slli a11, a11, 14
  add a10, a10, a11
  srai a10, a10, 15
  clamps a10, a10, 15
  l16si a11, a9, 0
  movi a2, 6
  bne a10, a11, done
  addi a6, a6, 2
  addi a9, a9, 2
  addi a8, a8, -1
  bnez a8, inner5
  addi a6, a6, 64
  addi a5, a5, -1
  bnez a5, outer5
  movi a2, 0
`,
  // float ReLU over integer-valued floats: trunc(max(float(x), 0)) == max(x, 0); then the sum and
  // maximum reductions against scalar loops
  'float conversions, max and reductions': `
  movi a5, 256
  mov a6, a3
  movi a7, 1321
  movi a15, 2000
fill6:
  extui a10, a7, 0, 12
  sub a10, a10, a15
  s32i a10, a6, 0
  addx4 a7, a7, a7
  addi a7, a7, 29
  addi a6, a6, 4
  addi a5, a5, -1
  bnez a5, fill6
  movi a8, 0
  ivp_movva32 v9, a8
  ivp_floatn_2x32 v9, v9, 0
  ivp_movva32 v10, a8
  movi a8, -1
  slli a8, a8, 31
  ivp_movva32 v11, a8
  mov a6, a3
  movi a5, 16
vloop6:
  ivp_lvn_2x32_ip v1, a6, 64
  ivp_floatn_2x32 v2, v1, 0
  ivp_maxn_2xf32 v2, v2, v9
  ivp_truncn_2xf32 v3, v2, 0
  ivp_addn_2x32 v10, v10, v3
  ivp_maxn_2x32 v11, v11, v1
  addi a5, a5, -1
  bnez a5, vloop6
  ivp_raddn_2x32 v12, v10
  ivp_extrn_2x32 a13, v12, 0
  ivp_rmaxn_2x32 v12, v11
  ivp_extrn_2x32 a14, v12, 0
  movi a11, 0
  movi a12, -1
  slli a12, a12, 31
  mov a6, a3
  movi a5, 256
sloop6:
  l32i a10, a6, 0
  bge a12, a10, nomax6
  mov a12, a10
nomax6:
  bltz a10, neg6
  add a11, a11, a10
neg6:
  addi a6, a6, 4
  addi a5, a5, -1
  bnez a5, sloop6
  movi a2, 7
  bne a13, a11, done
  movi a2, 8
  bne a14, a12, done
  movi a2, 0
`,
};

function build(name: string, body: string): { image: ReturnType<typeof assemble>['image']; done: number } {
  const { image } = assemble([{ name: `${name}.S`, text: `${PROLOGUE}${body}\ndone:\n  nop\n` }], { base: 0x40000400, entry: '_start' });
  const done = image.symbols.find((s) => s.name === 'done');
  assert.ok(done, 'no done label');
  return { image, done: done.value };
}

function runOn(jit: boolean, name: string, body: string): { m: Machine; a2: number } {
  const { image, done } = build(name, body);
  const m = new Machine('q7', { jit, hotThreshold: 8, stopOnException: true });
  m.loadElf(image);
  m.addBreakpoint(done);
  const stop = m.run({ maxInstructions: 2_000_000 });
  assert.equal(stop.kind, 'breakpoint', `${name}: ${JSON.stringify(stop)}`);
  return { m, a2: m.readAR(2) };
}

function state(m: Machine): string {
  const parts: string[] = [];
  for (let r = 0; r < 16; r++) parts.push(m.readAR(r).toString(16));
  for (let r = 0; r < 32; r++) parts.push(Buffer.from(m.readVector(r)).toString('hex'));
  for (let r = 0; r < 16; r++) parts.push(m.readPredicate(r).toString(16));
  for (let r = 0; r < 4; r++) parts.push(Buffer.from(m.readAlign(r)).toString('hex'), Buffer.from(m.readWide(r)).toString('hex'));
  parts.push(Buffer.from(m.readMemory(0x3fe00000, 0x4000)!).toString('hex'));
  return parts.join(' ');
}

describe('IVP self-checking programs (our assembler, interpreter and compiled blocks)', function () {
  this.timeout(60_000);
  for (const [name, body] of Object.entries(PROGRAMS)) {
    it(name, () => {
      const interp = runOn(false, name, body);
      assert.equal(interp.a2, 0, `${name}: check ${interp.a2} failed on the interpreter`);
      const jit = runOn(true, name, body);
      assert.equal(jit.a2, 0, `${name}: check ${jit.a2} failed with compiled blocks`);
      assert.ok(jit.m.compiledBlocks > 0, 'no block was compiled');
      assert.equal(state(jit.m), state(interp.m), 'interpreter and compiled blocks end in different states');
      assert.equal(jit.m.instructionCount, interp.m.instructionCount);
    });
  }
});
