// Inspector: the facade the debug adapter calls. For a stopped frame (a TargetView) it lists the
// locals and globals as value nodes, expands a node's children on demand (paged for big arrays and
// HBM views), evaluates expressions and sets values. A node with children has a reference, stable
// for the same expression path for the Inspector's life (children are re-read from the current
// frame). Errors come back as messages, never as exceptions.

import type { Program } from '../program';
import { type VectorShape, strip, vectorShape } from '../dtypes';
import { Child, Children } from './children';
import { Evaluator } from './eval';
import { hex } from './format';
import { PrettyRegistry, neuronPrinters } from './pretty';
import { InspectContext, InspectError, TargetView, Value, addressOf, readBytes, variableValue, writePlace } from './value';

export interface ValueNode {
  readonly name: string;
  /** C++ type name. */
  readonly type: string;
  /** Display string. */
  readonly value: string;
  /** > 0 when the node has children (pass to children()). */
  readonly ref: number;
  readonly namedCount?: number;
  readonly indexedCount?: number;
  /** Local address ("0x3fffe0a0") or HBM address ("hbm:0x100000040") when the value has one. */
  readonly address?: string;
  /** An expression that evaluates to this node, when there is one. */
  readonly evaluateName?: string;
  /** A vector (DW_AT_GNU_vector: the IVP's types): its lanes, for a lane view over `bytes(ref)`. */
  readonly vector?: VectorShape;
  /** A vector's storage as `VectorLocal.place` names it. */
  readonly place?: string;
}

/** A vector-typed local of a frame with its bytes now (`place` keys the storage: `0x…` or `reg:<n>`). */
export interface VectorLocal {
  readonly name: string;
  readonly place: string;
  readonly bytes: Uint8Array;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

interface Entry {
  path: string;
  value: Value;
  target: TargetView;
  children?: Children;
}

export class Inspector {
  readonly pretty: PrettyRegistry;
  private readonly refs = new Map<string, number>();
  private readonly entries = new Map<number, Entry>();
  private nextRef = 1;

  constructor(
    readonly program: Program,
    options: { pretty?: PrettyRegistry } = {},
  ) {
    this.pretty = options.pretty ?? neuronPrinters();
  }

  private ctx(target: TargetView): InspectContext {
    return { program: this.program, target };
  }

  /** Parameters and locals visible at the frame's PC, innermost scope first. */
  locals(target: TargetView): ValueNode[] {
    const ctx = this.ctx(target);
    return this.program.variablesAt(target.pc, target.inlineDepth).map((v) => this.node(target, v.name, variableValue(ctx, v), v.name));
  }

  /** The frame's vector-typed parameters and locals with their bytes (no display work; unreadable ones left out). */
  vectorLocals(target: TargetView): VectorLocal[] {
    const ctx = this.ctx(target);
    const out: VectorLocal[] = [];
    for (const v of this.program.variablesAt(target.pc, target.inlineDepth)) {
      const shape = vectorShape(v.type);
      if (!shape) continue;
      const value = variableValue(ctx, v);
      const place = placeKey(value);
      if (!place) continue;
      try {
        out.push({ name: v.name, place, bytes: Uint8Array.from(readBytes(ctx, value, shape.size)) });
      } catch {
        // unreadable now: nothing to compare with later
      }
    }
    return out;
  }

  /** The bytes of node `ref`'s value (a vector's whole register image). */
  bytes(target: TargetView, ref: number): Result<Uint8Array> {
    const e = this.entries.get(ref);
    if (!e) return { ok: false, error: `no variable with reference ${ref} (stale after the program ran?)` };
    try {
      return { ok: true, value: Uint8Array.from(readBytes(this.ctx(target), e.value)) };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** Writes `bytes` over node `ref`'s value (its memory or registers). */
  writeBytes(target: TargetView, ref: number, bytes: Uint8Array): Result<true> {
    const e = this.entries.get(ref);
    if (!e) return { ok: false, error: `no variable with reference ${ref} (stale after the program ran?)` };
    try {
      if (e.value.bits || e.value.place.kind === 'bytes' || e.value.place.kind === 'unavailable') throw new InspectError('cannot write: the value has no place in memory or registers');
      writePlace(this.ctx(target), e.value.place, bytes);
      return { ok: true, value: true };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** Variables at namespace scope. */
  globals(target: TargetView): ValueNode[] {
    const ctx = this.ctx(target);
    return this.program.globals().map((v) => this.node(target, v.name, variableValue(ctx, v), v.name));
  }

  /** Children of a node: named ones first, then indexed ones from `start` (at most `count`). */
  children(target: TargetView, ref: number, start = 0, count?: number): Result<ValueNode[]> {
    const e = this.entries.get(ref);
    if (!e) return { ok: false, error: `no variable with reference ${ref} (stale after the program ran?)` };
    try {
      const ctx = this.ctx(target);
      const ch = e.target === target && e.children ? e.children : this.pretty.children(ctx, e.value);
      if (!ch) return { ok: true, value: [] };
      const out: ValueNode[] = [];
      if (start === 0) for (const c of ch.named) out.push(this.childNode(target, e.path, c));
      if (ch.indexed) {
        const n = ch.indexed.count;
        const end = count === undefined ? n : Math.min(n, start + count);
        for (let i = start; i < end; i++) out.push(this.childNode(target, e.path, ch.indexed.at(i)));
      }
      return { ok: true, value: out };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** Evaluates a C++ expression in the frame. */
  evaluate(target: TargetView, expr: string): Result<ValueNode> {
    try {
      const v = new Evaluator(this.ctx(target), this.pretty).evaluate(expr);
      return { ok: true, value: this.node(target, expr, v, expr) };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** The raw Value of an expression (for callers that compute with it). */
  evaluateValue(target: TargetView, expr: string): Result<Value> {
    try {
      return { ok: true, value: new Evaluator(this.ctx(target), this.pretty).evaluate(expr) };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** Sets `expr` (an lvalue: variable, member, element, *p) to the value of `valueExpr`. */
  setExpression(target: TargetView, expr: string, valueExpr: string): Result<ValueNode> {
    try {
      const ev = new Evaluator(this.ctx(target), this.pretty);
      const dst = ev.assign(expr, valueExpr);
      return { ok: true, value: this.node(target, expr, dst, expr) };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  /** Sets the child `name` of the node `ref` (0: a local of the frame). */
  setVariable(target: TargetView, ref: number, name: string, valueExpr: string): Result<ValueNode> {
    try {
      const ev = new Evaluator(this.ctx(target), this.pretty);
      let dst: Value | undefined;
      if (ref === 0) dst = ev.evaluate(name);
      else {
        const e = this.entries.get(ref);
        if (!e) throw new InspectError(`no variable with reference ${ref}`);
        const ch = this.pretty.children(this.ctx(target), e.value);
        const named = ch?.named.find((c) => c.name === name);
        const m = /^\[(\d+)\]$/.exec(name);
        dst = named?.value ?? (m && ch?.indexed ? ch.indexed.at(Number(m[1])).value : undefined);
        if (!dst) throw new InspectError(`no member '${name}'`);
      }
      const written = ev.assignValue(dst, ev.evaluate(valueExpr));
      return { ok: true, value: this.node(target, name, written, undefined) };
    } catch (err) {
      return { ok: false, error: message(err) };
    }
  }

  private childNode(target: TargetView, parentPath: string, c: Child): ValueNode {
    let path: string | undefined;
    if (c.path === '*') path = `(*${parentPath})`;
    else if (c.path) path = `${parentPath}${c.path}`;
    return this.node(target, c.name, c.value, path, c.display, `${parentPath}/${c.name}`);
  }

  private node(target: TargetView, name: string, v: Value, evaluateName: string | undefined, display?: string, key?: string): ValueNode {
    const ctx = this.ctx(target);
    let children: Children | undefined;
    try {
      children = v.place.kind === 'unavailable' ? undefined : this.pretty.children(ctx, v);
    } catch {
      children = undefined;
    }
    const hasChildren = !!children && (children.named.length > 0 || (children.indexed?.count ?? 0) > 0);
    let ref = 0;
    if (hasChildren) {
      const k = key ?? evaluateName ?? name;
      ref = this.refs.get(k) ?? 0;
      if (!ref) {
        ref = this.nextRef++;
        this.refs.set(k, ref);
      }
      this.entries.set(ref, { path: evaluateName ?? k, value: v, target, children });
    }
    const addr = addressOf(v);
    const shape = vectorShape(v.type);
    return {
      name,
      type: v.type.name || strip(v.type).name,
      value: display ?? this.pretty.format(ctx, v),
      ref,
      namedCount: hasChildren ? children!.named.length : undefined,
      indexedCount: hasChildren && children!.indexed ? children!.indexed.count : undefined,
      address: addr === undefined ? undefined : typeof addr === 'bigint' ? `hbm:${hex(addr)}` : hex(addr),
      evaluateName,
      ...(shape && ref ? { vector: shape, place: placeKey(v) } : {}),
    };
  }
}

/** Where a value lives, as a key across stops: `0x…` (local memory) or `reg:<n>`; undefined otherwise. */
function placeKey(v: Value): string | undefined {
  if (v.bits) return undefined;
  if (v.place.kind === 'memory') return hex(v.place.addr >>> 0);
  if (v.place.kind === 'register') return `reg:${v.place.reg}`;
  return undefined;
}

function message(err: unknown): string {
  if (err instanceof InspectError) return err.message;
  if (err instanceof Error) return `internal error while inspecting: ${err.message}`;
  return String(err);
}
