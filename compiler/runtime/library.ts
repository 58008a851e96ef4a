// The runtime library: the C++ sources of the target's guest/runtime/ (int64, soft-float, libc, heap,
// printf's number formatting, math, the device side) compiled (once per front-end, and once per
// compiler identity when a build cache is given) by this compiler as one translation unit with plain C
// names, plus the ROM's assembly functions. User code may call any function the library defines.

import { memoryHost, type Frontend } from '../../language';
import { compilerIdentity, packEntry, runtimeKey, safeGet, safePut, unpackEntry, type BuildCache } from '../cache';
import { translateUnit } from '../translate';
import { GUEST_FILES } from '../../target/q7/guest-files.generated';
import { guestSourceName } from '../../target/q7/guest';
import { ABI_HEADER_PATH, abiHeader } from '../../target/q7/abi-macros';
import { ROM_FUNCTIONS } from './rom';
import type { LineMark } from '../xtensa/asm-writer';

/** The translation unit of the runtime library (target/q7/guest/runtime/runtime.cpp, which includes the parts). */
export const RUNTIME_FILE = guestSourceName('runtime/runtime.cpp');
/** Where <q7/abi.h>, generated from target/q7/abi.ts, is found. */
const ABI_INCLUDE_DIR = '/q7-target/include';
/** Functions of the linker's heap file (compiler/link.ts) that the heap (runtime/heap.cpp) calls. */
const HEAP_BOUNDS_FUNCTIONS = ['__q7_heap_base', '__q7_heap_limit'];

export interface RuntimeLibrary {
  /** Every function a program may call without defining it. */
  readonly functions: ReadonlySet<string>;
  /** The library's assembly reduced to the functions reachable from `roots` (and all its data); the
   *  roots include what the ROM calls (romNeeds). */
  textFor(roots: Iterable<string>): string;
}

/** Symbols an assembly text refers to: call targets, literal-pool words, data words. */
export function referencedSymbols(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\bcall[048]\t([A-Za-z_.$][\w.$]*)/g)) out.add(m[1]);
  for (const m of text.matchAll(/\.literal\s+\S+,\s*([A-Za-z_.$][\w.$]*)/g)) out.add(m[1]);
  for (const m of text.matchAll(/\.4byte\t([A-Za-z_.$][\w.$]*)/g)) out.add(m[1]);
  return out;
}

/** The compiled library as the cache keeps it: the assembly before the first function, each
 *  function's text with the symbols it refers to, the data and the symbols it refers to. */
interface Compiled {
  readonly head: string;
  readonly functions: readonly { readonly symbol: string; readonly text: string; readonly deps: readonly string[] }[];
  readonly data: string;
  readonly dataDeps: readonly string[];
  readonly defined: readonly string[];
}

function selective(lib: Compiled): (roots: Iterable<string>) => string {
  const byName = new Map(lib.functions.map((f) => [f.symbol, f]));
  const cache = new Map<string, string>();
  return (roots) => {
    const wanted = new Set<string>();
    const visit = (sym: string) => {
      const f = byName.get(sym);
      if (wanted.has(sym) || !f) return;
      wanted.add(sym);
      for (const d of f.deps) visit(d);
    };
    for (const r of [...roots, ...lib.dataDeps]) visit(r);
    const key = [...wanted].sort().join(',');
    let text = cache.get(key);
    if (text === undefined) {
      text = `${lib.head}\n${lib.functions.filter((f) => wanted.has(f.symbol)).map((f) => f.text).join('\n')}\n${lib.data}\n`;
      cache.set(key, text);
    }
    return text;
  };
}

const cache = new WeakMap<Frontend, RuntimeLibrary>();
/** The runtime built at -O1 (for -O1 builds; -O0 builds link the -O0 one). */
const cacheO1 = new WeakMap<Frontend, RuntimeLibrary>();
const cacheO2 = new WeakMap<Frontend, RuntimeLibrary>();

/** The runtime's sources by the names they are compiled under: its guest files and <q7/abi.h>. */
export function runtimeFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [path, text] of Object.entries(GUEST_FILES)) if (path.startsWith('runtime/')) files.set(guestSourceName(path), text);
  files.set(`${ABI_INCLUDE_DIR}/${ABI_HEADER_PATH}`, abiHeader());
  return files;
}

/**
 * The level the runtime library (libc, printf's formatting, soft-float) is compiled at for a user's
 * level: -O2 builds it at -O1. -O2's inlining gives every inlined call its own stack slots, and the
 * runtime's deep chain (printf → formatting → soft-float) then outgrows the 8 KiB device stack that
 * the same calls fit at -O0 and -O1.
 */
export function runtimeLevel(optimize: 0 | 1 | 2 | undefined): 0 | 1 {
  return optimize === undefined || optimize === 0 ? 0 : 1;
}

/** Every guest file (ROM, runtime, SDK headers) and <q7/abi.h> as one text: what the library and the
 *  images built with it depend on besides the compiler (the build cache's identity outside bundles). */
export function runtimeSource(): string {
  const files = [...Object.entries(GUEST_FILES), [ABI_HEADER_PATH, abiHeader()]].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return files.map(([path, text]) => `${path}\0${text}`).join('\0');
}

export class RuntimeBuildError extends Error {}

export function runtimeLibrary(frontend: Frontend, optimize: 0 | 1 | 2 = 0, store?: BuildCache): RuntimeLibrary {
  const known = [cache, cacheO1, cacheO2][optimize].get(frontend);
  if (known) return known;
  const key = store ? runtimeKey(compilerIdentity(runtimeSource), optimize) : '';
  let compiled = store ? fromEntry(safeGet(store, key)) : undefined;
  if (!compiled) {
    compiled = compileRuntime(frontend, optimize);
    if (store) safePut(store, key, packEntry(compiled));
  }
  const functions = new Set([...ROM_FUNCTIONS, ...compiled.defined]);
  const lib: RuntimeLibrary = { functions, textFor: selective(compiled) };
  [cache, cacheO1, cacheO2][optimize].set(frontend, lib);
  return lib;
}

function compileRuntime(frontend: Frontend, optimize: 0 | 1 | 2): Compiled {
  const files = runtimeFiles();
  const unit = translateUnit(frontend, RUNTIME_FILE, memoryHost(files), {
    runtime: new Set([...ROM_FUNCTIONS, ...HEAP_BOUNDS_FUNCTIONS]),
    prefix: 'rt',
    plainNames: true,
    optimize,
    includePaths: [ABI_INCLUDE_DIR],
  });
  if (!unit.emitted) {
    const detail = unit.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}\n    ${files.get(d.file)?.split('\n')[d.line - 1]?.trim() ?? ''}`).join('\n');
    throw new RuntimeBuildError(`internal: the runtime library does not compile:\n${detail}`);
  }
  const e = unit.emitted;
  const lines = e.writer.text().split('\n');
  const locFiles = new LocFiles();
  const functions = e.chunks.map((c) => {
    const text = withLocs(lines, c.from, c.to, e.writer.marks, locFiles);
    return { symbol: c.symbol, text, deps: [...referencedSymbols(text)] };
  });
  const data = lines.slice(e.dataFrom).join('\n');
  const head = [...lines.slice(0, e.chunks[0]?.from ?? 0), ...locFiles.directives()].join('\n');
  return { head, functions, data, dataDeps: [...referencedSymbols(data)], defined: [...unit.defined] };
}

/** The numbers of the source files `.loc` directives name, and their `.file` directives. */
class LocFiles {
  private readonly numbers = new Map<string, number>();
  number(file: string): number {
    let n = this.numbers.get(file);
    if (n === undefined) this.numbers.set(file, (n = this.numbers.size + 1));
    return n;
  }
  directives(): string[] {
    return [...this.numbers].map(([file, n]) => `\t.file ${n} ${JSON.stringify(file)}`);
  }
}

/**
 * Lines [from, to) of the library's assembly with a `.loc` before each instruction whose source
 * position differs from the previous one's, so the listing of a linked image gives the library's code
 * its C++ lines (compiler/dwarf/guest-lines.ts) although the library is linked as assembly text.
 */
function withLocs(lines: readonly string[], from: number, to: number, marks: ReadonlyMap<number, LineMark>, files: LocFiles): string {
  const out: string[] = [];
  let last = '';
  for (let i = from; i < to; i++) {
    const m = marks.get(i + 1);
    if (m) {
      const loc = `${files.number(m.pos.file)} ${m.pos.line} ${m.pos.column}`;
      if (loc !== last) out.push(`\t.loc ${loc}`);
      last = loc;
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

/** A cached library, checked for form (a damaged entry is rebuilt). */
function fromEntry(bytes: Uint8Array | undefined): Compiled | undefined {
  const h = bytes && (unpackEntry(bytes)?.header as Compiled | undefined);
  const strings = (a: unknown) => Array.isArray(a) && a.every((x) => typeof x === 'string');
  if (!h || typeof h.head !== 'string' || typeof h.data !== 'string' || !strings(h.dataDeps) || !strings(h.defined) || !Array.isArray(h.functions)) return undefined;
  return h.functions.every((f) => f && typeof f.symbol === 'string' && typeof f.text === 'string' && strings(f.deps)) ? h : undefined;
}
