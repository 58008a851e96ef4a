// Relocatable objects: one source file after the first pass, as plain data that can be kept (in
// memory, or on disk through object-codec.ts) and linked again without re-assembling the file. An
// object holds the file's input sections with their bytes, its symbols (values as section index and
// offset), its listing lines and its relocations: the fixups whose bytes depend on where things are
// placed (an operand or value naming a symbol or `.`, or a PC-relative operand). Every other
// instruction and data item is encoded when the object is made. The first pass of a file depends only
// on its name, its text and the --defsym symbols (no other file's symbols are visible until all are
// read), so linking an object gives exactly the bytes, symbols, listing and diagnostics that
// assembling its text in the same place gives.

import { Assembly, Fixup, PendingListing } from './assembly';
import type { AsmDiagnostic, SourceLoc } from './errors';
import type { Expr, Value } from './expr';
import { placementIndependent, writeFixup } from './fixups';
import { InsnOperand } from './instructions';
import { INSN_BY_MNEMONIC } from '../isa';
import { InputSection, literalPoolName } from './sections';
import { FileScope, SymbolEntry } from './symbols';

export const OBJECT_FORMAT = 'q7-asm-object/2';

/** A value: an offset in one of the object's sections (by index) or an absolute number. */
export interface ObjectValue {
  readonly section: number | null;
  readonly offset: number;
  readonly exact?: bigint;
}

export interface ObjectSection {
  readonly name: string;
  readonly type: number;
  readonly flags: number;
  readonly isLiteralPool: boolean;
  readonly align: number;
  readonly size: number;
  /** Contents (empty for SHT_NOBITS), with every placement-independent item already encoded. */
  readonly bytes: Uint8Array;
}

export interface ObjectSymbol {
  readonly name: string;
  readonly value?: ObjectValue;
  readonly deferred?: { readonly expr: Expr; readonly dot: ObjectValue };
  readonly common?: { readonly size: number; readonly align: number };
  readonly isEquate: boolean;
  readonly defined: boolean;
  readonly definedAt?: SourceLoc;
  readonly bind?: 'local' | 'global' | 'weak';
  readonly type: number;
  readonly size?: number | { readonly expr: Expr; readonly dot: ObjectValue; readonly loc: SourceLoc };
  readonly forcedLocal: boolean;
}

/** A fixup left for the link: an instruction (by its table row's mnemonic) or a data item. */
export type Relocation =
  | { readonly kind: 'insn'; readonly section: number; readonly offset: number; readonly mnemonic: string; readonly operands: readonly InsnOperand[]; readonly loc: SourceLoc }
  | { readonly kind: 'data'; readonly section: number; readonly offset: number; readonly width: 1 | 2 | 4 | 8; readonly expr: Expr; readonly loc: SourceLoc };

export interface ObjectListing {
  readonly section: number;
  readonly offset: number;
  readonly size: number;
  readonly loc: SourceLoc;
  readonly text: string;
  readonly kind: 'insn' | 'data';
  /** The position its `.loc` gave (PendingListing.source). */
  readonly source?: SourceLoc;
}

export interface AsmObject {
  readonly format: typeof OBJECT_FORMAT;
  readonly file: string;
  /** The --defsym symbols the object was assembled with (it links only with the same ones). */
  readonly defsym: Readonly<Record<string, number>>;
  readonly sections: readonly ObjectSection[];
  /** The file's symbols in their order of first mention. */
  readonly symbols: readonly ObjectSymbol[];
  readonly relocations: readonly Relocation[];
  readonly listing: readonly ObjectListing[];
  /** Global commons the file declared first, in order. */
  readonly commons: readonly string[];
  /** Problems found in the first pass (reported when the object is linked). */
  readonly diagnostics: readonly AsmDiagnostic[];
}

export function isAsmObject(x: unknown): x is AsmObject {
  return typeof x === 'object' && x !== null && (x as { format?: unknown }).format === OBJECT_FORMAT;
}

/** Captures the file just read by `a`'s first pass (its sections from `firstSection`, fixups from
 *  `firstFixup`, ...), encoding the fixups that do not depend on placement. */
export function captureObject(
  a: Assembly,
  file: string,
  defsym: Readonly<Record<string, number>>,
  from: { section: number; fixup: number; listing: number; common: number; diagnostic: number },
): AsmObject {
  const sections = a.sections.slice(from.section);
  const indexOf = new Map<object, number>(sections.map((s, i) => [s, i]));
  const value = (v: Value): ObjectValue => {
    const section = v.section ? indexOf.get(v.section) : null;
    if (section === undefined) throw new Error(`a value of ${file} refers to another file's section`);
    return v.exact === undefined ? { section, offset: v.offset } : { section, offset: v.offset, exact: v.exact };
  };
  const relocations: Relocation[] = [];
  for (const f of a.fixups.slice(from.fixup)) {
    if (placementIndependent(f) && encodedNow(a, f)) continue;
    const section = indexOf.get(f.section)!;
    relocations.push(
      f.kind === 'insn'
        ? { kind: 'insn', section, offset: f.offset, mnemonic: f.insn.def.mnemonic, operands: f.insn.operands, loc: f.loc }
        : { kind: 'data', section, offset: f.offset, width: f.width, expr: f.expr, loc: f.loc },
    );
  }
  const scope = a.scopes[a.scopes.length - 1];
  return {
    format: OBJECT_FORMAT,
    file,
    defsym: { ...defsym },
    sections: sections.map((s) => ({ name: s.name, type: s.type, flags: s.flags, isLiteralPool: s.isLiteralPool, align: s.align, size: s.size, bytes: s.bytes() })),
    symbols: [...scope.symbols.values()].map((e) => symbolOf(e, value)),
    relocations,
    listing: a.listing.slice(from.listing).map((l) => ({ section: indexOf.get(l.section)!, offset: l.offset, size: l.size, loc: l.loc, text: l.text, kind: l.kind, ...(l.source ? { source: l.source } : {}) })),
    commons: a.commons.slice(from.common).map((e) => e.name),
    diagnostics: a.diagnostics.items.slice(from.diagnostic),
  };
}

/** Encodes a placement-independent fixup now; false (kept as a relocation) if it does not encode,
 *  so that its diagnostic comes from the link, in the same order as from source. */
function encodedNow(a: Assembly, f: Fixup): boolean {
  try {
    writeFixup(a, f);
    return true;
  } catch {
    return false;
  }
}

function symbolOf(e: SymbolEntry, value: (v: Value) => ObjectValue): ObjectSymbol {
  const size = e.size === undefined || typeof e.size === 'number' ? e.size : { expr: e.size.expr, dot: value(e.size.dot), loc: e.size.loc };
  return {
    name: e.name,
    value: e.value && value(e.value),
    deferred: e.deferred && { expr: e.deferred.expr, dot: value(e.deferred.dot) },
    common: e.common && { ...e.common },
    isEquate: e.isEquate,
    defined: e.defined,
    definedAt: e.definedAt,
    bind: e.bind,
    type: e.type,
    size,
    forcedLocal: e.forcedLocal,
  };
}

/** Adds `obj` to `a` as the next file, as if its text had been read by the first pass there. */
export function restoreObject(a: Assembly, obj: AsmObject): void {
  const scope = new FileScope(obj.file, a.scopes.length);
  a.scopes.push(scope);
  const sections = obj.sections.map((s) => {
    const section = new InputSection(s.name, s.type, s.flags, a.sections.length, s.isLiteralPool);
    a.sections.push(section);
    if (section.nobits) section.reserve(s.size);
    else section.append(s.bytes);
    section.align = s.align;
    return section;
  });
  // each section's literal pool, found by the name the assembler gave it (sections.ts literalPoolName)
  for (const section of sections) if (!section.isLiteralPool) section.literalPool = sections.find((p) => p.isLiteralPool && p.name === literalPoolName(section.name));
  const value = (v: ObjectValue): Value => {
    const section = v.section === null ? null : sections[v.section];
    return v.exact === undefined ? { section, offset: v.offset } : { section, offset: v.offset, exact: v.exact };
  };
  for (const s of obj.symbols) {
    const e = scope.entry(s.name);
    e.value = s.value && value(s.value);
    e.deferred = s.deferred && { expr: s.deferred.expr, dot: value(s.deferred.dot), scope };
    e.common = s.common && { ...s.common };
    e.isEquate = s.isEquate;
    e.defined = s.defined;
    e.definedAt = s.definedAt;
    e.bind = s.bind;
    e.type = s.type;
    e.size = s.size === undefined || typeof s.size === 'number' ? s.size : { expr: s.size.expr, dot: value(s.size.dot), loc: s.size.loc, scope };
    e.forcedLocal = s.forcedLocal;
  }
  for (const r of obj.relocations) {
    const section = sections[r.section];
    if (r.kind === 'data') {
      a.fixups.push({ kind: 'data', section, offset: r.offset, width: r.width, expr: r.expr, scope, loc: r.loc });
      continue;
    }
    const def = INSN_BY_MNEMONIC.get(r.mnemonic);
    if (!def) throw new Error(`object ${obj.file}: unknown instruction '${r.mnemonic}'`);
    a.fixups.push({ kind: 'insn', section, offset: r.offset, insn: { def, operands: r.operands }, scope, loc: r.loc });
  }
  for (const l of obj.listing) a.listing.push({ ...l, section: sections[l.section] } satisfies PendingListing);
  for (const name of obj.commons) a.commons.push(scope.entry(name));
  for (const d of obj.diagnostics) a.diagnostics.add({ file: d.file, line: d.line, column: d.column }, d.message);
}
