// A compact encoding of a graph of plain data and instances of known classes (the SDK snapshot's
// preprocessed chunks, source maps and syntax trees): shared objects stay shared, cycles are kept,
// `undefined` values, holes and -0/NaN/Infinity survive, instances get their class's prototype back,
// and Int32Arrays travel as raw little-endian bytes. Objects the caller names as external (the
// grammar's names) are written as their index and given back by the decoder.
// Layout: u32 length of a JSON table, the table, padding to 4, then the typed arrays' bytes.
// The JSON table is a list of entries, one per object; inside an entry a value is a JSON number,
// string, boolean or null as itself, `[id]` for a reference to entry `id` and `[]` for undefined.

type Entry = unknown[];

/** What the codec may meet besides plain objects and arrays. */
export interface CodecClasses {
  /** Classes whose instances are encoded by their own properties (no constructor runs on decode). */
  readonly classes: readonly (abstract new (...args: never[]) => unknown)[];
  /** Objects encoded by their position in this list. */
  readonly externals: readonly object[];
}

export class GraphCodecError extends Error {}

export function encodeGraph(root: unknown, kinds: CodecClasses): Uint8Array {
  const ids = new Map<object, number>();
  const table: Entry[] = [];
  const blobs: Int32Array[] = [];
  let blobWords = 0;
  const protos = kinds.classes.map((c) => c.prototype as object);
  const pending: object[] = [];

  const ref = (o: object): number => {
    let id = ids.get(o);
    if (id === undefined) {
      id = table.length;
      ids.set(o, id);
      table.push([]);
      pending.push(o);
    }
    return id;
  };
  const value = (v: unknown): unknown => {
    switch (typeof v) {
      case 'undefined': return [];
      case 'string': case 'boolean': return v;
      case 'number': return Number.isFinite(v) && !Object.is(v, -0) ? v : [ref(new BoxedNumber(v))];
      case 'object': return v === null ? null : [ref(v)];
      default: throw new GraphCodecError(`cannot encode a ${typeof v}`);
    }
  };
  const entry = (o: object): Entry => {
    if (o instanceof BoxedNumber) return ['f', String(o.n)];
    const external = kinds.externals.indexOf(o);
    if (external >= 0) return ['x', external];
    if (o instanceof Int32Array) {
      blobs.push(o);
      const at = blobWords;
      blobWords += o.length;
      return ['i', at, o.length];
    }
    if (Array.isArray(o)) {
      if (Object.keys(o).length === o.length) return ['a', ...o.map(value)];
      const out: unknown[] = ['h', o.length];
      for (const k of Object.keys(o)) out.push(Number(k), value(o[Number(k)]));
      return out;
    }
    if (o instanceof Map) return ['m', ...[...o].flatMap(([k, v]) => [value(k), value(v)])];
    if (o instanceof Set) return ['s', ...[...o].map(value)];
    const proto = Object.getPrototypeOf(o) as object | null;
    const cls = proto === Object.prototype || proto === null ? -1 : protos.indexOf(proto);
    if (proto !== Object.prototype && proto !== null && cls < 0) throw new GraphCodecError(`cannot encode an instance of ${(o as { constructor?: { name?: string } }).constructor?.name ?? 'an unknown class'}`);
    const out: unknown[] = ['o', cls];
    for (const k of Object.keys(o)) out.push(k, value((o as Record<string, unknown>)[k]));
    return out;
  };

  const top = value(root);
  for (let i = 0; i < pending.length; i++) table[i] = entry(pending[i]);
  const json = new TextEncoder().encode(JSON.stringify({ top, table }));
  const head = 4 + json.length;
  const blobAt = (head + 3) & ~3;
  const out = new Uint8Array(blobAt + blobWords * 4);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 4);
  const words = new Int32Array(out.buffer, blobAt, blobWords);
  let at = 0;
  for (const b of blobs) {
    words.set(b, at);
    at += b.length;
  }
  if (!littleEndian()) for (let i = 0; i < words.length; i++) words[i] = swap(words[i]);
  return out;
}

export function decodeGraph(bytes: Uint8Array, kinds: CodecClasses): unknown {
  if (bytes.length < 4) throw new GraphCodecError('truncated');
  const n = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
  if (4 + n > bytes.length) throw new GraphCodecError('truncated');
  const { top, table } = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + n))) as { top: unknown; table: Entry[] };
  const blobAt = (4 + n + 3) & ~3;
  const blobBytes = bytes.slice(blobAt);
  const words = new Int32Array(blobBytes.buffer, 0, blobBytes.length >> 2);
  if (!littleEndian()) for (let i = 0; i < words.length; i++) words[i] = swap(words[i]);
  const protos = kinds.classes.map((c) => c.prototype as object);
  // shells first (references may point forward or form cycles), then their contents
  const objects: unknown[] = table.map((e) => {
    switch (e[0]) {
      case 'f': return Number(e[1]);
      case 'x': return kinds.externals[e[1] as number];
      case 'i': return words.slice(e[1] as number, (e[1] as number) + (e[2] as number));
      case 'a': return new Array(e.length - 1);
      case 'h': return new Array(e[1] as number);
      case 'm': return new Map();
      case 's': return new Set();
      case 'o': return (e[1] as number) < 0 ? {} : Object.create(protos[e[1] as number] ?? fail(`unknown class ${String(e[1])}`));
      default: return fail(`unknown entry kind ${String(e[0])}`);
    }
  });
  const value = (v: unknown): unknown => {
    if (!Array.isArray(v)) return v;
    if (v.length === 0) return undefined;
    return objects[v[0] as number];
  };
  table.forEach((e, id) => {
    const o = objects[id];
    switch (e[0]) {
      case 'a': for (let i = 1; i < e.length; i++) (o as unknown[])[i - 1] = value(e[i]); break;
      case 'h': for (let i = 2; i < e.length; i += 2) (o as unknown[])[e[i] as number] = value(e[i + 1]); break;
      case 'm': for (let i = 1; i < e.length; i += 2) (o as Map<unknown, unknown>).set(value(e[i]), value(e[i + 1])); break;
      case 's': for (let i = 1; i < e.length; i++) (o as Set<unknown>).add(value(e[i])); break;
      case 'o': for (let i = 2; i < e.length; i += 2) (o as Record<string, unknown>)[e[i] as string] = value(e[i + 1]); break;
    }
  });
  return value(top);
}

/** A number JSON cannot hold (NaN, ±Infinity, -0), as an entry of its own. */
class BoxedNumber {
  constructor(readonly n: number) {}
}

function fail(message: string): never {
  throw new GraphCodecError(message);
}

function littleEndian(): boolean {
  return new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
}

function swap(x: number): number {
  return ((x & 0xff) << 24) | ((x & 0xff00) << 8) | ((x >>> 8) & 0xff00) | (x >>> 24);
}
