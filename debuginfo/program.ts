// Program: the debugger's view of an image's DWARF — functions and their lexical scopes (blocks and
// inlined calls, with low/high PC or DW_AT_ranges), the parameters and locals visible at a PC with
// their location expressions or location lists, the frame base, globals, the type table and the
// call frame table. Scope trees are built per function on first use and cached.

import type { ElfImage } from '../xtensa/elf';
import { FrameTable } from './cfa';
import { DwarfError } from './cursor';
import { DType, TypeTable } from './dtypes';
import { Sections } from './forms';
import { AT, Die, InfoUnit, TAG, indexDies, isRef, readInfoSection } from './info';
import { readElfLineTable } from './debug-info';
import { ListContext, LocEntry, PcRange, readLocList, readRanges } from './ranges';
import { qualifiedName } from './types';

export type LocationSpec = Uint8Array | readonly LocEntry[];

export interface VariableInfo {
  readonly name: string;
  readonly type: DType;
  readonly kind: 'parameter' | 'local' | 'global';
  /** An expression, or a location list; absent: optimized out (or a constant, see constValue). */
  readonly location?: LocationSpec;
  readonly constValue?: unknown;
  readonly declLine?: number;
  readonly artificial: boolean;
  readonly die: number;
}

export interface ScopeInfo {
  readonly kind: 'function' | 'block' | 'inlined';
  /** The function's (or inlined function's) qualified name; '' for blocks. */
  readonly name: string;
  readonly ranges: readonly PcRange[];
  readonly variables: readonly VariableInfo[];
  readonly children: readonly ScopeInfo[];
  readonly parent?: ScopeInfo;
  /** Functions: DW_AT_frame_base. */
  readonly frameBase?: LocationSpec;
  /** Inlined calls: the line of the call in the caller (DW_AT_call_line). */
  readonly callLine?: number;
  /** Inlined calls: the caller's file (DW_AT_call_file, resolved through the unit's line table). */
  readonly callFile?: string;
  readonly die: number;
}

interface FunctionEntry {
  readonly die: Die;
  readonly unit: UnitCtx;
  readonly ranges: readonly PcRange[];
  scope?: ScopeInfo;
}

interface UnitCtx extends ListContext {
  readonly unit: InfoUnit;
  /** The unit's line-table file names by index (DW_AT_call_file's and DW_AT_decl_file's meaning). */
  readonly files?: ReadonlyMap<number, string>;
}

/** One function active at a PC: an inlined call (with where it was called from) or the machine frame's function. */
export interface InlinedFrame {
  readonly name: string;
  /** Inlined calls: the line and file of the call in the next function out. */
  readonly callLine?: number;
  readonly callFile?: string;
}

/** A function scope as a frame of the stack: its name and, for an inlined call, where it was called. */
function inlinedFrame(s: ScopeInfo): InlinedFrame {
  return { name: s.name, ...(s.callLine !== undefined ? { callLine: s.callLine } : {}), ...(s.callFile !== undefined ? { callFile: s.callFile } : {}) };
}

const inRanges = (rs: readonly PcRange[], pc: number) => rs.some((r) => pc >= r.lo && pc < r.hi);

export class Program {
  readonly types: TypeTable;
  readonly frames: FrameTable;
  private readonly functions: FunctionEntry[] = [];
  private globalsCache: VariableInfo[] | undefined;
  private readonly unitCtx = new Map<InfoUnit, UnitCtx>();

  private constructor(
    private readonly units: readonly InfoUnit[],
    private readonly dies: ReadonlyMap<number, Die>,
    private readonly sections: { ranges?: Uint8Array; rnglists?: Uint8Array; loc?: Uint8Array; loclists?: Uint8Array; addr?: Uint8Array },
    frame: Uint8Array | undefined,
    lineFiles: ReadonlyMap<number, ReadonlyMap<number, string>> = new Map(),
  ) {
    this.types = new TypeTable(dies, units.map((u) => u.root));
    this.frames = new FrameTable(frame);
    for (const u of units) {
      const low = u.root.attrs.get(AT.low_pc);
      const ab = u.root.attrs.get(AT.addr_base);
      const stmt = u.root.attrs.get(AT.stmt_list);
      const files = typeof stmt === 'number' ? lineFiles.get(stmt) : undefined;
      const ctx: UnitCtx = { unit: u, version: u.version, base: typeof low === 'number' ? low : 0, addr: sections.addr, addrBase: typeof ab === 'number' ? ab : 8, files };
      this.unitCtx.set(u, ctx);
      this.collect(u.root, ctx);
    }
    this.functions.sort((a, b) => (a.ranges[0]?.lo ?? 0) - (b.ranges[0]?.lo ?? 0));
  }

  /** Reads an image's DWARF (DwarfError when malformed; an image without DWARF gives an empty Program). */
  static fromElf(image: ElfImage): Program {
    const sec = (name: string) => {
      const s = image.sections.find((x) => x.name === name);
      return s?.data.subarray(0, s.size);
    };
    const s: Sections = { str: sec('.debug_str'), lineStr: sec('.debug_line_str'), strOffsets: sec('.debug_str_offsets'), addr: sec('.debug_addr') };
    const info = sec('.debug_info');
    const abbrev = sec('.debug_abbrev');
    if (info && !abbrev) throw new DwarfError('.debug_abbrev: missing (needed by .debug_info)');
    const units = info && abbrev ? readInfoSection(info, abbrev, s) : [];
    const lineFiles = new Map((readElfLineTable(image) ?? []).map((u) => [u.offset, u.files] as const));
    return new Program(units, indexDies(units), {
      ranges: sec('.debug_ranges'), rnglists: sec('.debug_rnglists'), loc: sec('.debug_loc'), loclists: sec('.debug_loclists'), addr: s.addr,
    }, sec('.debug_frame'), lineFiles);
  }

  private collect(d: Die, ctx: UnitCtx): void {
    if (d.tag === TAG.subprogram) {
      const ranges = this.rangesOf(d, ctx);
      if (ranges.length) this.functions.push({ die: d, unit: ctx, ranges });
      return; // nested functions (lambdas' operators are separate DIEs at namespace scope)
    }
    for (const c of d.children) this.collect(c, ctx);
  }

  private rangesOf(d: Die, ctx: UnitCtx): PcRange[] {
    const low = d.attrs.get(AT.low_pc);
    const high = d.attrs.get(AT.high_pc);
    if (typeof low === 'number' && typeof high === 'number') return [{ lo: low, hi: d.highPcIsOffset ? low + high : high }];
    const r = d.attrs.get(AT.ranges);
    if (typeof r === 'number') return readRanges(ctx.version >= 5 ? this.sections.rnglists : this.sections.ranges, r, ctx);
    return [];
  }

  /** The function scope (with its blocks) containing `pc`. */
  functionAt(pc: number): ScopeInfo | undefined {
    const a = pc >>> 0;
    const f = this.functions.find((x) => inRanges(x.ranges, a));
    if (!f) return undefined;
    f.scope ??= this.scopeOf(f.die, f.unit, undefined, 'function', f.ranges);
    return f.scope;
  }

  /**
   * Every scope containing `pc`, innermost first (inlined calls and blocks, then the function). At the
   * first address of an inlined call the stop is still at the call (the caller's statement whose own
   * code is empty begins there too): the inlined scope starts after it.
   */
  scopesAt(pc: number): ScopeInfo[] {
    const fn = this.functionAt(pc);
    if (!fn) return [];
    const chain: ScopeInfo[] = [fn];
    const at = pc >>> 0;
    for (let s = fn; ;) {
      const inner = s.children.find((c) => inRanges(c.ranges, at) && !(c.kind === 'inlined' && c.ranges[0]?.lo === at));
      if (!inner) break;
      chain.push(inner);
      s = inner;
    }
    return chain.reverse();
  }

  /**
   * The variables visible at `pc`, innermost scope first; a name shadowed by an inner one is left out.
   * `depth` picks the function of the stack inlinedFramesAt gives (0: the innermost inlined call or the
   * function; 1: the function that call was inlined into; ...): its blocks containing `pc` and itself.
   */
  variablesAt(pc: number, depth = 0): VariableInfo[] {
    const seen = new Set<string>();
    const out: VariableInfo[] = [];
    let level = 0;
    for (const s of this.scopesAt(pc)) {
      if (level === depth) {
        for (const v of s.variables) {
          if (v.name && seen.has(v.name)) continue;
          seen.add(v.name);
          out.push(v);
        }
      }
      if (s.kind !== 'block' && level++ === depth) break; // an inlined function does not see its caller's locals
    }
    return out;
  }

  /**
   * The functions active at `pc`, innermost first: each inlined call containing it (its name, and the
   * line and file of the call in the next one out), then the function — the stack of one machine frame.
   */
  inlinedFramesAt(pc: number): InlinedFrame[] {
    return this.scopesAt(pc).filter((s) => s.kind !== 'block').map(inlinedFrame);
  }

  /**
   * The inlined call whose code begins at `pc` (scopesAt leaves it out: a stop there is still at the
   * call) — its call line and file, which is where the innermost frame stands there.
   */
  inlinedCallStartingAt(pc: number): InlinedFrame | undefined {
    const at = pc >>> 0;
    const inner = this.scopesAt(at)[0];
    const next = inner?.children.find((c) => c.kind === 'inlined' && c.ranges[0]?.lo === at);
    return next && inlinedFrame(next);
  }

  /** The function (or the innermost inlined function) at `pc` — for its frame base. */
  frameScopeAt(pc: number): ScopeInfo | undefined {
    return this.functionAt(pc);
  }

  /** Variables at namespace scope with a location. */
  globals(): VariableInfo[] {
    if (this.globalsCache) return this.globalsCache;
    const out: VariableInfo[] = [];
    const walk = (d: Die, ctx: UnitCtx) => {
      for (const c of d.children) {
        if (c.tag === TAG.variable) {
          const v = this.variable(c, ctx, 'global');
          if (v.location || v.constValue !== undefined) out.push(v);
        } else if (c.tag === TAG.namespace) walk(c, ctx);
      }
    };
    for (const [u, ctx] of this.unitCtx) walk(u.root, ctx);
    this.globalsCache = out;
    return out;
  }

  /** The variable or parameter whose DIE is at `offset` (the target of an implicit pointer). */
  variableAtDie(offset: number): VariableInfo | undefined {
    const d = this.dies.get(offset);
    if (!d || (d.tag !== TAG.variable && d.tag !== TAG.formal_parameter)) return undefined;
    let ctx: UnitCtx | undefined;
    for (const [u, c] of this.unitCtx) if (u.offset <= offset) ctx = c;
    return ctx ? this.variable(d, ctx, d.tag === TAG.formal_parameter ? 'parameter' : 'local') : undefined;
  }

  /** The location expression of a variable (or frame base) in force at `pc`. */
  locationAt(spec: LocationSpec | undefined, pc: number): Uint8Array | undefined {
    if (!spec) return undefined;
    if (spec instanceof Uint8Array) return spec;
    const a = pc >>> 0;
    return spec.find((e) => a >= e.lo && a < e.hi)?.expr;
  }

  private scopeOf(d: Die, ctx: UnitCtx, parent: ScopeInfo | undefined, kind: ScopeInfo['kind'], ranges: readonly PcRange[]): ScopeInfo {
    const named = kind === 'block' ? undefined : this.origin(d);
    const fb = d.attrs.get(AT.frame_base);
    const callLine = kind === 'inlined' ? d.attrs.get(AT.call_line) : undefined;
    const callFileIndex = kind === 'inlined' ? d.attrs.get(AT.call_file) : undefined;
    const callFile = typeof callFileIndex === 'number' ? ctx.files?.get(callFileIndex) : undefined;
    const scope: ScopeInfo = {
      kind, name: named && typeof this.attr(named, AT.name) === 'string' ? qualifiedName(this.declarationRoot(named)) : '',
      ranges, variables: [], children: [], parent, die: d.offset,
      frameBase: fb instanceof Uint8Array ? fb : typeof fb === 'number' ? this.locList(fb, ctx) : undefined,
      ...(typeof callLine === 'number' ? { callLine } : {}),
      ...(callFile !== undefined ? { callFile } : {}),
    };
    const vars = scope.variables as VariableInfo[];
    const kids = scope.children as ScopeInfo[];
    for (const c of d.children) {
      if (c.tag === TAG.formal_parameter) vars.push(this.variable(c, ctx, 'parameter'));
      else if (c.tag === TAG.variable) vars.push(this.variable(c, ctx, 'local'));
      else if (c.tag === TAG.lexical_block || c.tag === TAG.inlined_subroutine) {
        const rs = this.rangesOf(c, ctx);
        const child = this.scopeOf(c, ctx, scope, c.tag === TAG.lexical_block ? 'block' : 'inlined', rs);
        // a block without addresses: its variables belong to the enclosing scope
        if (rs.length) kids.push(child);
        else {
          vars.push(...child.variables);
          kids.push(...child.children);
        }
      }
    }
    return scope;
  }

  private variable(c: Die, ctx: UnitCtx, kind: VariableInfo['kind']): VariableInfo {
    const loc = c.attrs.get(AT.location);
    const name = this.attr(c, AT.name);
    const t = this.attr(c, AT.type);
    const line = this.attr(c, AT.decl_line);
    return {
      name: typeof name === 'string' ? name : '',
      type: isRef(t as never) ? this.types.at((t as { ref: number }).ref) : this.types.typeOf(c),
      kind,
      location: loc instanceof Uint8Array ? loc : typeof loc === 'number' ? this.locList(loc, ctx) : undefined,
      constValue: c.attrs.get(AT.const_value),
      declLine: typeof line === 'number' ? line : undefined,
      artificial: this.attr(c, AT.artificial) === true || this.attr(c, AT.artificial) === 1,
      die: c.offset,
    };
  }

  private locList(offset: number, ctx: UnitCtx): LocEntry[] {
    return readLocList(ctx.version >= 5 ? this.sections.loclists : this.sections.loc, offset, ctx);
  }

  /** A DIE's attribute, looked up through DW_AT_abstract_origin / DW_AT_specification. */
  private attr(d: Die, a: number): unknown {
    for (let x: Die | undefined = d, n = 0; x && n < 8; x = this.next(x), n++) if (x.attrs.has(a)) return x.attrs.get(a);
    return undefined;
  }

  private next(d: Die): Die | undefined {
    const r = d.attrs.get(AT.abstract_origin) ?? d.attrs.get(AT.specification);
    return isRef(r) ? this.dies.get(r.ref) : undefined;
  }

  private origin(d: Die): Die {
    return d;
  }

  /** The DIE whose parents give the qualified name (the declaration inside its class or namespace). */
  private declarationRoot(d: Die): Die {
    let x = d;
    for (let n = 0; n < 8; n++) {
      const nx = this.next(x);
      if (!nx) break;
      x = nx;
    }
    return x;
  }
}
