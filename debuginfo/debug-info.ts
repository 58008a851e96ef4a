// DebugInfo: what a tool needs from an ELF's DWARF — the source position of a PC (from .debug_line),
// the function containing a PC and every function with its parameters and their types (from
// .debug_info). Reads DWARF 2–5 as GCC, Clang and our compiler emit it.

import type { ElfImage } from '../xtensa/elf';
import { DwarfError } from './cursor';
import { Sections } from './forms';
import { AT, Die, TAG, indexDies, isRef, readInfoSection } from './info';
import { LineUnit, readLineSection } from './line-table';
import { TypeInfo, qualifiedName, typeOfDie } from './types';

export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface Parameter {
  readonly name: string;
  readonly type: TypeInfo;
}

export interface Subprogram {
  /** Unqualified name ("relu_forward"). */
  readonly name: string;
  /** With namespaces and classes ("at::Tensor::fill_"). */
  readonly qualifiedName: string;
  readonly linkageName?: string;
  readonly lowPc: number;
  /** Exclusive end. */
  readonly highPc: number;
  readonly declFile?: string;
  readonly declLine?: number;
  readonly returnType: TypeInfo;
  readonly params: readonly Parameter[];
}

interface LineRange {
  start: number;
  end: number;
  loc: SourceLocation;
}

export class DebugInfo {
  private readonly ranges: LineRange[] = [];

  private constructor(
    readonly lineUnits: readonly LineUnit[],
    readonly subprograms: readonly Subprogram[],
    /** DW_AT_name of each compile unit (the primary source files). */
    readonly unitNames: readonly string[],
  ) {
    for (const u of lineUnits) {
      for (let k = 0; k + 1 < u.rows.length; k++) {
        const r = u.rows[k];
        const next = u.rows[k + 1];
        if (r.endSequence || next.address <= r.address) continue;
        const file = u.files.get(r.file) ?? `<file ${r.file}>`;
        this.ranges.push({ start: r.address, end: next.address, loc: { file, line: r.line, column: r.column } });
      }
    }
    this.ranges.sort((a, b) => a.start - b.start);
  }

  /** Reads the DWARF sections of an image (an image without them gives an empty DebugInfo). */
  static fromElf(image: ElfImage): DebugInfo {
    const sec = (name: string) => sectionData(image, name);
    const s = stringSections(image);
    const info = sec('.debug_info');
    const abbrev = sec('.debug_abbrev');
    const lineUnits = readElfLineTable(image) ?? [];
    if (info && !abbrev) throw new DwarfError('.debug_abbrev: missing (needed by .debug_info)');
    const units = info && abbrev ? readInfoSection(info, abbrev, s) : [];
    const dies = indexDies(units);
    const fileNames = new Map<number, ReadonlyMap<number, string>>();
    for (const u of units) {
      const stmt = u.root.attrs.get(AT.stmt_list);
      const lu = lineUnits.find((l) => l.offset === stmt);
      if (lu) fileNames.set(u.offset, lu.files);
    }
    const subs: Subprogram[] = [];
    for (const u of units) collectSubprograms(u.root, dies, fileNames.get(u.offset), subs);
    subs.sort((a, b) => a.lowPc - b.lowPc);
    const names = units.map((u) => u.root.attrs.get(AT.name)).filter((n): n is string => typeof n === 'string');
    return new DebugInfo(lineUnits, subs, names);
  }

  /** The source position of `pc`, if a line-table row covers it. */
  locate(pc: number): SourceLocation | undefined {
    const a = pc >>> 0;
    let lo = 0;
    let hi = this.ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.ranges[mid];
      if (a < r.start) hi = mid - 1;
      else if (a >= r.end) lo = mid + 1;
      else return r.loc;
    }
    return undefined;
  }

  /** The function whose range holds `pc`. */
  functionAt(pc: number): Subprogram | undefined {
    const a = pc >>> 0;
    return this.subprograms.find((f) => a >= f.lowPc && a < f.highPc);
  }

  functionsNamed(name: string): Subprogram[] {
    return this.subprograms.filter((f) => f.name === name || f.qualifiedName === name || f.linkageName === name);
  }
}

function sectionData(image: ElfImage, name: string): Uint8Array | undefined {
  const sec = image.sections.find((s) => s.name === name);
  return sec?.data.subarray(0, sec.size);
}

function stringSections(image: ElfImage): Sections {
  const sec = (name: string) => sectionData(image, name);
  return { str: sec('.debug_str'), lineStr: sec('.debug_line_str'), strOffsets: sec('.debug_str_offsets'), addr: sec('.debug_addr') };
}

/** The line-number units of an image's .debug_line (undefined when it has none); throws DwarfError when malformed. */
export function readElfLineTable(image: ElfImage): LineUnit[] | undefined {
  const line = sectionData(image, '.debug_line');
  return line ? readLineSection(line, stringSections(image)) : undefined;
}

function collectSubprograms(d: Die, dies: ReadonlyMap<number, Die>, files: ReadonlyMap<number, string> | undefined, out: Subprogram[]): void {
  if (d.tag === TAG.subprogram) {
    const sp = subprogramOf(d, dies, files);
    if (sp) out.push(sp);
  }
  for (const c of d.children) collectSubprograms(c, dies, files, out);
}

/** The declaration a definition refers to (DW_AT_specification / DW_AT_abstract_origin), if any. */
function declarationOf(d: Die, dies: ReadonlyMap<number, Die>): Die | undefined {
  const spec = d.attrs.get(AT.specification) ?? d.attrs.get(AT.abstract_origin);
  return isRef(spec) ? dies.get(spec.ref) : undefined;
}

function attr(d: Die, a: number, dies: ReadonlyMap<number, Die>): unknown {
  for (let x: Die | undefined = d, n = 0; x && n < 8; x = declarationOf(x, dies), n++) {
    if (x.attrs.has(a)) return x.attrs.get(a);
  }
  return undefined;
}

function subprogramOf(d: Die, dies: ReadonlyMap<number, Die>, files: ReadonlyMap<number, string> | undefined): Subprogram | undefined {
  const low = d.attrs.get(AT.low_pc);
  const high = d.attrs.get(AT.high_pc);
  if (typeof low !== 'number' || typeof high !== 'number') return undefined;
  const decl = declarationOf(d, dies);
  let named: Die = d;
  for (let x: Die | undefined = decl, n = 0; x && n < 8 && !named.attrs.has(AT.name); x = declarationOf(x, dies), n++) named = x;
  const name = attr(d, AT.name, dies);
  const linkage = attr(d, AT.linkage_name, dies);
  const fileIdx = attr(d, AT.decl_file, dies);
  const line = attr(d, AT.decl_line, dies);
  const t = attr(d, AT.type, dies);
  const params: Parameter[] = d.children
    .filter((c) => c.tag === TAG.formal_parameter)
    .map((p) => {
      const pn = attr(p, AT.name, dies);
      const pt = attr(p, AT.type, dies);
      return { name: typeof pn === 'string' ? pn : '', type: isRef(pt as never) ? typeOfDie(dies.get((pt as { ref: number }).ref), dies) : { kind: 'void' } };
    });
  return {
    name: typeof name === 'string' ? name : '',
    qualifiedName: typeof name === 'string' ? qualifiedName(named) : '',
    linkageName: typeof linkage === 'string' ? linkage : undefined,
    lowPc: low,
    // DWARF 4+: a constant-class high_pc is an offset from low_pc; an address-class one is absolute.
    highPc: d.highPcIsOffset ? low + high : high,
    declFile: typeof fileIdx === 'number' ? files?.get(fileIdx) : undefined,
    declLine: typeof line === 'number' ? line : undefined,
    returnType: isRef(t as never) ? typeOfDie(dies.get((t as { ref: number }).ref), dies) : { kind: 'void' },
    params,
  };
}
