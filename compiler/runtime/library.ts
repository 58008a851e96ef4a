// The runtime library: the C++ sources of runtime/ compiled (once per front-end, and once per
// compiler identity when a build cache is given) by this compiler as one translation unit with plain C
// names, plus the ROM's assembly functions. User code may call any function the library defines.

import { memoryHost, type Frontend } from '../../language';
import { compilerIdentity, packEntry, runtimeKey, safeGet, safePut, unpackEntry, type BuildCache } from '../cache';
import { translateUnit } from '../translate';
import { FORMAT_DOUBLE_SOURCE } from './format-double';
import { INT64_SOURCE } from './int64';
import { SOFT_FLOAT_SOURCE } from './soft-float';
import { LIBC_SOURCE } from './libc';
import { HEAP_BOUNDS_FUNCTIONS, HEAP_SOURCE } from './heap';
import { DEVICE_SOURCE } from './device';
import { MATH_SOURCE } from './math';
import { MATH_DOUBLE_SOURCE } from './math-double';
import { ROM_FUNCTIONS } from './rom';

export const RUNTIME_FILE = '/q7-runtime/runtime.cpp';

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

/** The compiled library as the cache keeps it: its assembly, the lines of each function, where data begins. */
interface Compiled {
  readonly text: string;
  readonly chunks: readonly { readonly symbol: string; readonly from: number; readonly to: number }[];
  readonly dataFrom: number;
  readonly defined: readonly string[];
}

function selective(emitted: Compiled): (roots: Iterable<string>) => string {
  const lines = emitted.text.split('\n');
  const chunkText = new Map(emitted.chunks.map((c) => [c.symbol, lines.slice(c.from, c.to).join('\n')]));
  const deps = new Map([...chunkText].map(([sym, text]) => [sym, referencedSymbols(text)]));
  const data = lines.slice(emitted.dataFrom).join('\n');
  const dataDeps = referencedSymbols(data);
  const cache = new Map<string, string>();
  return (roots) => {
    const wanted = new Set<string>();
    const visit = (sym: string) => {
      if (wanted.has(sym) || !chunkText.has(sym)) return;
      wanted.add(sym);
      for (const d of deps.get(sym) ?? []) visit(d);
    };
    for (const r of [...roots, ...dataDeps]) visit(r);
    const key = [...wanted].sort().join(',');
    let text = cache.get(key);
    if (text === undefined) {
      text = `${lines.slice(0, emitted.chunks[0]?.from ?? 0).join('\n')}\n${emitted.chunks.filter((c) => wanted.has(c.symbol)).map((c) => chunkText.get(c.symbol)).join('\n')}\n${data}\n`;
      cache.set(key, text);
    }
    return text;
  };
}

const cache = new WeakMap<Frontend, RuntimeLibrary>();
/** The runtime built at -O1 (for -O1 builds; -O0 builds link the -O0 one). */
const cacheO1 = new WeakMap<Frontend, RuntimeLibrary>();

/** The whole runtime as one C++ source. */
export function runtimeSource(): string {
  return [INT64_SOURCE, SOFT_FLOAT_SOURCE, LIBC_SOURCE, HEAP_SOURCE, FORMAT_DOUBLE_SOURCE, MATH_SOURCE, MATH_DOUBLE_SOURCE, DEVICE_SOURCE].join('\n');
}

export class RuntimeBuildError extends Error {}

export function runtimeLibrary(frontend: Frontend, optimize: 0 | 1 = 0, store?: BuildCache): RuntimeLibrary {
  const known = (optimize === 1 ? cacheO1 : cache).get(frontend);
  if (known) return known;
  const key = store ? runtimeKey(compilerIdentity(runtimeSource), optimize) : '';
  let compiled = store ? fromEntry(safeGet(store, key)) : undefined;
  if (!compiled) {
    compiled = compileRuntime(frontend, optimize);
    if (store) safePut(store, key, packEntry(compiled));
  }
  const functions = new Set([...ROM_FUNCTIONS, ...compiled.defined]);
  const lib: RuntimeLibrary = { functions, textFor: selective(compiled) };
  (optimize === 1 ? cacheO1 : cache).set(frontend, lib);
  return lib;
}

function compileRuntime(frontend: Frontend, optimize: 0 | 1): Compiled {
  const source = runtimeSource();
  const unit = translateUnit(frontend, RUNTIME_FILE, memoryHost({ [RUNTIME_FILE]: source }), {
    runtime: new Set([...ROM_FUNCTIONS, ...HEAP_BOUNDS_FUNCTIONS]),
    prefix: 'rt',
    plainNames: true,
    optimize,
  });
  if (!unit.emitted) {
    const lines = source.split('\n');
    const detail = unit.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}\n    ${lines[d.line - 1]?.trim() ?? ''}`).join('\n');
    throw new RuntimeBuildError(`internal: the runtime library does not compile:\n${detail}`);
  }
  const e = unit.emitted;
  return { text: e.writer.text(), chunks: e.chunks.map((c) => ({ symbol: c.symbol, from: c.from, to: c.to })), dataFrom: e.dataFrom, defined: [...unit.defined] };
}

/** A cached library, checked for form (a damaged entry is rebuilt). */
function fromEntry(bytes: Uint8Array | undefined): Compiled | undefined {
  const h = bytes && (unpackEntry(bytes)?.header as Compiled | undefined);
  if (!h || typeof h.text !== 'string' || !Array.isArray(h.chunks) || typeof h.dataFrom !== 'number' || !Array.isArray(h.defined)) return undefined;
  const lines = h.text.split('\n').length;
  const ok = h.chunks.every((c) => typeof c.symbol === 'string' && Number.isInteger(c.from) && Number.isInteger(c.to) && c.from <= c.to && c.to <= lines);
  return ok && h.dataFrom <= lines && h.defined.every((d) => typeof d === 'string') ? h : undefined;
}
