// Builds one IR function: fresh virtual registers, stack slots and blocks, and an insertion point
// that stamps every instruction with the current source position. Code emitted after a terminator
// (dead code after `return`, `break`) goes into a fresh unreachable block, so lowering never has to
// ask whether the current block is still open.

import type {
  AccessTag, Address, BinKind, Block, CmpCond, ConvKind, DebugScope, DebugVar, Func, Instr, MemType, Slot, SourcePos, Terminator,
  UnKind, ValueType, VReg,
} from './ir';

type NoPos<T> = T extends unknown ? Omit<T, 'pos'> : never;

export class FunctionBuilder {
  readonly func: Func;
  private current: Block;
  private nextBlock = 0;
  private nextSlot = 0;
  pos: SourcePos;

  constructor(symbol: string, displayName: string, pos: SourcePos, global: boolean, decl?: unknown) {
    this.pos = pos;
    this.func = {
      symbol, displayName, params: [], blocks: [], slots: [], pos, global, debugVars: [], debugScopes: [], decl, nextVReg: 0,
    };
    this.current = this.newBlock();
    this.func.blocks.push(this.current);
  }

  vreg(type: ValueType): VReg {
    return { id: this.func.nextVReg++, type };
  }

  addParam(type: ValueType): VReg {
    const v = this.vreg(type);
    (this.func.params as VReg[]).push(v);
    return v;
  }

  setReturn(type: ValueType | undefined): void {
    (this.func as { ret?: ValueType }).ret = type;
  }

  slot(size: number, align: number, name: string): Slot {
    const s: Slot = { id: this.nextSlot++, size: Math.max(size, 1), align: Math.max(align, 1), name };
    this.func.slots.push(s);
    return s;
  }

  debugVar(v: DebugVar): void {
    this.func.debugVars.push(v);
  }

  debugScope(parent?: number): DebugScope {
    const s: DebugScope = { id: this.func.debugScopes.length, parent };
    this.func.debugScopes.push(s);
    return s;
  }

  /** A new block, not yet placed: call `place` to make it current. */
  newBlock(): Block {
    return { id: this.nextBlock++, instrs: [] };
  }

  /** Appends `b` to the function and continues emitting into it (falling through from the current block). */
  place(b: Block): void {
    if (!this.current.term) this.terminate({ op: 'jump', target: b });
    this.func.blocks.push(b);
    this.current = b;
  }

  get block(): Block {
    return this.current;
  }

  /** True when the current block already ended (code here is unreachable). */
  get closed(): boolean {
    return !!this.current.term;
  }

  emit(i: NoPos<Instr>): void {
    this.open();
    this.current.instrs.push({ ...i, pos: this.pos } as Instr);
  }

  terminate(t: NoPos<Terminator>): void {
    this.open();
    this.current.term = { ...t, pos: this.pos } as Terminator;
  }

  jump(target: Block): void {
    this.terminate({ op: 'jump', target });
  }

  branch(cond: VReg, then: Block, otherwise: Block): void {
    this.terminate({ op: 'branch', cond, then, else: otherwise });
  }

  /** After a terminator, later code goes into an unreachable block of its own. */
  private open(): void {
    if (!this.current.term) return;
    const dead = this.newBlock();
    this.func.blocks.push(dead);
    this.current = dead;
  }

  // ---- instruction helpers ---------------------------------------------------------------

  const(type: ValueType, value: number | bigint): VReg {
    const dst = this.vreg(type);
    this.emit({ op: 'const', dst, value });
    return dst;
  }

  addr(a: Address): VReg {
    if (a.kind === 'reg' && a.offset === 0) return a.base;
    const dst = this.vreg('i32');
    this.emit({ op: 'addr', dst, addr: a });
    return dst;
  }

  load(mem: MemType, addr: Address, type: ValueType, tag?: AccessTag): VReg {
    const dst = this.vreg(type);
    this.emit(tag ? { op: 'load', dst, addr, mem, tag } : { op: 'load', dst, addr, mem });
    return dst;
  }

  store(mem: MemType, src: VReg, addr: Address, tag?: AccessTag): void {
    this.emit(tag ? { op: 'store', src, addr, mem, tag } : { op: 'store', src, addr, mem });
  }

  bin(kind: BinKind, a: VReg, b: VReg, unsigned = false): VReg {
    const dst = this.vreg(a.type);
    this.emit({ op: 'bin', dst, kind, a, b, unsigned });
    return dst;
  }

  cmp(cond: CmpCond, a: VReg, b: VReg, unsigned = false): VReg {
    const dst = this.vreg('i32');
    this.emit({ op: 'cmp', dst, cond, a, b, unsigned });
    return dst;
  }

  un(kind: UnKind, a: VReg): VReg {
    const dst = this.vreg(a.type);
    this.emit({ op: 'un', dst, kind, a });
    return dst;
  }

  conv(kind: ConvKind, a: VReg, type: ValueType): VReg {
    const dst = this.vreg(type);
    this.emit({ op: 'conv', dst, kind, a });
    return dst;
  }

  copy(dst: VReg, a: VReg): void {
    this.emit({ op: 'copy', dst, a });
  }

  call(callee: string | VReg, args: VReg[], ret?: ValueType): VReg | undefined {
    const dst = ret ? this.vreg(ret) : undefined;
    this.emit({ op: 'call', dst, callee, args });
    return dst;
  }

  /** A marker appended to the current block even after its terminator (it generates no code). */
  marker(i: NoPos<Instr>): void {
    this.current.instrs.push({ ...i, pos: this.pos } as Instr);
  }

  stmt(pos: SourcePos): void {
    this.pos = pos;
    this.emit({ op: 'stmt' });
  }
}

export const slotAddr = (slot: Slot, offset = 0): Address => ({ kind: 'slot', slot, offset });
export const symAddr = (sym: string, offset = 0): Address => ({ kind: 'sym', sym, offset });
export const regAddr = (base: VReg, offset = 0): Address => ({ kind: 'reg', base, offset });

/** The same address moved by `delta` bytes. */
export function offsetAddr(a: Address, delta: number): Address {
  return { ...a, offset: a.offset + delta } as Address;
}
