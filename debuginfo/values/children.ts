// The children of a value in a variables tree: members and bases of classes, elements of arrays
// (indexed, so a client can page through big ones), the pointee of a pointer, the referent of a
// reference, and the elements of an HBM view (accessors, tensors). Pretty printers may replace them.

import { DType, strip } from '../dtypes';
import { HbmView, InspectContext, Value, deref, elementValue, implicitTarget, memberValue, offsetPlace, readUnsigned } from './value';

export interface Child {
  readonly name: string;
  readonly value: Value;
  /** Overrides the value's display (e.g. an address shown in hex). */
  readonly display?: string;
  /** The C++ expression naming the child, relative to the parent's ("." member, "[i]"). */
  readonly path?: string;
}

export interface Children {
  readonly named: readonly Child[];
  readonly indexed?: { readonly count: number; at(i: number): Child };
}

/** The child of a view at index `i`: a narrower view, or the element in HBM. */
export function viewChild(view: HbmView, i: bigint, viewType: DType): Value {
  const addr = view.base + view.strides[0] * i * BigInt(Math.max(view.element.size, 1));
  if (view.sizes.length === 1) return { type: view.element, place: { kind: 'hbm', addr } };
  const sub: HbmView = { element: view.element, base: addr, sizes: view.sizes.slice(1), strides: view.strides.slice(1) };
  return { type: viewTypeOf(sub, viewType), place: { kind: 'bytes', bytes: new Uint8Array(0) }, view: sub };
}

/** A made-up type naming a view ("float[4][5] (HBM)"). */
export function viewTypeOf(view: HbmView, _like?: DType): DType {
  return { kind: 'void', name: `${view.element.name}${view.sizes.map((s) => `[${s}]`).join('')} (HBM)`, size: 0, die: -1 };
}

export function viewChildren(view: HbmView, type: DType): Children {
  const count = Number(view.sizes[0] ?? 0n);
  return { named: [], indexed: { count: Math.max(count, 0), at: (i) => ({ name: `[${i}]`, value: viewChild(view, BigInt(i), type), path: `[${i}]` }) } };
}

/** Default children: undefined for scalars. */
export function defaultChildren(ctx: InspectContext, v: Value): Children | undefined {
  if (v.view) return viewChildren(v.view, v.type);
  if (v.place.kind === 'unavailable') return undefined;
  const s = strip(v.type);
  switch (s.kind) {
    case 'class': {
      if (s.incomplete) return undefined;
      const named: Child[] = [];
      for (const b of s.bases) named.push({ name: `<${strip(b.type).name}>`, value: { type: b.type, place: offsetPlace(ctx, v.place, b.offset, Math.max(b.type.size, 1)) } });
      for (const m of s.members) {
        if (m.name.startsWith('_vptr')) continue;
        named.push({ name: m.name || '<anonymous>', value: memberValue(ctx, v, m), path: m.name ? `.${m.name}` : undefined });
      }
      return { named };
    }
    case 'array': {
      const n = s.count ?? 0;
      return { named: [], indexed: { count: n, at: (i) => ({ name: `[${i}]`, value: elementValue(ctx, v, s, i), path: `[${i}]` }) } };
    }
    case 'pointer': {
      const t = strip(s.target);
      if (t.kind === 'void' || t.kind === 'function' || (t.kind === 'base' && t.size <= 1) || (t.kind === 'class' && t.incomplete)) return undefined;
      if (v.place.kind === 'implicit-pointer') return { named: [{ name: '*', value: implicitTarget(ctx, v.place, s.target), path: '*' }] };
      let p: bigint;
      try {
        p = readUnsigned(ctx, v);
      } catch {
        return undefined;
      }
      if (p === 0n) return undefined;
      return { named: [{ name: '*', value: { type: s.target, place: { kind: 'memory', addr: Number(p) } }, path: '*' }] };
    }
    case 'reference': case 'rvalue-reference': {
      try {
        return defaultChildren(ctx, deref(ctx, v));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
