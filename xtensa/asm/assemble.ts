// The assembler's entry point: source files → ElfImage (an executable, no relocations). Pass 1
// reads every file (sizes are known from mnemonics and directives, so labels get section offsets);
// then globals and commons are combined across files, sections are laid out, and pass 2 evaluates
// every operand and data value at its final address and encodes it. All problems are collected and
// thrown together as one AsmError. Files are parsed through parse-cache.ts, which reuses the parses
// of files and lines seen in earlier runs. An input may also be a relocatable object (object.ts: a
// file after its first pass, kept from an earlier run), which joins the program as its file would.

import type { ElfImage } from '../elf/types';
import { SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS, STB_GLOBAL, STB_LOCAL, STB_WEAK } from '../elf/types';
import { Assembly, displayName } from './assembly';
import { DIRECTIVES } from './directives';
import { AsmError, SourceLoc, StatementError } from './errors';
import type { ListingLine } from './listing';
import { Value, evaluate } from './expr';
import { ResolvedSymbol, buildImage } from './image';
import { encodeFixup } from './fixups';
import { OutputSection, layoutSections } from './layout';
import { InputSection } from './sections';
import { AsmObject, captureObject, isAsmObject, restoreObject } from './object';
import { parseSource } from './parse-cache';
import { SymbolEntry, isHiddenName } from './symbols';
import { propertySection } from './xtprop';

export interface AsmSource {
  readonly name: string;
  readonly text: string;
}

export interface AssembleOptions {
  /** Address of the first standard output section (default 0x50000000, QEMU lx106's reset vector). */
  readonly base?: number;
  /** Fixed addresses of output sections (`.literal`, `.text`, `.rodata`, `.data`, `.bss`) or of named input sections. */
  readonly sectionStart?: Readonly<Record<string, number>>;
  /** Entry symbol (or a number); default `_start` if defined, else the start of `.text`. */
  readonly entry?: string;
  /** Absolute global symbols, as `--defsym name=value`. */
  readonly defsym?: Readonly<Record<string, number>>;
}

export type { ListingLine } from './listing';

export interface AssembleResult {
  readonly image: ElfImage;
  readonly listing: readonly ListingLine[];
}

export const DEFAULT_BASE = 0x50000000;
const OPTIONS_LOC: SourceLoc = { file: '<options>', line: 0, column: 0 };
const NAME = /^[A-Za-z_.$][\w.$]*$/;

/**
 * Assembles `inputs` (in order, as one program) into an executable image: source files, and objects
 * made by `assembleObject` (with the same `defsym`), which are linked without being read again; the
 * result is the same as from their sources. Throws AsmError only.
 */
export function assemble(inputs: readonly (AsmSource | AsmObject)[], options: AssembleOptions = {}): AssembleResult {
  return internalErrorsAsAsm(() => assembleProgram(inputs, options));
}

/** The relocatable object of one source file (object.ts); its problems are reported when it is linked. */
export function assembleObject(source: AsmSource, defsym: Readonly<Record<string, number>> = {}): AsmObject {
  return internalErrorsAsAsm(() => {
    const a = new Assembly(DIRECTIVES);
    addDefsyms(a, defsym);
    const from = { section: a.sections.length, fixup: 0, listing: 0, common: 0, diagnostic: a.diagnostics.count };
    a.assembleFile(source.name, parseSource(source.name, source.text));
    return captureObject(a, source.name, defsym, from);
  });
}

function internalErrorsAsAsm<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof AsmError) throw e;
    throw new AsmError([{ ...OPTIONS_LOC, file: '<assembler>', message: `internal error: ${(e as Error).message ?? String(e)}` }]);
  }
}

function sameDefsyms(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => Object.is(a[k], b[k]));
}

function assembleProgram(inputs: readonly (AsmSource | AsmObject)[], options: AssembleOptions): AssembleResult {
  const a = new Assembly(DIRECTIVES);
  const defsym = options.defsym ?? {};
  addDefsyms(a, defsym);
  for (const input of inputs) {
    if (!isAsmObject(input)) a.assembleFile(input.name, parseSource(input.name, input.text));
    else if (sameDefsyms(input.defsym, defsym)) restoreObject(a, input);
    else a.diagnostics.add({ ...OPTIONS_LOC, file: input.file }, 'the object was assembled with other --defsym symbols');
  }
  exportGlobals(a);
  allocateCommons(a);
  const { outputs, problems } = layoutSections(a.sections, options.base ?? DEFAULT_BASE, options.sectionStart ?? {});
  for (const p of problems) a.diagnostics.add(OPTIONS_LOC, p);
  for (const f of a.fixups) encodeFixup(a, f);
  const fileSymbols = a.scopes.map((scope) => ({
    file: scope.file,
    locals: [...scope.symbols.values()].filter((e) => isLocalForElf(e)).flatMap((e) => resolveForElf(a, e)),
  }));
  const globals = [...a.globals.values()].flatMap((e) => resolveForElf(a, e));
  const entry = entryAddress(a, outputs, options.entry);
  a.diagnostics.throwIfAny();
  const image = buildImage(outputs, fileSymbols, globals, entry);
  const listing = listingOf(a, outputs);
  const code = new Set(outputs.filter((o) => o.flags & SHF_EXECINSTR).map((o) => o.name));
  const props = propertySection(listing, code);
  if (props) image.sections.push(props);
  return { image, listing };
}

function addDefsyms(a: Assembly, defsym: Readonly<Record<string, number>>): void {
  for (const [name, value] of Object.entries(defsym)) {
    if (!NAME.test(name)) {
      a.diagnostics.add(OPTIONS_LOC, `bad symbol name '${name}' in --defsym`);
      continue;
    }
    a.globals.set(name, {
      name,
      scope: null,
      value: { section: null, offset: value },
      isEquate: true,
      defined: true,
      definedAt: OPTIONS_LOC,
      bind: 'global',
      type: 0,
      forcedLocal: false,
    });
  }
}

/** Publishes the definitions of `.global`/`.weak` symbols; reports clashes between files. */
function exportGlobals(a: Assembly): void {
  for (const scope of a.scopes) {
    for (const e of scope.symbols.values()) {
      if ((e.bind !== 'global' && e.bind !== 'weak') || !e.defined) continue;
      const prior = a.globals.get(e.name);
      if (!prior || prior.common || (prior.bind === 'weak' && e.bind !== 'weak')) {
        a.globals.set(e.name, e);
      } else if (prior.defined && prior.bind !== 'weak' && e.bind !== 'weak') {
        const where = prior.definedAt ? `${prior.definedAt.file}:${prior.definedAt.line}` : 'elsewhere';
        a.diagnostics.add(e.definedAt ?? OPTIONS_LOC, `symbol '${e.name}' is already defined (at ${where})`);
      }
    }
  }
  for (const e of a.commons) {
    const prior = a.globals.get(e.name);
    if (!prior) a.globals.set(e.name, e);
    else if (prior.common && prior !== e) {
      prior.common.size = Math.max(prior.common.size, e.common!.size);
      prior.common.align = Math.max(prior.common.align, e.common!.align);
    }
  }
  // Weak references that nothing defines still get an entry (value 0).
  for (const scope of a.scopes) {
    for (const e of scope.symbols.values()) {
      if (e.bind === 'weak' && !e.defined && !a.globals.has(e.name)) a.globals.set(e.name, e);
    }
  }
}

/** Places the global commons after all .bss input (as ld's COMMON), in order of first appearance. */
function allocateCommons(a: Assembly): void {
  const commons = [...a.globals.values()].filter((e) => e.common && !e.defined);
  if (commons.length === 0) return;
  const section = new InputSection('COMMON', SHT_NOBITS, SHF_ALLOC | SHF_WRITE, a.sections.length);
  a.sections.push(section);
  for (const e of commons) {
    const { size, align } = e.common!;
    section.align = Math.max(section.align, align);
    section.reserve((align - (section.size % align)) % align);
    e.value = { section, offset: section.reserve(size) };
    e.defined = true;
  }
}

function isLocalForElf(e: SymbolEntry): boolean {
  return !isHiddenName(e.name) && e.defined && e.bind !== 'global' && e.bind !== 'weak';
}

/** Value, section, size and binding of a symbol for the ELF table ([] if it has no value). */
function resolveForElf(a: Assembly, e: SymbolEntry): ResolvedSymbol[] {
  let rel: Value | undefined = a.symbolValue(e, false);
  if (!rel) rel = a.symbolValue(e, true);
  if (!rel && !(e.bind === 'weak' && !e.defined)) return [];
  const section = (rel?.section as InputSection | undefined) ?? null;
  const value = rel ? (section ? section.addr + rel.offset : rel.offset) : 0;
  const bind = e.bind === 'weak' ? STB_WEAK : e.bind === 'global' || e.common ? STB_GLOBAL : STB_LOCAL;
  return [{ entry: e, value, section, size: symbolSize(a, e), bind }];
}

function symbolSize(a: Assembly, e: SymbolEntry): number {
  const s = e.size;
  if (s === undefined) return e.common ? e.common.size : 0;
  if (typeof s === 'number') return s;
  let size = 0;
  a.guard({ ...s.loc, opColumn: s.loc.column }, () => {
    const v = evaluate(s.expr, a.env(s.scope, s.dot, true));
    if (v.offset < 0 || !Number.isInteger(v.offset)) throw new StatementError(`size of '${e.name}' is negative (${v.offset})`, s.loc.column);
    size = v.offset;
  });
  return size;
}

function entryAddress(a: Assembly, outputs: readonly OutputSection[], entry: string | undefined): number {
  if (entry !== undefined) {
    if (/^(0x[0-9a-f]+|\d+)$/i.test(entry)) return Number(entry);
    const e = a.globals.get(entry) ?? a.scopes.map((s) => s.symbols.get(entry)).find((x) => x?.defined);
    const v = e && a.symbolValue(e, true);
    const flat = v && a.flatten(v);
    if (!flat) {
      a.diagnostics.add(OPTIONS_LOC, `entry symbol '${displayName(entry)}' is not defined`);
      return 0;
    }
    return flat.offset;
  }
  const start = a.globals.get('_start');
  const v = start && a.symbolValue(start, true);
  if (v) return a.flatten(v).offset;
  const text = outputs.find((o) => o.name === '.text' && o.size > 0) ?? outputs.find((o) => o.flags & SHF_ALLOC && o.size > 0);
  return text?.addr ?? 0;
}

function listingOf(a: Assembly, outputs: readonly OutputSection[]): ListingLine[] {
  const outputOf = new Map<InputSection, string>();
  for (const o of outputs) for (const s of o.inputs) outputOf.set(s, o.name);
  const contents = new Map<InputSection, Uint8Array>();
  const bytesOf = (s: InputSection) => {
    let b = contents.get(s);
    if (!b) contents.set(s, (b = s.bytes()));
    return b;
  };
  return a.listing.map((p) => ({
    file: p.loc.file,
    line: p.loc.line,
    address: p.section.addr + p.offset,
    size: p.size,
    section: outputOf.get(p.section) ?? p.section.name,
    kind: p.kind,
    text: p.text,
    bytes: bytesOf(p.section).slice(p.offset, p.offset + p.size),
    ...(p.source ? { source: p.source } : {}),
    ...(p.section.isLiteralPool && outputOf.get(p.section) === '.text' ? { literal: true as const } : {}),
  }));
}

