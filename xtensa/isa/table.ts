// THE instruction table: one row per instruction we support — mnemonic, base encoding (every operand
// field zero), operands in assembly order, ISA option, control-flow class and the semantic
// properties (props.ts: what it may raise, its memory access, the special/user register it names).
// The decoder, encoder, assembler, disassembler, the emulator's dispatch and block compiler and their
// tests are all derived from this list (encodings: xtensa-ivp-spec.md §4).

import type { Feature } from './features';
import { OPERANDS, OperandName, OperandType } from './operands';
import { SPECIAL_REGISTERS, USER_REGISTERS } from './registers';
import { sliceMask } from './fields';
import { IVP_ROWS } from './ivp-rows';
import { FIRST_PRIVILEGED_SR, MemAccess, Raise, RegAccess } from './props';

/** How an instruction changes the flow of control. */
export type Flow =
  | 'seq' // falls through
  | 'branch' // conditional, direct target
  | 'jump' // unconditional, direct target
  | 'ijump' // unconditional, register target
  | 'call' // direct call
  | 'icall' // register call
  | 'return' // RET/RETW
  | 'excreturn' // RFE/RFWO/RFWU/RFI/RFDE
  | 'loop' // LOOP/LOOPNEZ/LOOPGTZ
  | 'trap'; // ILL/BREAK/SYSCALL/SIMCALL

export interface InsnDef {
  readonly id: number;
  readonly mnemonic: string;
  readonly size: 2 | 3 | 4;
  /** Bits fixed by the opcode. */
  readonly mask: number;
  /** Values of the fixed bits. */
  readonly match: number;
  readonly operands: readonly OperandType[];
  readonly feature: Feature;
  readonly flow: Flow;
  /** For CALLn/CALLXn: the window increment n (0 for CALL0/CALLX0). */
  readonly callinc?: number;
  /** Exception classes the instruction may raise by its own semantics (empty: it never raises). */
  readonly raises: readonly Raise[];
  /** Its data-memory access, if any. */
  readonly mem?: MemAccess;
  /** For RSR/WSR/XSR/RUR/WUR rows: the register and the access. */
  readonly reg?: RegAccess;
  /** The coprocessor (CPENABLE bit) the row belongs to: 0 for the FP unit. */
  readonly cp?: number;
}

interface RowOpts {
  flow?: Flow;
  callinc?: number;
  /** Raises besides those implied: 'memory' by `mem`, 'coprocessor' by `cp`. */
  raises?: readonly Raise[];
  mem?: MemAccess;
  reg?: RegAccess;
  /** Coprocessor number; rows of the FP option are coprocessor 0 without saying so. */
  cp?: number;
}

const rows: InsnDef[] = [];

function def(mnemonic: string, base: number, ops: string, feature: Feature, opts: RowOpts = {}): void {
  const op0 = base & 15;
  const size: 2 | 3 | 4 = op0 === 14 ? 4 : op0 >= 8 && op0 <= 13 ? 2 : 3;
  const operands = ops
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((n) => {
      const t = OPERANDS[n as OperandName];
      if (!t) throw new Error(`instruction table: unknown operand type '${n}' in ${mnemonic}`);
      return t;
    });
  let mask = size === 4 ? 0xffffffff : size === 3 ? 0xffffff : 0xffff;
  for (const o of operands) for (const s of o.slices) mask &= ~sliceMask(s);
  mask >>>= 0;
  if ((base & ~mask) !== 0) throw new Error(`instruction table: ${mnemonic} base has bits in operand fields`);
  const raises = new Set<Raise>(opts.raises ?? []);
  if (opts.mem) raises.add('memory');
  const cp = opts.cp ?? (feature === 'fp' ? 0 : undefined);
  if (cp !== undefined) raises.add('coprocessor');
  rows.push({
    id: rows.length,
    mnemonic,
    size,
    mask,
    match: base >>> 0,
    operands,
    feature,
    flow: opts.flow ?? 'seq',
    callinc: opts.callinc,
    raises: [...raises],
    mem: opts.mem,
    reg: opts.reg,
    cp,
  });
}

const RRR3 = 'ar,as,at';
const access = (kind: MemAccess['kind'], bytes: MemAccess['bytes']): RowOpts => ({ mem: { kind, bytes } });
const LD1 = access('load', 1);
const LD2 = access('load', 2);
const LD4 = access('load', 4);
const ST1 = access('store', 1);
const ST2 = access('store', 2);
const ST4 = access('store', 4);

// ---- core ALU -------------------------------------------------------------------------------
def('add', 0x800000, RRR3, 'core');
def('addx2', 0x900000, RRR3, 'core');
def('addx4', 0xa00000, RRR3, 'core');
def('addx8', 0xb00000, RRR3, 'core');
def('sub', 0xc00000, RRR3, 'core');
def('subx2', 0xd00000, RRR3, 'core');
def('subx4', 0xe00000, RRR3, 'core');
def('subx8', 0xf00000, RRR3, 'core');
def('and', 0x100000, RRR3, 'core');
def('or', 0x200000, RRR3, 'core');
def('xor', 0x300000, RRR3, 'core');
def('neg', 0x600000, 'ar,at', 'core');
def('abs', 0x600100, 'ar,at', 'core');
def('moveqz', 0x830000, RRR3, 'core');
def('movnez', 0x930000, RRR3, 'core');
def('movltz', 0xa30000, RRR3, 'core');
def('movgez', 0xb30000, RRR3, 'core');
def('movi', 0x00a002, 'at,simm12', 'core');
def('addi', 0x00c002, 'at,as,simm8', 'core');
def('addmi', 0x00d002, 'at,as,simm8x256', 'core');
def('min', 0x430000, RRR3, 'minmax');
def('max', 0x530000, RRR3, 'minmax');
def('minu', 0x630000, RRR3, 'minmax');
def('maxu', 0x730000, RRR3, 'minmax');
def('nsa', 0x40e000, 'at,as', 'nsa');
def('nsau', 0x40f000, 'at,as', 'nsa');
def('sext', 0x230000, 'ar,as,sextbit', 'sext');
def('clamps', 0x330000, 'ar,as,sextbit', 'clamps');

// ---- shifts and SAR -----------------------------------------------------------------------
def('extui', 0x040000, 'ar,at,extuiShift,extuiMask', 'core');
def('slli', 0x010000, 'ar,as,slliAmount', 'core');
def('srli', 0x410000, 'ar,at,srliAmount', 'core');
def('srai', 0x210000, 'ar,at,sraiAmount', 'core');
def('sll', 0xa10000, 'ar,as', 'core');
def('srl', 0x910000, 'ar,at', 'core');
def('sra', 0xb10000, 'ar,at', 'core');
def('src', 0x810000, RRR3, 'core');
def('ssr', 0x400000, 'as', 'core');
def('ssl', 0x401000, 'as', 'core');
def('ssa8l', 0x402000, 'as', 'core');
def('ssa8b', 0x403000, 'as', 'core');
def('ssai', 0x404000, 'ssaiAmount', 'core');

// ---- loads and stores ---------------------------------------------------------------------
def('l8ui', 0x000002, 'at,as,uimm8', 'core', LD1);
def('l16ui', 0x001002, 'at,as,uimm8x2', 'core', LD2);
def('l16si', 0x009002, 'at,as,uimm8x2', 'core', LD2);
def('l32i', 0x002002, 'at,as,uimm8x4', 'core', LD4);
def('s8i', 0x004002, 'at,as,uimm8', 'core', ST1);
def('s16i', 0x005002, 'at,as,uimm8x2', 'core', ST2);
def('s32i', 0x006002, 'at,as,uimm8x4', 'core', ST4);
def('l32ai', 0x00b002, 'at,as,uimm8x4', 's32c1i', LD4);
def('s32ri', 0x00f002, 'at,as,uimm8x4', 's32c1i', ST4);
def('s32c1i', 0x00e002, 'at,as,uimm8x4', 's32c1i', { mem: { kind: 'rmw', bytes: 4 }, raises: ['atomctl'] });
def('l32r', 0x000001, 'at,l32rTarget', 'core', LD4);

// ---- branches -----------------------------------------------------------------------------
const B = { flow: 'branch' as const };
def('bnone', 0x000007, 'as,at,label8', 'core', B);
def('beq', 0x001007, 'as,at,label8', 'core', B);
def('blt', 0x002007, 'as,at,label8', 'core', B);
def('bltu', 0x003007, 'as,at,label8', 'core', B);
def('ball', 0x004007, 'as,at,label8', 'core', B);
def('bbc', 0x005007, 'as,at,label8', 'core', B);
def('bbci', 0x006007, 'as,bbi,label8', 'core', B);
def('bany', 0x008007, 'as,at,label8', 'core', B);
def('bne', 0x009007, 'as,at,label8', 'core', B);
def('bge', 0x00a007, 'as,at,label8', 'core', B);
def('bgeu', 0x00b007, 'as,at,label8', 'core', B);
def('bnall', 0x00c007, 'as,at,label8', 'core', B);
def('bbs', 0x00d007, 'as,at,label8', 'core', B);
def('bbsi', 0x00e007, 'as,bbi,label8', 'core', B);
def('beqz', 0x000016, 'as,label12', 'core', B);
def('bnez', 0x000056, 'as,label12', 'core', B);
def('bltz', 0x000096, 'as,label12', 'core', B);
def('bgez', 0x0000d6, 'as,label12', 'core', B);
def('beqi', 0x000026, 'as,b4const,label8', 'core', B);
def('bnei', 0x000066, 'as,b4const,label8', 'core', B);
def('blti', 0x0000a6, 'as,b4const,label8', 'core', B);
def('bgei', 0x0000e6, 'as,b4const,label8', 'core', B);
def('bltui', 0x0000b6, 'as,b4constu,label8', 'core', B);
def('bgeui', 0x0000f6, 'as,b4constu,label8', 'core', B);

// ---- jumps and calls ----------------------------------------------------------------------
def('j', 0x000006, 'label18', 'core', { flow: 'jump' });
def('jx', 0x0000a0, 'as', 'core', { flow: 'ijump' });
def('call0', 0x000005, 'callTarget', 'core', { flow: 'call', callinc: 0 });
def('callx0', 0x0000c0, 'as', 'core', { flow: 'icall', callinc: 0 });
def('ret', 0x000080, '', 'core', { flow: 'return' });

// ---- windowed registers -------------------------------------------------------------------
def('call4', 0x000015, 'callTarget', 'windowed', { flow: 'call', callinc: 1, raises: ['window'] });
def('call8', 0x000025, 'callTarget', 'windowed', { flow: 'call', callinc: 2, raises: ['window'] });
def('call12', 0x000035, 'callTarget', 'windowed', { flow: 'call', callinc: 3, raises: ['window'] });
def('callx4', 0x0000d0, 'as', 'windowed', { flow: 'icall', callinc: 1, raises: ['window'] });
def('callx8', 0x0000e0, 'as', 'windowed', { flow: 'icall', callinc: 2, raises: ['window'] });
def('callx12', 0x0000f0, 'as', 'windowed', { flow: 'icall', callinc: 3, raises: ['window'] });
def('entry', 0x000036, 'as,entryFrame', 'windowed', { raises: ['window', 'illegal'] });
def('retw', 0x000090, '', 'windowed', { flow: 'return', raises: ['window', 'illegal'] });
def('movsp', 0x001000, 'at,as', 'windowed', { raises: ['alloca'] });
def('rotw', 0x408000, 'rotwAmount', 'windowed', { raises: ['privileged'] });
def('l32e', 0x090000, 'at,as,l32eOffset', 'windowed', { mem: { kind: 'load', bytes: 4 }, raises: ['privileged'] });
def('s32e', 0x490000, 'at,as,l32eOffset', 'windowed', { mem: { kind: 'store', bytes: 4 }, raises: ['privileged'] });
def('rfwo', 0x003400, '', 'windowed', { flow: 'excreturn', raises: ['privileged'] });
def('rfwu', 0x003500, '', 'windowed', { flow: 'excreturn', raises: ['privileged'] });

// ---- zero-overhead loops ------------------------------------------------------------------
def('loop', 0x008076, 'as,labelLoop', 'loops', { flow: 'loop' });
def('loopnez', 0x009076, 'as,labelLoop', 'loops', { flow: 'loop' });
def('loopgtz', 0x00a076, 'as,labelLoop', 'loops', { flow: 'loop' });

// ---- multiply and divide ------------------------------------------------------------------
def('mul16u', 0xc10000, RRR3, 'mul16');
def('mul16s', 0xd10000, RRR3, 'mul16');
def('mull', 0x820000, RRR3, 'mul32');
def('muluh', 0xa20000, RRR3, 'mul32high');
def('mulsh', 0xb20000, RRR3, 'mul32high');
def('quou', 0xc20000, RRR3, 'div32', { raises: ['divide'] });
def('quos', 0xd20000, RRR3, 'div32', { raises: ['divide'] });
def('remu', 0xe20000, RRR3, 'div32', { raises: ['divide'] });
def('rems', 0xf20000, RRR3, 'div32', { raises: ['divide'] });

// ---- special and user registers (one row per register) ------------------------------------
for (const r of SPECIAL_REGISTERS) {
  const rw = r.access ?? 'rw';
  const sr = (a: RegAccess['access']): RowOpts => ({
    reg: { file: 'special', num: r.num, access: a },
    raises: r.num >= FIRST_PRIVILEGED_SR ? ['privileged'] : [],
  });
  if (rw !== 'w') def(`rsr.${r.name}`, 0x030000 | (r.num << 8), 'at', r.feature, sr('read'));
  if (rw !== 'r') def(`wsr.${r.name}`, 0x130000 | (r.num << 8), 'at', r.feature, sr('write'));
  if (rw === 'rw') def(`xsr.${r.name}`, 0x610000 | (r.num << 8), 'at', r.feature, sr('exchange'));
}
for (const u of USER_REGISTERS) {
  const ur = (a: RegAccess['access']): RowOpts => ({ reg: { file: 'user', num: u.num, access: a } });
  def(`rur.${u.name}`, 0xe30000 | ((u.num >> 4) << 8) | ((u.num & 15) << 4), 'ar', u.feature, ur('read'));
  def(`wur.${u.name}`, 0xf30000 | (u.num << 8), 'at', u.feature, ur('write'));
}

// ---- synchronisation, traps, exceptions ---------------------------------------------------
def('isync', 0x002000, '', 'core');
def('rsync', 0x002010, '', 'core');
def('esync', 0x002020, '', 'core');
def('dsync', 0x002030, '', 'core');
def('excw', 0x002080, '', 'exceptions');
def('memw', 0x0020c0, '', 'core');
def('extw', 0x0020d0, '', 'core');
def('nop', 0x0020f0, '', 'core');
def('ill', 0x000000, '', 'core', { flow: 'trap', raises: ['illegal'] });
def('break', 0x004000, 's4,t4', 'debug', { flow: 'trap', raises: ['debug'] });
def('syscall', 0x005000, '', 'exceptions', { flow: 'trap', raises: ['syscall'] });
def('simcall', 0x005100, '', 'core', { flow: 'trap' });
def('rsil', 0x006000, 'at,s4', 'interrupts', { raises: ['privileged'] });
def('waiti', 0x007000, 's4', 'interrupts', { raises: ['privileged'] });
def('rfe', 0x003000, '', 'exceptions', { flow: 'excreturn', raises: ['privileged'] });
def('rfde', 0x003200, '', 'exceptions', { flow: 'excreturn', raises: ['privileged'] });
def('rfi', 0x003010, 's4', 'interrupts', { flow: 'excreturn', raises: ['privileged', 'illegal'] });

// ---- density (16-bit) ---------------------------------------------------------------------
def('l32i.n', 0x0008, 'at,as,uimm4x4n', 'density', LD4);
def('s32i.n', 0x0009, 'at,as,uimm4x4n', 'density', ST4);
def('add.n', 0x000a, RRR3, 'density');
def('addi.n', 0x000b, 'ar,as,addin', 'density');
def('movi.n', 0x000c, 'as,movin', 'density');
def('beqz.n', 0x008c, 'as,label6', 'density', B);
def('bnez.n', 0x00cc, 'as,label6', 'density', B);
def('mov.n', 0x000d, 'at,as', 'density');
def('ret.n', 0xf00d, '', 'density', { flow: 'return' });
def('retw.n', 0xf01d, '', 'windowed', { flow: 'return', raises: ['window', 'illegal'] });
def('break.n', 0xf02d, 's4', 'density', { flow: 'trap', raises: ['debug'] });
def('nop.n', 0xf03d, '', 'density');
def('ill.n', 0xf06d, '', 'density', { flow: 'trap', raises: ['illegal'] });

// ---- booleans -----------------------------------------------------------------------------
def('andb', 0x020000, 'br,bs,bt', 'booleans');
def('andbc', 0x120000, 'br,bs,bt', 'booleans');
def('orb', 0x220000, 'br,bs,bt', 'booleans');
def('orbc', 0x320000, 'br,bs,bt', 'booleans');
def('xorb', 0x420000, 'br,bs,bt', 'booleans');
def('any4', 0x008000, 'bt,bs4', 'booleans');
def('all4', 0x009000, 'bt,bs4', 'booleans');
def('any8', 0x00a000, 'bt,bs8', 'booleans');
def('all8', 0x00b000, 'bt,bs8', 'booleans');
def('bf', 0x000076, 'bs,label8', 'booleans', B);
def('bt', 0x001076, 'bs,label8', 'booleans', B);
def('movf', 0xc30000, 'ar,as,bt', 'booleans');
def('movt', 0xd30000, 'ar,as,bt', 'booleans');

// ---- single-precision FP coprocessor ------------------------------------------------------
def('lsi', 0x000003, 'ft,as,uimm8x4', 'fp', LD4);
def('ssi', 0x004003, 'ft,as,uimm8x4', 'fp', ST4);
// op0=3 r=8/12 and LSCX op2=1/5 are the post-increment forms (access [as], then as += offset) on
// LX7-style FPUs: QEMU's de233_fpu executes them so (probe in test/emulator/qemu-fp.test.ts), and
// the ESP32 tables name them lsip/ssip/lsxp/ssxp (the classic RM's pre-update LSIU… are not these).
def('lsip', 0x008003, 'ft,as,uimm8x4', 'fp', LD4);
def('ssip', 0x00c003, 'ft,as,uimm8x4', 'fp', ST4);
def('lsx', 0x080000, 'fr,as,at', 'fp', LD4);
def('lsxp', 0x180000, 'fr,as,at', 'fp', LD4);
def('ssx', 0x480000, 'fr,as,at', 'fp', ST4);
def('ssxp', 0x580000, 'fr,as,at', 'fp', ST4);
def('add.s', 0x0a0000, 'fr,fs,ft', 'fp');
def('sub.s', 0x1a0000, 'fr,fs,ft', 'fp');
def('mul.s', 0x2a0000, 'fr,fs,ft', 'fp');
def('madd.s', 0x4a0000, 'fr,fs,ft', 'fp');
def('msub.s', 0x5a0000, 'fr,fs,ft', 'fp');
def('maddn.s', 0x6a0000, 'fr,fs,ft', 'fp');
def('divn.s', 0x7a0000, 'fr,fs,ft', 'fp');
def('round.s', 0x8a0000, 'ar,fs,t4', 'fp');
def('trunc.s', 0x9a0000, 'ar,fs,t4', 'fp');
def('floor.s', 0xaa0000, 'ar,fs,t4', 'fp');
def('ceil.s', 0xba0000, 'ar,fs,t4', 'fp');
def('float.s', 0xca0000, 'fr,as,t4', 'fp');
def('ufloat.s', 0xda0000, 'fr,as,t4', 'fp');
def('utrunc.s', 0xea0000, 'ar,fs,t4', 'fp');
def('mov.s', 0xfa0000, 'fr,fs', 'fp');
def('abs.s', 0xfa0010, 'fr,fs', 'fp');
def('const.s', 0xfa0030, 'fr,s4', 'fp');
def('rfr', 0xfa0040, 'ar,fs', 'fp');
def('wfr', 0xfa0050, 'fr,as', 'fp');
def('neg.s', 0xfa0060, 'fr,fs', 'fp');
def('div0.s', 0xfa0070, 'fr,fs', 'fp');
// RECIP0.S / RSQRT0.S belong to the FPU's approximation steps: IllegalInstruction on FPUs without them.
def('recip0.s', 0xfa0080, 'fr,fs', 'fp', { raises: ['illegal'] });
def('sqrt0.s', 0xfa0090, 'fr,fs', 'fp');
def('rsqrt0.s', 0xfa00a0, 'fr,fs', 'fp', { raises: ['illegal'] });
def('nexp01.s', 0xfa00b0, 'fr,fs', 'fp');
def('mksadj.s', 0xfa00c0, 'fr,fs', 'fp');
def('mkdadj.s', 0xfa00d0, 'fr,fs', 'fp');
def('addexp.s', 0xfa00e0, 'fr,fs', 'fp');
def('addexpm.s', 0xfa00f0, 'fr,fs', 'fp');
def('un.s', 0x1b0000, 'br,fs,ft', 'fp');
def('oeq.s', 0x2b0000, 'br,fs,ft', 'fp');
def('ueq.s', 0x3b0000, 'br,fs,ft', 'fp');
def('olt.s', 0x4b0000, 'br,fs,ft', 'fp');
def('ult.s', 0x5b0000, 'br,fs,ft', 'fp');
def('ole.s', 0x6b0000, 'br,fs,ft', 'fp');
def('ule.s', 0x7b0000, 'br,fs,ft', 'fp');
def('moveqz.s', 0x8b0000, 'fr,fs,at', 'fp');
def('movnez.s', 0x9b0000, 'fr,fs,at', 'fp');
def('movltz.s', 0xab0000, 'fr,fs,at', 'fp');
def('movgez.s', 0xbb0000, 'fr,fs,at', 'fp');
def('movf.s', 0xcb0000, 'fr,fs,bt', 'fp');
def('movt.s', 0xdb0000, 'fr,fs,bt', 'fp');

// ---- the IVP vector unit (project-specific 32-bit encoding, ivp-rows.ts) -------------------
for (const r of IVP_ROWS) def(r.mnemonic, r.base, r.ops, 'ivp', r.opts);

/** Every instruction we support, in table order; `INSNS[i].id === i`. */
export const INSNS: readonly InsnDef[] = rows;

export const INSN_BY_MNEMONIC: ReadonlyMap<string, InsnDef> = new Map(rows.map((r) => [r.mnemonic, r]));
