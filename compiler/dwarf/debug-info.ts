// DWARF 4 for a linked image: .debug_line from the assembler's listing (each generated instruction
// line carries the source position it came from) and .debug_info/.debug_abbrev/.debug_str with the
// compile unit, its functions (address range, frame base = a1 after ENTRY), their parameters and
// locals (frame-base-relative stack slots; -O2: location lists for those held in registers,
// loc-lists.ts), the user's globals, and every type they mention.
// The user's translation unit is described in full; the target's assembly (the ROM, the window vectors)
// by its line rows alone, in a second unit (guest-lines.ts); the runtime library's C++ is not described.

import { types, type CompleteUnit } from '../../language';
import type { FunctionDecl, Type } from '../../language/model';
import type { ListingLine } from '../../xtensa/asm';
import { SHT_PROGBITS, type ElfImage, type ElfSection } from '../../xtensa/elf';
import type { DebugVar, Func, InlinedCall, VReg } from '../ir/ir';
import type { Frame } from '../xtensa/frame';
import { ZERO_WORD } from '../xtensa/debug-ranges';
import type { TranslatedUnit } from '../translate';
import { ivpDwarfRegister } from '../../debuginfo';
import { ByteWriter } from './bytes';
import { AT, Die, encodeUnits, TAG } from './die';
import { guestLines, guestRanges, guestUnit } from './guest-lines';
import { LocLists, rangeMarkAddresses } from './loc-lists';
import { buildLineTable, fileTable, type LineRow, type LineSequence } from './line-table';
import { TypeDies } from './type-dies';

export interface DebugUnit {
  /** Name the unit's assembly had when it was assembled (listing lines carry it). */
  readonly asmName: string;
  readonly unit: TranslatedUnit;
  readonly sourceFile: string;
  readonly model: CompleteUnit;
}

const DW_LANG_C_plus_plus = 0x0004;
const DW_OP_addr = 0x03;
const DW_OP_deref = 0x06;
const DW_OP_breg1 = 0x71;
const DW_OP_fbreg = 0x91;
const DW_OP_reg0 = 0x50;
const DW_OP_regx = 0x90;
const DW_OP_breg0 = 0x70;
const DW_OP_piece = 0x93;
const DW_OP_lit0 = 0x30;
const DW_OP_stack_value = 0x9f;
const DW_INL_inlined = 1;
export const PRODUCER = 'Q7 Studio compiler -O0';

interface Range {
  readonly func: Func;
  readonly start: number;
  readonly end: number;
}

/** Adds .debug_line, .debug_info, .debug_abbrev and .debug_str describing `u` to the image. */
export function addDebugInfo(image: ElfImage, listing: readonly ListingLine[], u: DebugUnit): void {
  const ranges = functionRanges(image, u.unit.module?.funcs ?? []);
  const sequences = lineSequences(listing, u, ranges);
  const files = fileTable(sequences, u.sourceFile);
  const locLists = new LocLists(ranges.length ? ranges[0].start : 0);
  const cu = compileUnit(u, ranges, files, image, listing, locLists);
  const userLines = buildLineTable(sequences, files);
  const guest = guestLines(listing);
  const units = guest ? [cu, guestUnit(guest, userLines.length, 0)] : [cu];
  const lines = guest ? concat(userLines, buildLineTable(guest.sequences, guest.files)) : userLines;
  const sections = encodeUnits(units);
  const loc = locLists.bytes();
  image.sections.push(
    debugSection('.debug_info', sections.info),
    debugSection('.debug_abbrev', sections.abbrev),
    debugSection('.debug_line', lines),
    debugSection('.debug_str', sections.str),
    ...(guest ? [debugSection('.debug_ranges', guestRanges(guest))] : []),
    ...(loc ? [debugSection('.debug_loc', loc)] : []),
  );
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function debugSection(name: string, data: Uint8Array): ElfSection {
  return { name, type: SHT_PROGBITS, flags: 0, addr: 0, data, size: data.length, align: 1 };
}

/** Each symbol name's first symbol (of those `keep` accepts), for lookups by name. */
function symbolsByName(image: ElfImage, keep: (size: number) => boolean): Map<string, { value: number; size: number }> {
  const out = new Map<string, { value: number; size: number }>();
  for (const s of image.symbols) if (keep(s.size) && !out.has(s.name)) out.set(s.name, s);
  return out;
}

function functionRanges(image: ElfImage, funcs: readonly Func[]): Range[] {
  const sized = symbolsByName(image, (size) => size > 0);
  const out: Range[] = [];
  for (const func of funcs) {
    const s = sized.get(func.symbol);
    if (s) out.push({ func, start: s.value, end: s.value + s.size });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The index of the first of the address-sorted `items` at or above `address`. */
function firstAtOrAbove(items: readonly { readonly address: number }[], address: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid].address < address) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lineSequences(listing: readonly ListingLine[], u: DebugUnit, ranges: readonly Range[]): LineSequence[] {
  const marks = u.unit.emitted!.writer.marks;
  const rows: LineRow[] = [];
  for (const l of listing) {
    if (l.file !== u.asmName || l.kind !== 'insn') continue;
    const m = marks.get(l.line);
    if (!m) continue;
    for (const e of m.empty ?? []) rows.push({ address: l.address, file: e.file, line: e.line, column: e.column, stmt: true, empty: true });
    rows.push({ address: l.address, file: m.pos.file, line: m.pos.line, column: m.pos.column, stmt: m.stmt });
  }
  rows.sort((a, b) => a.address - b.address);
  return ranges.map((r) => {
    const kept: LineRow[] = [];
    for (let i = firstAtOrAbove(rows, r.start); i < rows.length && rows[i].address < r.end; i++) {
      const x = rows[i];
      const prev = kept[kept.length - 1];
      if (prev && prev.file === x.file && prev.line === x.line && prev.column === x.column && !x.stmt) continue;
      if (prev && prev.address === x.address && !prev.empty) kept.pop();
      kept.push(x);
    }
    return { rows: kept, end: r.end };
  });
}

function compileUnit(u: DebugUnit, ranges: readonly Range[], files: readonly string[], image: ElfImage, listing: readonly ListingLine[], locLists: LocLists): Die {
  const cu = new Die(TAG.compile_unit);
  const dir = u.sourceFile.includes('/') ? u.sourceFile.slice(0, u.sourceFile.lastIndexOf('/')) || '/' : '.';
  cu.add(AT.producer, 'strp', PRODUCER).add(AT.language, 'data2', DW_LANG_C_plus_plus).add(AT.name, 'strp', u.sourceFile).add(AT.comp_dir, 'strp', dir);
  const low = ranges.length ? ranges[0].start : 0;
  const high = ranges.length ? ranges[ranges.length - 1].end : 0;
  cu.add(AT.low_pc, 'addr', low).add(AT.high_pc, 'data4', high - low).add(AT.stmt_list, 'sec_offset', 0);
  const typeDies = new TypeDies(cu, u.model);
  const fileIndex = (f: string) => Math.max(files.indexOf(f) + 1, 1);
  const byName = symbolsByName(image, () => true);
  for (const d of u.unit.module?.data ?? []) {
    if (!d.debug) continue;
    const sym = byName.get(d.symbol);
    if (!sym) continue;
    const v = cu.child(new Die(TAG.variable)).add(AT.name, 'strp', d.debug.name);
    v.add(AT.decl_file, 'udata', fileIndex(d.debug.decl.file)).add(AT.decl_line, 'udata', d.debug.decl.line);
    const t = typeDies.of(d.debug.type as Type);
    if (t) v.add(AT.type, 'ref4', t);
    if (d.global) v.add(AT.external, 'flag_present', true);
    v.add(AT.location, 'exprloc', new ByteWriter().u8(DW_OP_addr).u32(sym.value).result());
  }
  const marks = placedScopeMarks(u, listing);
  const writer = u.unit.emitted!.writer;
  const markAddress = writer.rangeMarks.size ? rangeMarkAddresses(writer.rangeMarks, listing, u.asmName) : undefined;
  const origins = new InlinedOrigins(cu, typeDies, fileIndex);
  for (const r of ranges) {
    const frame = u.unit.emitted!.frames.get(r.func);
    const ranged = frame?.ranges && markAddress ? rangedLocation(r, frame.ranges, markAddress, locLists) : undefined;
    cu.child(subprogram(r, typeDies, fileIndex, scopeRanges(u, r, marks), frame, ranged, origins));
  }
  return cu;
}

/** -O2: one abstract DW_TAG_subprogram (DW_AT_inline) per function inlined somewhere, the origin of its inlined calls. */
class InlinedOrigins {
  private readonly dies = new Map<string, Die>();

  constructor(
    private readonly cu: Die,
    private readonly typeDies: TypeDies,
    private readonly fileIndex: (f: string) => number,
  ) {}

  of(call: InlinedCall): Die {
    const known = this.dies.get(call.symbol);
    if (known) return known;
    const decl = call.decl as FunctionDecl | undefined;
    const d = this.cu.child(new Die(TAG.subprogram)).add(AT.name, 'strp', decl ? shortName(decl) : call.displayName);
    if (call.symbol !== (decl?.name ?? call.symbol)) d.add(AT.linkage_name, 'strp', call.symbol);
    d.add(AT.decl_file, 'udata', this.fileIndex(call.pos.file)).add(AT.decl_line, 'udata', call.pos.line);
    if (decl && decl.role !== 'constructor' && decl.role !== 'destructor') {
      const rt = this.typeDies.of(decl.ret);
      if (rt) d.add(AT.type, 'ref4', rt);
    }
    d.add(AT.inline, 'data1', DW_INL_inlined);
    this.dies.set(call.symbol, d);
    return d;
  }
}

/**
 * -O2: a variable's location list where the back end described its register by ranges
 * (xtensa/debug-ranges.ts) — its offset in .debug_loc, or null when the register never holds it —
 * and undefined for a variable without ranges (one location for the whole function).
 */
type RangedLocation = (v: VReg, exprOf: (regs?: readonly string[]) => Uint8Array | undefined) => number | null | undefined;

function rangedLocation(r: Range, ranges: NonNullable<Frame['ranges']>, markAddress: ReturnType<typeof rangeMarkAddresses>, locLists: LocLists): RangedLocation {
  return (v, exprOf) => {
    const list = ranges.get(v.id);
    if (!list) return undefined;
    const entries = list.flatMap((x) => {
      const expr = exprOf(x.regs);
      return expr ? [{ lo: markAddress(x.from, r), hi: markAddress(x.to, r), expr }] : [];
    });
    return locLists.add(entries) ?? null;
  };
}

interface PlacedScopeMarks {
  readonly address: number;
  readonly marks: readonly { readonly id: number; readonly begin: boolean }[];
}

/** The back end's scope marks at the addresses of their lines, in address order (ties in mark order). */
function placedScopeMarks(u: DebugUnit, listing: readonly ListingLine[]): PlacedScopeMarks[] {
  const lineAddress = new Map<number, number>();
  for (const l of listing) if (l.file === u.asmName && l.kind === 'insn') lineAddress.set(l.line, l.address);
  const out: PlacedScopeMarks[] = [];
  for (const [line, marks] of u.unit.emitted!.writer.scopeMarks) {
    const address = lineAddress.get(line);
    if (address !== undefined) out.push({ address, marks });
  }
  // stable: marks at one address keep the writer's order
  return out.sort((a, b) => a.address - b.address);
}

/** Address ranges of a function's lexical scopes, from the scope marks the back end left. */
function scopeRanges(u: DebugUnit, r: Range, placed: readonly PlacedScopeMarks[]): Map<number, { start: number; end: number }> {
  const out = new Map<number, { start: number; end: number }>();
  const note = (m: { id: number; begin: boolean }, address: number) => {
    const s = out.get(m.id) ?? { start: r.end, end: r.end };
    if (m.begin) s.start = address;
    else s.end = address;
    out.set(m.id, s);
  };
  for (let i = firstAtOrAbove(placed, r.start); i < placed.length && placed[i].address < r.end; i++) {
    for (const m of placed[i].marks) note(m, placed[i].address);
  }
  for (const m of u.unit.emitted!.writer.scopeMarksAtEnd.get(r.func.symbol) ?? []) note(m, r.end);
  return out;
}

function subprogram(
  r: Range,
  typeDies: TypeDies,
  fileIndex: (f: string) => number,
  scopes: Map<number, { start: number; end: number }>,
  frame: Frame | undefined,
  ranged: RangedLocation | undefined,
  origins: InlinedOrigins,
): Die {
  const f = r.func;
  const decl = f.decl as FunctionDecl | undefined;
  const sp = new Die(TAG.subprogram);
  if (f.global) sp.add(AT.external, 'flag_present', true);
  sp.add(AT.name, 'strp', decl ? shortName(decl) : f.displayName);
  if (f.symbol !== (decl?.name ?? f.symbol)) sp.add(AT.linkage_name, 'strp', f.symbol);
  sp.add(AT.decl_file, 'udata', fileIndex(f.pos.file)).add(AT.decl_line, 'udata', f.pos.line);
  if (decl && decl.role !== 'constructor' && decl.role !== 'destructor') {
    const rt = typeDies.of(decl.ret);
    if (rt) sp.add(AT.type, 'ref4', rt);
  }
  sp.add(AT.low_pc, 'addr', r.start).add(AT.high_pc, 'data4', r.end - r.start);
  sp.add(AT.frame_base, 'exprloc', Uint8Array.of(DW_OP_breg1, 0));
  // a lexical block per scope that has code (an inlined call's: DW_TAG_inlined_subroutine); an empty
  // one's variables go to the enclosing scope
  const dieOf = new Map<number, Die>([[0, sp]]);
  const blockOf = (id: number): Die => {
    const known = dieOf.get(id);
    if (known) return known;
    const s = f.debugScopes[id];
    const parent = blockOf(s?.parent ?? 0);
    const range = scopes.get(id);
    if (!range || range.start >= range.end) {
      dieOf.set(id, parent);
      return parent;
    }
    const block = parent.child(new Die(s?.inlined ? TAG.inlined_subroutine : TAG.lexical_block));
    if (s?.inlined) block.add(AT.abstract_origin, 'ref4', origins.of(s.inlined));
    block.add(AT.low_pc, 'addr', range.start).add(AT.high_pc, 'data4', range.end - range.start);
    if (s?.inlined) block.add(AT.call_file, 'udata', fileIndex(s.inlined.call.file)).add(AT.call_line, 'udata', s.inlined.call.line);
    dieOf.set(id, block);
    return block;
  };
  for (const v of f.debugVars) blockOf(v.scope).child(variable(v, typeDies, fileIndex, frame, ranged));
  for (const s of f.debugScopes) if (s.inlined) blockOf(s.id);
  return sp;
}

function shortName(fn: FunctionDecl): string {
  const targs = fn.templateInfo ? `<${fn.templateInfo.args.map(types.argToString).join(', ')}>` : '';
  return fn.name + targs;
}

function variable(v: DebugVar, typeDies: TypeDies, fileIndex: (f: string) => number, frame: Frame | undefined, ranged: RangedLocation | undefined): Die {
  const d = new Die(v.isParam ? TAG.formal_parameter : TAG.variable).add(AT.name, 'strp', v.name);
  d.add(AT.decl_file, 'udata', fileIndex(v.decl.file)).add(AT.decl_line, 'udata', v.decl.line);
  const type = v.type as Type;
  const t = typeDies.of(type);
  if (t) d.add(AT.type, 'ref4', t);
  if (v.name === 'this') d.add(AT.artificial, 'flag_present', true);
  // a class parameter passed by address: the slot holds a pointer to the object
  const deref = v.indirect && type.kind !== 'reference';
  const loc = location(v, frame, deref);
  if (loc && deref && !v.vreg) loc.u8(DW_OP_deref);
  // a promoted variable the code never reads or writes has no location (optimised out)
  const own = loc?.result();
  const list = own && v.vreg && ranged ? ranged(v.vreg, (regs) => (regs ? registerLocation(regs, deref)?.result() : own)) : undefined;
  if (list === undefined && own) d.add(AT.location, 'exprloc', own);
  else if (typeof list === 'number') d.add(AT.location, 'sec_offset', list);
  return d;
}

/**
 * A variable's frame-base location (a structured-binding name's at its subobject's offset), or the
 * promoted one; a name of a subobject past the start of a promoted object has none.
 */
function location(v: DebugVar, frame: Frame | undefined, deref: boolean): ByteWriter | undefined {
  const offset = v.offset ?? 0;
  if (!v.vreg) return new ByteWriter().u8(DW_OP_fbreg).sleb((v.slot.offset ?? 0) + offset);
  return offset === 0 ? promotedLocation(v.vreg, frame, deref) : undefined;
}

/** A value in address registers: DW_OP_regN (DW_OP_piece per word), or DW_OP_bregN 0 for an object whose address they hold. */
function registerLocation(regs: readonly string[], deref: boolean): ByteWriter | undefined {
  // a word of constant zero (a narrowed loop counter's high word: xtensa/debug-ranges.ts) is a value piece
  const zero = (r: string) => r === ZERO_WORD && regs.length > 1 && !deref;
  if (!regs.every((r) => /^a([0-9]|1[0-5])$/.test(r) || zero(r))) return undefined; // no DWARF number: optimised out, never a wrong register
  const num = (r: string) => Number(r.slice(1));
  if (deref) return new ByteWriter().u8(DW_OP_breg0 + num(regs[0])).sleb(0);
  if (regs.length === 1) return new ByteWriter().u8(DW_OP_reg0 + num(regs[0]));
  const w = new ByteWriter();
  for (const r of regs) (zero(r) ? w.u8(DW_OP_lit0).u8(DW_OP_stack_value) : w.u8(DW_OP_reg0 + num(r))).u8(DW_OP_piece).uleb(4);
  return w;
}

/**
 * -O1: where a promoted variable lives for the whole function — a2..a7 (DW_OP_regN, DW_OP_piece per
 * word of a 64-bit value; DW_OP_bregN 0 for an object whose address the register holds) or its frame
 * home (DW_OP_fbreg).
 */
function promotedLocation(v: VReg, frame: Frame | undefined, deref: boolean): ByteWriter | undefined {
  const regs = frame?.regs.get(v.id);
  if (regs && regs.length === 1 && ivpDwarfRegister(regs[0]) !== undefined) {
    // an IVP register (v, wv, vb, u): DW_OP_regx with the project's numbers (debuginfo/constants.ts)
    return deref ? undefined : new ByteWriter().u8(DW_OP_regx).uleb(ivpDwarfRegister(regs[0])!);
  }
  if (regs) return registerLocation(regs, deref);
  const home = frame?.homes.get(v.id);
  if (home === undefined) return undefined;
  const w = new ByteWriter().u8(DW_OP_fbreg).sleb(home);
  if (deref) w.u8(DW_OP_deref);
  return w;
}
