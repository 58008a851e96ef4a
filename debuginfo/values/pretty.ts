// Pretty printers keyed by class name (template arguments ignored): a registry, and the views of
// the Neuron types — c10::Q7PtrType (exact 64-bit HBM address), the element accessors
// (at::TensorAccessor / TensorAccessorBase: data pointer, sizes and strides read through their
// pointers, enforcer counters, elements in HBM), the stream and TCM accessors, at::Tensor /
// TensorBase (dtype, shape, strides, elements) and at::TensorElementReference (the element's value
// and where it lives). HBM is read through the TargetView's readHbm.

import { ClassType, DType, Member, strip, templateBase } from '../dtypes';
import { Child, Children, defaultChildren, viewChildren } from './children';
import { formatValue, hex } from './format';
import { HbmView, InspectContext, Value, arrayType, base, deref, memberValue, readInteger, readUnsigned, T } from './value';

export interface PrettyPrinter {
  /** Qualified class name without template arguments ("c10::Q7PtrType"). */
  readonly name: string;
  display(ctx: InspectContext, v: Value, reg: PrettyRegistry): string;
  children?(ctx: InspectContext, v: Value, reg: PrettyRegistry): Children;
  /** The HBM elements a subscript indexes (accessors, tensors). */
  view?(ctx: InspectContext, v: Value): HbmView | undefined;
}

export class PrettyRegistry {
  private readonly printers = new Map<string, PrettyPrinter>();

  add(p: PrettyPrinter): this {
    this.printers.set(p.name, p);
    return this;
  }

  /** The printer of a value's class (typedefs, cv and references looked through). */
  find(t: DType): PrettyPrinter | undefined {
    let s = strip(t);
    if (s.kind === 'reference' || s.kind === 'rvalue-reference') s = strip(s.target);
    return s.kind === 'class' ? this.printers.get(templateBase(s.name)) : undefined;
  }

  display(ctx: InspectContext, v: Value): string | undefined {
    const p = this.find(v.type);
    if (!p) return undefined;
    return p.display(ctx, derefValue(ctx, v), this);
  }

  children(ctx: InspectContext, v: Value): Children | undefined {
    const p = this.find(v.type);
    if (p?.children) return p.children(ctx, derefValue(ctx, v), this);
    return defaultChildren(ctx, v);
  }

  view(ctx: InspectContext, v: Value): HbmView | undefined {
    if (v.view) return v.view;
    return this.find(v.type)?.view?.(ctx, derefValue(ctx, v));
  }

  format(ctx: InspectContext, v: Value): string {
    return formatValue(ctx, v, { pretty: this });
  }
}

function derefValue(ctx: InspectContext, v: Value): Value {
  const s = strip(v.type);
  return s.kind === 'reference' || s.kind === 'rvalue-reference' ? deref(ctx, v) : v;
}

/** A member of a class or of one of its bases. */
export function findMember(ctx: InspectContext, v: Value, name: string): Value | undefined {
  const s = strip(v.type);
  if (s.kind !== 'class') return undefined;
  const m = s.members.find((x: Member) => x.name === name);
  if (m) return memberValue(ctx, v, m);
  for (const b of s.bases) {
    const found = findMember(ctx, { type: b.type, place: offsetOf(v, b.offset) }, name);
    if (found) return found;
  }
  return undefined;
}

function offsetOf(v: Value, off: number): Value['place'] {
  const p = v.place;
  if (p.kind === 'memory') return { kind: 'memory', addr: p.addr + off };
  if (p.kind === 'hbm') return { kind: 'hbm', addr: p.addr + BigInt(off) };
  if (p.kind === 'bytes') return { kind: 'bytes', bytes: p.bytes.subarray(off) };
  return p;
}

/** A template parameter of the class or of its bases. */
function templateParam(t: DType, name: string): { type?: DType; value?: bigint } | undefined {
  const s = strip(t);
  if (s.kind !== 'class') return undefined;
  const p = s.templateParams.find((x) => x.name === name);
  if (p) return p;
  for (const b of s.bases) {
    const q = templateParam(b.type, name);
    if (q) return q;
  }
  return undefined;
}

/** The class's template arguments as written in its name ("TensorAccessor<float, 2, false>" → ["float", "2", "false"]). */
function nameArgs(t: DType): string[] {
  const n = strip(t).name;
  const k = n.indexOf('<');
  if (k < 0) return [];
  const out: string[] = [];
  let depth = 0;
  let start = k + 1;
  for (let i = k + 1; i < n.length; i++) {
    if (n[i] === '<') depth++;
    else if (n[i] === '>') {
      if (depth === 0) {
        out.push(n.slice(start, i).trim());
        break;
      }
      depth--;
    } else if (n[i] === ',' && depth === 0) {
      out.push(n.slice(start, i).trim());
      start = i + 1;
    }
  }
  return out;
}

const BUILTIN_BY_NAME: Record<string, DType> = {
  float: T.float, double: T.double, int: T.int, 'unsigned int': T.uint, short: T.short, 'unsigned short': T.ushort,
  'long long': T.llong, 'long long int': T.llong, 'unsigned long long': T.ullong, 'long long unsigned int': T.ullong, int64_t: T.llong,
  char: T.char, 'signed char': T.schar, 'unsigned char': T.uchar, bool: T.bool, long: T.long, 'unsigned long': T.ulong, uint8_t: T.uchar, int8_t: T.schar,
  int16_t: T.short, int32_t: T.int, uint16_t: T.ushort, uint32_t: T.uint, uint64_t: T.ullong,
};

function elementType(t: DType): DType | undefined {
  const p = templateParam(t, 'T');
  if (p?.type) return p.type;
  const first = nameArgs(t)[0];
  return first ? BUILTIN_BY_NAME[first] : undefined;
}

function rankOf(t: DType): number | undefined {
  const p = templateParam(t, 'N');
  if (p?.value !== undefined) return Number(p.value);
  const second = nameArgs(t)[1];
  return second && /^\d+$/.test(second) ? Number(second) : undefined;
}

/** `n` int64 values read through a pointer member. */
function int64Array(ctx: InspectContext, ptr: Value, n: number): Value {
  const addr = Number(readUnsigned(ctx, ptr));
  return { type: arrayType(T.llong, n), place: { kind: 'memory', addr } };
}

function readInt64s(ctx: InspectContext, arr: Value, n: number): bigint[] {
  const out: bigint[] = [];
  const addr = arr.place.kind === 'memory' ? arr.place.addr : 0;
  for (let k = 0; k < n; k++) out.push(readInteger(ctx, { type: T.llong, place: { kind: 'memory', addr: addr + 8 * k } }));
  return out;
}

const list = (xs: readonly bigint[]) => `{${xs.join(', ')}}`;

export function q7PtrDisplay(ctx: InspectContext, v: Value): string {
  const hbm = findMember(ctx, v, 'hbm_addr');
  const c = findMember(ctx, v, 'ctx_ptr');
  const n = findMember(ctx, v, 'is_nullptr');
  if (!hbm || !c || !n) return formatValue(ctx, v);
  return `{hbm_addr = ${hex(readUnsigned(ctx, hbm))}, ctx_ptr = ${hex(readUnsigned(ctx, c))}, is_nullptr = ${readUnsigned(ctx, n) !== 0n}}`;
}

function q7PtrChildren(ctx: InspectContext, v: Value): Children {
  const named: Child[] = [];
  for (const name of ['hbm_addr', 'ctx_ptr', 'is_nullptr']) {
    const m = findMember(ctx, v, name);
    if (!m) continue;
    named.push({ name, value: m, path: `.${name}`, display: name === 'is_nullptr' ? undefined : safe(() => hex(readUnsigned(ctx, m))) });
  }
  return { named };
}

function safe(f: () => string): string | undefined {
  try {
    return f();
  } catch (e) {
    return `<${(e as Error).message}>`;
  }
}

function enforcerOf(ctx: InspectContext, v: Value, member: string): Value | undefined {
  const e = findMember(ctx, v, member);
  if (!e) return undefined;
  const s = strip(e.type);
  return s.kind === 'reference' ? deref(ctx, e) : e;
}

function enforcerDisplay(ctx: InspectContext, e: Value | undefined): string {
  if (!e) return '?';
  const f = (n: string) => {
    const m = findMember(ctx, e, n);
    return m ? formatValue(ctx, m) : '?';
  };
  return `{readers = ${f('buffered_readers_')}, writers = ${f('buffered_writers_')}, unbuffered = ${f('unbuffered_accessors_')}, policy = ${f('policy_')}}`;
}

/** The accessor's data pointer, sizes and strides as an HBM view of its elements. */
function accessorView(ctx: InspectContext, v: Value): HbmView | undefined {
  const data = findMember(ctx, v, 'data_');
  const sizes = findMember(ctx, v, 'sizes_');
  const strides = findMember(ctx, v, 'strides_');
  const n = rankOf(v.type);
  const el = elementType(v.type);
  if (!data || !sizes || !strides || n === undefined || !el) return undefined;
  const hbm = findMember(ctx, data, 'hbm_addr');
  if (!hbm) return undefined;
  return {
    element: el, base: readUnsigned(ctx, hbm),
    sizes: readInt64s(ctx, int64Array(ctx, sizes, n), n), strides: readInt64s(ctx, int64Array(ctx, strides, n), n),
  };
}

const accessorPrinter = (name: string): PrettyPrinter => ({
  name,
  display(ctx, v) {
    const view = accessorView(ctx, v);
    const data = findMember(ctx, v, 'data_');
    if (!view || !data) return formatValue(ctx, v);
    return `{data_ = ${q7PtrDisplay(ctx, data)}, sizes = ${list(view.sizes)}, strides = ${list(view.strides)}, enforcer = ${enforcerDisplay(ctx, enforcerOf(ctx, v, 'coherency_enforcer_'))}}`;
  },
  children(ctx, v) {
    const view = accessorView(ctx, v);
    const data = findMember(ctx, v, 'data_');
    const n = rankOf(v.type) ?? 0;
    if (!view || !data) return defaultChildren(ctx, v) ?? { named: [] };
    const enf = enforcerOf(ctx, v, 'coherency_enforcer_');
    const named: Child[] = [
      { name: 'data_', value: data, display: q7PtrDisplay(ctx, data), path: '.data_' },
      { name: 'sizes', value: int64Array(ctx, findMember(ctx, v, 'sizes_')!, n), path: '.sizes_' },
      { name: 'strides', value: int64Array(ctx, findMember(ctx, v, 'strides_')!, n), path: '.strides_' },
    ];
    if (enf) named.push({ name: 'enforcer', value: enf, path: '.coherency_enforcer_' });
    return { named, indexed: viewChildren(view, v.type).indexed };
  },
  view: accessorView,
});

/** Stream and TCM accessors: data_ and numel_ (1-D, contiguous). */
function streamView(ctx: InspectContext, v: Value, el: DType | undefined): HbmView | undefined {
  const data = findMember(ctx, v, 'data_');
  const numel = findMember(ctx, v, 'numel_');
  const hbm = data && findMember(ctx, data, 'hbm_addr');
  if (!hbm || !numel || !el) return undefined;
  return { element: el, base: readUnsigned(ctx, hbm), sizes: [readUnsigned(ctx, numel)], strides: [1n] };
}

const streamPrinter = (name: string): PrettyPrinter => ({
  name,
  display(ctx, v) {
    const data = findMember(ctx, v, 'data_');
    const parts = [`data_ = ${data ? q7PtrDisplay(ctx, data) : '?'}`];
    for (const m of ['numel_', 'next_', 'buffered_from_', 'buffered_count_', 'pending_', 'closed_']) {
      const x = findMember(ctx, v, m);
      if (x) parts.push(`${m} = ${formatValue(ctx, x)}`);
    }
    const enf = enforcerOf(ctx, v, 'enforcer_');
    if (enf) parts.push(`enforcer = ${enforcerDisplay(ctx, enf)}`);
    return `{${parts.join(', ')}}`;
  },
  children(ctx, v, reg) {
    const base0 = defaultChildren(ctx, v) ?? { named: [] };
    const named = base0.named.map((c) => (c.name === 'data_' ? { ...c, display: q7PtrDisplay(ctx, c.value) } : c.name === 'enforcer_' ? { ...c, value: deref(ctx, c.value) } : c));
    const view = streamView(ctx, v, elementType(v.type));
    void reg;
    return { named, indexed: view ? viewChildren(view, v.type).indexed : undefined };
  },
  view: (ctx, v) => streamView(ctx, v, elementType(v.type)),
});

/** c10::ScalarType codes → element types. */
function dtypeElement(code: number): DType | undefined {
  switch (code) {
    case 0: return T.uchar;
    case 1: return T.schar;
    case 2: return T.short;
    case 3: return T.int;
    case 4: return T.llong;
    case 5: return base('c10::Half', 2, 0x04);
    case 6: return T.float;
    case 7: return T.double;
    case 15: return base('c10::BFloat16', 2, 0x04);
  }
  return undefined;
}

interface TensorFacts {
  impl: Value;
  dtype: Value;
  dim: number;
  sizes: Value;
  strides: Value;
  view?: HbmView;
}

function tensorFacts(ctx: InspectContext, v: Value): TensorFacts | undefined {
  const implPtr = findMember(ctx, v, 'impl_');
  if (!implPtr) return undefined;
  const p = strip(implPtr.type);
  if (p.kind !== 'pointer') return undefined;
  const addr = Number(readUnsigned(ctx, implPtr));
  if (addr === 0) return undefined;
  const impl: Value = { type: p.target, place: { kind: 'memory', addr } };
  const dimV = findMember(ctx, impl, 'dim_');
  const dtype = findMember(ctx, impl, 'dtype_');
  const sizesM = findMember(ctx, impl, 'sizes_');
  const stridesM = findMember(ctx, impl, 'strides_');
  const hbm = findMember(ctx, impl, 'hbm_addr_');
  if (!dimV || !dtype || !sizesM || !stridesM || !hbm) return undefined;
  const dim = Math.max(0, Math.min(8, Number(readInteger(ctx, dimV))));
  const sizes: Value = { type: arrayType(T.llong, dim), place: sizesM.place };
  const strides: Value = { type: arrayType(T.llong, dim), place: stridesM.place };
  const el = dtypeElement(Number(readInteger(ctx, dtype)));
  const view = el ? { element: el, base: readUnsigned(ctx, hbm), sizes: readInt64s(ctx, sizes, dim), strides: readInt64s(ctx, strides, dim) } : undefined;
  return { impl, dtype, dim, sizes, strides, view };
}

const tensorPrinter = (name: string): PrettyPrinter => ({
  name,
  display(ctx, v) {
    const f = tensorFacts(ctx, v);
    if (!f) {
      const implPtr = findMember(ctx, v, 'impl_');
      return implPtr && readUnsigned(ctx, implPtr) === 0n ? '{undefined tensor}' : formatValue(ctx, v);
    }
    const hbm = f.view ? hex(f.view.base) : '?';
    return `{dtype = ${formatValue(ctx, f.dtype)}, sizes = ${list(readInt64s(ctx, f.sizes, f.dim))}, strides = ${list(readInt64s(ctx, f.strides, f.dim))}, hbm_addr = ${hbm}}`;
  },
  children(ctx, v) {
    const f = tensorFacts(ctx, v);
    if (!f) return defaultChildren(ctx, v) ?? { named: [] };
    const named: Child[] = [
      { name: 'dtype', value: f.dtype },
      { name: 'sizes', value: f.sizes },
      { name: 'strides', value: f.strides },
    ];
    const numel = findMember(ctx, f.impl, 'numel_');
    if (numel) named.push({ name: 'numel', value: numel });
    const hbm = findMember(ctx, f.impl, 'hbm_addr_');
    if (hbm) named.push({ name: 'hbm_addr', value: hbm, display: safe(() => hex(readUnsigned(ctx, hbm))) });
    const enf = findMember(ctx, v, 'coherency_enforcer_');
    if (enf) named.push({ name: 'coherency_enforcer_', value: enf, path: '.coherency_enforcer_' });
    named.push({ name: 'impl_', value: findMember(ctx, v, 'impl_')!, path: '.impl_' });
    return { named, indexed: f.view ? viewChildren(f.view, v.type).indexed : undefined };
  },
  view: (ctx, v) => tensorFacts(ctx, v)?.view,
});

/** The element a TensorElementReference designates. */
export function elementRefTarget(ctx: InspectContext, v: Value): Value | undefined {
  const data = findMember(ctx, v, 'data_');
  const index = findMember(ctx, v, 'index_');
  const el = elementType(v.type);
  const hbm = data && findMember(ctx, data, 'hbm_addr');
  if (!hbm || !index || !el) return undefined;
  const addr = readUnsigned(ctx, hbm) + readUnsigned(ctx, index) * BigInt(Math.max(el.size, 1));
  return { type: el, place: { kind: 'hbm', addr } };
}

const elementRefPrinter: PrettyPrinter = {
  name: 'at::TensorElementReference',
  display(ctx, v) {
    const t = elementRefTarget(ctx, v);
    if (!t || t.place.kind !== 'hbm') return formatValue(ctx, v);
    return `${formatValue(ctx, t)} (HBM ${hex(t.place.addr)})`;
  },
  children(ctx, v) {
    const t = elementRefTarget(ctx, v);
    const named: Child[] = [];
    if (t && t.place.kind === 'hbm') {
      const where = t.place.addr;
      named.push({ name: 'value', value: t });
      named.push({ name: 'hbm_addr', value: { type: T.ullong, place: { kind: 'bytes', bytes: new Uint8Array(0) } }, display: hex(where) });
    }
    const data = findMember(ctx, v, 'data_');
    if (data) named.push({ name: 'data_', value: data, display: q7PtrDisplay(ctx, data), path: '.data_' });
    const index = findMember(ctx, v, 'index_');
    if (index) named.push({ name: 'index_', value: index, path: '.index_' });
    return { named };
  },
};

/** The registry with every Neuron printer. */
export function neuronPrinters(): PrettyRegistry {
  const r = new PrettyRegistry();
  r.add({ name: 'c10::Q7PtrType', display: (ctx, v) => q7PtrDisplay(ctx, v), children: (ctx, v) => q7PtrChildren(ctx, v) });
  for (const n of ['at::TensorAccessor', 'at::TensorAccessorBase']) r.add(accessorPrinter(n));
  for (const n of ['at::TensorReadStreamAccessor', 'at::TensorWriteStreamAccessor', 'at::TensorTcmAccessor']) r.add(streamPrinter(n));
  for (const n of ['at::Tensor', 'at::TensorBase']) r.add(tensorPrinter(n));
  r.add(elementRefPrinter);
  return r;
}

export type { ClassType };
