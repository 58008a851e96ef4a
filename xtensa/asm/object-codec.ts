// Relocatable objects (object.ts) as bytes, for a cache on disk: a little-endian u32 length, a JSON
// header (the object without its section contents; exact 64-bit integers as {"$big": "…"}), then
// the contents of each section in order. Reading checks the form and gives undefined for bytes that
// are not such an object (the caller assembles the source again).

import { INSN_BY_MNEMONIC } from '../isa';
import { AsmObject, OBJECT_FORMAT, isAsmObject } from './object';

const BIG = '$big';

export function objectToBytes(obj: AsmObject): Uint8Array {
  const header = { ...obj, sections: obj.sections.map((s) => ({ ...s, bytes: s.bytes.length })) };
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
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n)), (_k, v) =>
      v && typeof v === 'object' && typeof v[BIG] === 'string' ? BigInt(v[BIG]) : v,
    ) as Record<string, unknown>;
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
