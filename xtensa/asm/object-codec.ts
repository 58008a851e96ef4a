// Relocatable objects (object.ts) as bytes, for a cache on disk: a little-endian u32 length, a JSON
// header (the object without its section contents; exact 64-bit integers as {"$big": "…"}; the
// listing, most of an object, as one flat array of its lines' fields with file names by index), then
// the contents of each section in order. Reading checks the form and gives undefined for bytes that
// are not such an object (the caller assembles the source again).

import { INSN_BY_MNEMONIC } from '../isa';
import { AsmObject, OBJECT_FORMAT, ObjectListing, isAsmObject } from './object';

const BIG = '$big';

export function objectToBytes(obj: AsmObject): Uint8Array {
  const header = { ...obj, sections: obj.sections.map((s) => ({ ...s, bytes: s.bytes.length })), ...packListing(obj.listing) };
  const json = new TextEncoder().encode(JSON.stringify(header, (_k, v) => (typeof v === 'bigint' ? { [BIG]: v.toString() } : v)));
  const total = obj.sections.reduce((n, s) => n + s.bytes.length, 4 + json.length);
  const out = new Uint8Array(total);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 4);
  let at = 4 + json.length;
  for (const s of obj.sections) {
    out.set(s.bytes, at);
    at += s.bytes.length;
  }
  return out;
}

export function objectFromBytes(bytes: Uint8Array): AsmObject | undefined {
  try {
    if (bytes.length < 4) return undefined;
    const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
    if (4 + n > bytes.length) return undefined;
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as Record<string, unknown>;
    const listing = unpackListing(header.listing, header.listingFiles);
    if (!listing) return undefined;
    delete header.listingFiles;
    header.listing = listing;
    header.symbols = revive(header.symbols);
    header.relocations = revive(header.relocations);
    if (!hasForm(header)) return undefined;
    let at = 4 + n;
    const sections = (header.sections as { bytes: number }[]).map((s) => {
      const contents = bytes.slice(at, at + s.bytes);
      at += s.bytes;
      return { ...s, bytes: contents };
    });
    if (at !== bytes.length) return undefined;
    const obj = { ...header, sections } as unknown as AsmObject;
    return isAsmObject(obj) ? obj : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fields per listing line: section, offset, size, file (index), line, column, text, 1 for an
 * instruction, and the `.loc` source position: file (index, -1 for none), line, column.
 */
const LISTING_FIELDS = 11;

function packListing(listing: readonly ObjectListing[]): { listing: unknown[]; listingFiles: string[] } {
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const flat: unknown[] = [];
  const indexOf = (file: string) => {
    let f = fileIndex.get(file);
    if (f === undefined) fileIndex.set(file, (f = files.push(file) - 1));
    return f;
  };
  for (const l of listing) {
    const f = indexOf(l.loc.file);
    flat.push(l.section, l.offset, l.size, f, l.loc.line, l.loc.column, l.text, l.kind === 'insn' ? 1 : 0);
    if (l.source) flat.push(indexOf(l.source.file), l.source.line, l.source.column);
    else flat.push(-1, 0, 0);
  }
  return { listing: flat, listingFiles: files };
}

function unpackListing(flat: unknown, files: unknown): ObjectListing[] | undefined {
  if (!isArray(flat) || !isArray(files) || flat.length % LISTING_FIELDS !== 0) return undefined;
  const out: ObjectListing[] = [];
  for (let i = 0; i < flat.length; i += LISTING_FIELDS) {
    const section = flat[i];
    const offset = flat[i + 1];
    const size = flat[i + 2];
    const file = files[flat[i + 3] as number];
    const line = flat[i + 4];
    const column = flat[i + 5];
    const text = flat[i + 6];
    if (!isInt(section) || !isInt(offset) || !isInt(size) || typeof file !== 'string' || !isInt(line) || !isInt(column) || typeof text !== 'string') return undefined;
    const [sf, sl, sc] = [flat[i + 8], flat[i + 9], flat[i + 10]];
    if (!isInt(sf) || !isInt(sl) || !isInt(sc)) return undefined;
    const sourceFile = sf >= 0 ? files[sf] : undefined;
    if (sf >= 0 && typeof sourceFile !== 'string') return undefined;
    const source = typeof sourceFile === 'string' ? { source: { file: sourceFile, line: sl, column: sc } } : {};
    out.push({ section, offset, size, loc: { file, line, column }, text, kind: flat[i + 7] === 1 ? 'insn' : 'data', ...source });
  }
  return out;
}

/** `x` with every {"$big": "…"} turned back into its bigint. */
function revive(x: unknown): unknown {
  if (isArray(x)) return x.map(revive);
  if (x === null || typeof x !== 'object') return x;
  const o = x as Record<string, unknown>;
  if (typeof o[BIG] === 'string') return BigInt(o[BIG] as string);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) out[k] = revive(o[k]);
  return out;
}

const isArray = (x: unknown): x is unknown[] => Array.isArray(x);
const isInt = (x: unknown): x is number => Number.isInteger(x);

/** The header's shape: arrays where arrays belong, section indices in range, known instructions. */
function hasForm(h: Record<string, unknown>): boolean {
  if (h.format !== OBJECT_FORMAT || typeof h.file !== 'string' || typeof h.defsym !== 'object' || h.defsym === null) return false;
  const { sections, symbols, relocations, listing, commons, diagnostics } = h;
  if (![sections, symbols, relocations, listing, commons, diagnostics].every(isArray)) return false;
  const secs = sections as { name?: unknown; size?: unknown; align?: unknown; bytes?: unknown }[];
  if (!secs.every((s) => typeof s.name === 'string' && isInt(s.size) && isInt(s.align) && isInt(s.bytes))) return false;
  const inRange = (i: unknown) => isInt(i) && i >= 0 && i < secs.length;
  const relocs = relocations as { kind?: unknown; section?: unknown; mnemonic?: unknown }[];
  if (!relocs.every((r) => inRange(r.section) && (r.kind === 'data' || (r.kind === 'insn' && INSN_BY_MNEMONIC.has(String(r.mnemonic)))))) return false;
  if (!(listing as { section?: unknown }[]).every((l) => inRange(l.section))) return false;
  return (symbols as { name?: unknown }[]).every((s) => typeof s.name === 'string') && (commons as unknown[]).every((c) => typeof c === 'string');
}
