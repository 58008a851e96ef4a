// The compiler's intermediate representation: one function = basic blocks of three-address
// instructions over virtual registers of four machine value types, with explicit memory operations
// on stack slots, symbols and computed addresses. Lowering (lower/) produces it from the semantic
// model; the Xtensa back end (xtensa/) turns it into assembly. Class objects never live in
// virtual registers: they are memory, handled through addresses.

/**
 * Machine value classes: a 32-bit word, a 64-bit register pair, single and double floats, and the
 * IVP vector unit's register files (a 512-bit vector, a 1536-bit wide accumulator, a predicate
 * register, an alignment register).
 */
export type ValueType = 'i32' | 'i64' | 'f32' | 'f64' | VectorValueType;
export type VectorValueType = 'vec' | 'wvec' | 'vbool' | 'valign';

/** How a value sits in memory: width, and for narrow integers how it extends on load. */
export type MemType = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'i64' | 'f32' | 'f64' | VectorValueType;

/**
 * An operand of a vector-unit instruction: a register read (`use`), an immediate, or an in/out
 * operand in memory (`mem`: loaded into a register of `file` before the instruction and stored back
 * after it — the lvalue arguments of the intrinsics: a destination, an updated pointer, a stream's
 * alignment register; `out`: only written — a load's destination — so not loaded before).
 */
export type VopArg =
  | { readonly use: VReg }
  | { readonly imm: number }
  | { readonly mem: Address; readonly file: 'i32' | VectorValueType; readonly out?: true };

export interface VReg {
  readonly id: number;
  readonly type: ValueType;
}

/** A piece of the stack frame: a local variable, a parameter's home, a temporary object. */
export interface Slot {
  readonly id: number;
  readonly size: number;
  readonly align: number;
  /** For the debugger and listings. */
  readonly name: string;
  /** Byte offset from the stack pointer, set by the back end's frame layout. */
  offset?: number;
}

/** Where a memory operand is: a stack slot, a symbol, or a computed address (+ constant offset). */
export type Address =
  | { readonly kind: 'slot'; readonly slot: Slot; readonly offset: number }
  | { readonly kind: 'sym'; readonly sym: string; readonly offset: number }
  | { readonly kind: 'reg'; readonly base: VReg; readonly offset: number };

/** A position in a user source file (1-based line and column), for the line table. */
export interface SourcePos {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type BinKind = 'add' | 'sub' | 'mul' | 'div' | 'rem' | 'and' | 'or' | 'xor' | 'shl' | 'shr';
export type CmpCond = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
export type UnKind = 'neg' | 'not';

/**
 * Conversions between value types and within i32 (narrowing to a C++ integer type's width).
 * `s`/`u` say how the integer side is read or produced.
 */
export type ConvKind =
  | 'sext8' | 'sext16' | 'zext8' | 'zext16' | 'bool'
  | 'i32>i64s' | 'i32>i64u' | 'i64>i32' | 'i64>bool'
  | 'i32s>f32' | 'i32u>f32' | 'f32>i32s' | 'f32>i32u'
  | 'i32s>f64' | 'i32u>f64' | 'f64>i32s' | 'f64>i32u'
  | 'i64s>f32' | 'i64u>f32' | 'f32>i64s' | 'f32>i64u'
  | 'i64s>f64' | 'i64u>f64' | 'f64>i64s' | 'f64>i64u'
  | 'f32>f64' | 'f64>f32' | 'f32>bool' | 'f64>bool';

/**
 * What C++'s aliasing rule knows of a load or store (-O2's opt/alias.ts; absent: nothing). `kind`:
 * the access reads or writes a pointer, or an integer (neither ever the other); `field`: it names a
 * data member — the class declaring it (a number standing for the class within one compilation), its
 * offset and size there — so two accesses to members of one class at disjoint bytes never overlap.
 */
export interface AccessTag {
  readonly kind?: 'pointer' | 'integer';
  readonly field?: { readonly owner: number; readonly offset: number; readonly size: number };
}

interface Base {
  /** Source position of the statement this instruction belongs to. */
  pos?: SourcePos;
}

export type Instr = Base &
  (
    | { readonly op: 'const'; readonly dst: VReg; readonly value: number | bigint }
    | { readonly op: 'addr'; readonly dst: VReg; readonly addr: Address }
    | { readonly op: 'load'; readonly dst: VReg; readonly addr: Address; readonly mem: MemType; readonly tag?: AccessTag }
    | { readonly op: 'store'; readonly src: VReg; readonly addr: Address; readonly mem: MemType; readonly tag?: AccessTag }
    | { readonly op: 'bin'; readonly dst: VReg; readonly kind: BinKind; readonly a: VReg; readonly b: VReg; readonly unsigned: boolean }
    | { readonly op: 'cmp'; readonly dst: VReg; readonly cond: CmpCond; readonly a: VReg; readonly b: VReg; readonly unsigned: boolean }
    | { readonly op: 'un'; readonly dst: VReg; readonly kind: UnKind; readonly a: VReg }
    | { readonly op: 'conv'; readonly dst: VReg; readonly kind: ConvKind; readonly a: VReg }
    | { readonly op: 'copy'; readonly dst: VReg; readonly a: VReg }
    | { readonly op: 'call'; readonly dst?: VReg; readonly callee: string | VReg; readonly args: readonly VReg[] }
    | { readonly op: 'memcpy'; readonly dst: Address; readonly src: Address; readonly size: number; readonly align: number }
    | { readonly op: 'memzero'; readonly dst: Address; readonly size: number; readonly align: number }
    /**
     * One instruction of the vector unit's rows (`mnemonic`), its result (if any) the first operand,
     * then `args` in the row's operand order. With `tied`, the row's operand `args[tied]` is read and
     * written: `dst` is its new value, in the same register (an intrinsic's in/out accumulator or
     * predicated destination), and no operand of its own.
     */
    | { readonly op: 'vop'; readonly dst?: VReg; readonly mnemonic: string; readonly args: readonly VopArg[]; readonly tied?: number }
    /** Marks the start of a statement (a line-table row with is_stmt). */
    | { readonly op: 'stmt' }
    /** Marks where a lexical scope's code begins or ends (for the debugger's lexical blocks). */
    | { readonly op: 'scope'; readonly id: number; readonly begin: boolean }
  );

export type Terminator = Base &
  (
    | { readonly op: 'jump'; readonly target: Block }
    | { readonly op: 'branch'; readonly cond: VReg; readonly then: Block; readonly else: Block }
    | { readonly op: 'ret'; readonly value?: VReg }
  );

export interface Block {
  readonly id: number;
  readonly instrs: Instr[];
  term?: Terminator;
}

/** A named local, parameter or temporary as the debugger should see it. */
export interface DebugVar {
  readonly name: string;
  /** The C++ type (kept opaque here; the DWARF writer understands it). */
  readonly type: unknown;
  readonly slot: Slot;
  /** A structured-binding name: its subobject's byte offset in the slot's object (0 when absent). */
  readonly offset?: number;
  readonly isParam: boolean;
  /** The slot holds a pointer to the object (a reference, or a class passed by address). */
  readonly indirect: boolean;
  readonly decl: SourcePos;
  /** Lexical scope: the block of statements it belongs to (for DW_TAG_lexical_block). */
  readonly scope: number;
  /** -O1: the slot was promoted; the variable lives in this virtual register instead. */
  readonly vreg?: VReg;
}

/** A lexical scope (a braced block); scope 0 is the function's outermost one. */
export interface DebugScope {
  readonly id: number;
  readonly parent?: number;
  /** -O2: the code of an inlined call of a function of the same file (DW_TAG_inlined_subroutine). */
  readonly inlined?: InlinedCall;
}

/** The function an inlined call's code came from, and where the call was. */
export interface InlinedCall {
  readonly symbol: string;
  readonly displayName: string;
  /** The callee's semantic-model function (for the DWARF writer). */
  readonly decl?: unknown;
  readonly pos: SourcePos;
  readonly call: SourcePos;
}

export interface Func {
  /** Assembly symbol. */
  readonly symbol: string;
  /** The C++ name the debugger shows. */
  readonly displayName: string;
  readonly params: readonly VReg[];
  /** Value type returned in a2 (a2:a3 for 64-bit), if any. */
  readonly ret?: ValueType;
  readonly blocks: Block[];
  readonly slots: Slot[];
  readonly pos: SourcePos;
  readonly endPos?: SourcePos;
  readonly global: boolean;
  readonly debugVars: DebugVar[];
  readonly debugScopes: DebugScope[];
  /** The semantic model's function (for the DWARF writer). */
  readonly decl?: unknown;
  nextVReg: number;
  /** -O1: virtual registers that replaced promoted stack slots (each keeps one home for its whole life). */
  promoted?: Set<number>;
  /**
   * -O2: debugger variables held in registers are described where they hold their value (DWARF
   * location lists, xtensa/debug-ranges.ts) instead of keeping a register for the whole function.
   */
  debugRanges?: boolean;
  /**
   * -O2 (opt/narrow-loops.ts): 32-bit registers holding the low word of a 64-bit debugger variable's
   * register (by the 32-bit one's id) in a loop where its high word is zero.
   */
  narrowed?: Map<number, VReg>;
}

/** Initial contents of a global: bytes, with 32-bit words that hold symbol addresses. */
export interface DataItem {
  readonly symbol: string;
  readonly bytes: Uint8Array;
  readonly relocs: readonly { readonly offset: number; readonly sym: string; readonly addend: number }[];
  readonly align: number;
  readonly section: '.data' | '.rodata' | '.bss';
  readonly global: boolean;
  /** For the debugger: the C++ name and type of a user global. */
  readonly debug?: { readonly name: string; readonly type: unknown; readonly decl: SourcePos };
}

export interface Module {
  readonly funcs: Func[];
  readonly data: DataItem[];
  /** Symbols referenced but not defined here (runtime functions). */
  readonly externs: Set<string>;
}

/** Bytes of a value in memory (and of its home in the frame). */
export function sizeOfValue(t: ValueType): number {
  switch (t) {
    case 'i64': case 'f64': case 'vbool': return 8;
    case 'vec': case 'valign': return 64;
    case 'wvec': return 192;
    default: return 4;
  }
}

/** A value of the vector unit's register files (not held in address registers). */
export function isVectorValue(t: ValueType): t is VectorValueType {
  return t === 'vec' || t === 'wvec' || t === 'vbool' || t === 'valign';
}

/** Address-register words a value takes as an argument (0: it travels in its own register file). */
export function argumentWordsOf(t: ValueType): number {
  return isVectorValue(t) ? 0 : sizeOfValue(t) / 4;
}

export function memSize(m: MemType): number {
  switch (m) {
    case 'i8': case 'u8': return 1;
    case 'i16': case 'u16': return 2;
    case 'i32': case 'f32': return 4;
    case 'i64': case 'f64': return 8;
    default: return sizeOfValue(m);
  }
}

/** The value type a memory type loads into. */
export function valueTypeOfMem(m: MemType): ValueType {
  return m === 'i64' ? 'i64' : m === 'f32' ? 'f32' : m === 'f64' ? 'f64' : isVectorValue(m as ValueType) ? (m as VectorValueType) : 'i32';
}
