// The Vector scope of a stopped core with the IVP unit (the q7 core): v0..v31 as typed lanes (int8×64 …
// f32×16, switchable for the scope or one register), the wide accumulators wv0..wv3 in their lane types
// (24, 48, 64 bits), the predicates vb0..vb15 as bits (one per lane of a vbool2N/vboolN/vboolN_2 view),
// the alignment registers u0..u3 as bytes. Lanes that changed since the core's previous stop read
// "value (was old)"; every lane is writable; each register has a memory reference `ivp:<name>` that
// readMemory/writeMemory serve from the register file. Plain trees (ViewNode), no DAP.

import type { Machine } from '../emulator';
import { type LaneType, VECTOR_LANES, WIDE_LANES, laneType, readLane, writeLane } from './lanes';
import type { ViewNode } from './view-node';

/** The predicate views: lanes of a vbool register (each lane owns 64 / lanes bits; reads the lowest). */
const PRED_VIEWS: readonly { name: string; lanes: number }[] = [
  { name: 'vbool2N', lanes: 64 },
  { name: 'vboolN', lanes: 32 },
  { name: 'vboolN_2', lanes: 16 },
];

/** One register file: its register names' prefix, count, bytes per register, accessors. */
interface RegFile {
  readonly prefix: 'v' | 'wv' | 'vb' | 'u';
  readonly count: number;
  readonly bytes: number;
  read(m: Machine, n: number): Uint8Array;
  write(m: Machine, n: number, b: Uint8Array): void;
}

export function predBytes(mask: bigint): Uint8Array {
  const b = new Uint8Array(8);
  for (let k = 0; k < 8; k++) b[k] = Number((mask >> BigInt(8 * k)) & 0xffn);
  return b;
}

export function bytesMask(b: Uint8Array): bigint {
  let v = 0n;
  for (let k = 7; k >= 0; k--) v = (v << 8n) | BigInt(b[k]);
  return v;
}

const FILES: readonly RegFile[] = [
  { prefix: 'v', count: 32, bytes: 64, read: (m, n) => m.readVector(n), write: (m, n, b) => m.writeVector(n, b) },
  { prefix: 'wv', count: 4, bytes: 192, read: (m, n) => m.readWide(n), write: (m, n, b) => m.writeWide(n, b) },
  { prefix: 'vb', count: 16, bytes: 8, read: (m, n) => predBytes(m.readPredicate(n)), write: (m, n, b) => m.writePredicate(n, bytesMask(b)) },
  { prefix: 'u', count: 4, bytes: 64, read: (m, n) => m.readAlign(n), write: (m, n, b) => m.writeAlign(n, b) },
];

/** A register by name (`v3`, `wv0`, `vb15`, `u1`), or undefined. */
export function vectorRegister(name: string): { file: RegFile; n: number } | undefined {
  const r = /^(v|wv|vb|u)(\d+)$/.exec(name);
  if (!r) return undefined;
  const file = FILES.find((f) => f.prefix === r[1])!;
  const n = Number(r[2]);
  return n < file.count ? { file, n } : undefined;
}

type Files = Map<string, Uint8Array>;

function capture(m: Machine): Files {
  const out: Files = new Map();
  for (const f of FILES) for (let n = 0; n < f.count; n++) out.set(`${f.prefix}${n}`, f.read(m, n));
  return out;
}

/** A vector variable's bytes at a stop, by its storage (`0x…` or `reg:<n>`, as debuginfo names it). */
export type VariableBytes = ReadonlyMap<string, Uint8Array>;

/** The scope's settings (lane types) and each core's register and vector-variable state at its last two stops. */
export class VectorState {
  lanes: LaneType = laneType(VECTOR_LANES, 'int16x32');
  wide: LaneType = laneType(WIDE_LANES, 'int48x32');
  /** Per register name (or variable key): a lane type (or predicate view) chosen for it alone. */
  readonly perRegister = new Map<string, string>();
  private readonly last = new Map<number, Files>();
  private readonly base = new Map<number, Files>();
  private readonly varsLast = new Map<number, VariableBytes>();
  private readonly varsBase = new Map<number, VariableBytes>();

  /**
   * Every core has stopped: what each held at its previous stop becomes what "changed" compares with.
   * `variables(core)` gives the vector variables of the core's frames now.
   */
  stopped(machines: readonly Machine[], variables?: (core: number) => VariableBytes): void {
    machines.forEach((m, core) => {
      if (!m.hasVectorUnit) return;
      const now = capture(m);
      this.base.set(core, this.last.get(core) ?? now);
      this.last.set(core, now);
      if (!variables) return;
      const vars = variables(core);
      this.varsBase.set(core, this.varsLast.get(core) ?? vars);
      this.varsLast.set(core, vars);
    });
  }

  /** A new run: nothing has changed yet. */
  reset(): void {
    this.last.clear();
    this.base.clear();
    this.varsLast.clear();
    this.varsBase.clear();
  }

  previous(core: number, reg: string): Uint8Array | undefined {
    return this.base.get(core)?.get(reg);
  }

  /** A vector variable's bytes at the core's previous stop, by its storage. */
  previousVariable(core: number, place: string): Uint8Array | undefined {
    return this.varsBase.get(core)?.get(place);
  }
}

function leafSetting(name: string, value: () => string, set: (text: string) => void): ViewNode {
  return {
    name,
    value: value(),
    type: 'lane type',
    viewOnly: true,
    set: (text) => {
      set(text);
      return value();
    },
  };
}

const SUMMARY_LANES = 8;

function summary(type: string, values: string[], changed: number): string {
  const shown = values.slice(0, SUMMARY_LANES).join(', ') + (values.length > SUMMARY_LANES ? ', …' : '');
  return `${type} {${shown}}${changed ? ` · ${changed} changed` : ''}`;
}

/** The bytes a lane view shows: read now, written back, and what they were at the core's previous stop. */
export interface LaneBytes {
  read(): Uint8Array;
  write(b: Uint8Array): void;
  readonly old?: Uint8Array;
}

/** How a lane node names itself: its name, the key of its own lane setting, its C type, references. */
export interface LaneLabel {
  readonly name: string;
  readonly key: string;
  /** The node's type (a variable's C type); default: the lane type's name. */
  readonly type?: string;
  readonly evaluateName?: string;
  readonly memoryReference?: string;
}

/** Typed lanes over `src`: a summary, its own `lanes` setting (one of `choices`), then `[0]`, `[1]`, …. */
export function laneNode(state: VectorState, label: LaneLabel, choices: readonly LaneType[], fallback: LaneType, src: LaneBytes): ViewNode {
  const own = state.perRegister.get(label.key);
  const t = own ? laneType(choices, own) : fallback;
  const bytes = src.read();
  const old = src.old;
  const values = Array.from({ length: t.lanes }, (_, i) => readLane(bytes, t, i));
  const was = (i: number) => (old ? readLane(old, t, i) : values[i]);
  const changed = values.filter((v, i) => v !== was(i)).length;
  const laneText = (i: number, v: string) => (v !== was(i) ? `${v} (was ${was(i)})` : v);
  return {
    name: label.name,
    value: summary(t.name, values, changed),
    type: label.type ?? t.name,
    evaluateName: label.evaluateName,
    memoryReference: label.memoryReference,
    // the whole register from text: one value for every lane, or `{a, b, …}` with one per lane
    set: (text) => {
      const list = /^\s*\{(.*)\}\s*$/.exec(text);
      const items = list ? list[1].split(',') : [text];
      if (items.length !== 1 && items.length !== t.lanes) throw new Error(`expected one value for every lane or ${t.lanes} values in braces, got ${items.length}`);
      const b = src.read();
      for (let i = 0; i < t.lanes; i++) writeLane(b, t, i, items[items.length === 1 ? 0 : i]);
      src.write(b);
      return laneNode(state, label, choices, fallback, src).value;
    },
    children: () => [
      leafSetting('lanes', () => state.perRegister.get(label.key) ?? fallback.name, (text) => state.perRegister.set(label.key, laneType(choices, text).name)),
      ...values.map((v, i) => ({
        name: `[${i}]`,
        value: laneText(i, v),
        type: t.name.replace(/x\d+$/, ''),
        set: (text: string) => {
          const b = src.read();
          writeLane(b, t, i, text);
          src.write(b);
          return laneText(i, readLane(src.read(), t, i));
        },
      })),
    ],
  };
}

/** A narrow vector, wide or alignment register as typed lanes. */
function laneRegister(state: VectorState, m: Machine, core: number, file: RegFile, n: number): ViewNode {
  const reg = `${file.prefix}${n}`;
  const fallback = file.prefix === 'wv' ? state.wide : state.lanes;
  const choices = file.prefix === 'wv' ? WIDE_LANES : VECTOR_LANES;
  const src: LaneBytes = { read: () => file.read(m, n), write: (b) => file.write(m, n, b), old: state.previous(core, reg) };
  return laneNode(state, { name: reg, key: reg, evaluateName: `$${reg}`, memoryReference: `ivp:${reg}` }, choices, fallback, src);
}

/** A predicate's mask now, written back, and at the core's previous stop. */
export interface MaskBits {
  read(): bigint;
  write(mask: bigint): void;
  readonly old?: bigint;
}

/** A predicate as bits, lane 0 first (each lane owns 64 / lanes bits and reads the lowest). */
export function predicateNode(state: VectorState, label: LaneLabel, fallbackLanes: number, src: MaskBits): ViewNode {
  const own = state.perRegister.get(label.key);
  const view = PRED_VIEWS.find((p) => p.name === own) ?? PRED_VIEWS.find((p) => p.lanes === fallbackLanes) ?? PRED_VIEWS[1];
  const per = 64 / view.lanes;
  const bitsOf = (mask: bigint) => Array.from({ length: view.lanes }, (_, i) => Number((mask >> BigInt(i * per)) & 1n));
  const mask = src.read();
  const now = bitsOf(mask);
  const before = src.old !== undefined ? bitsOf(src.old) : now;
  const changed = now.filter((b, i) => b !== before[i]).length;
  const laneText = (i: number, b: number) => (b !== before[i] ? `${b} (was ${before[i]})` : String(b));
  return {
    name: label.name,
    value: `${view.name} ${now.join('')} (0x${mask.toString(16).padStart(16, '0')})${changed ? ` · ${changed} changed` : ''}`,
    type: label.type ?? view.name,
    evaluateName: label.evaluateName,
    memoryReference: label.memoryReference,
    children: () => [
      leafSetting('lanes', () => state.perRegister.get(label.key) ?? view.name, (text) => {
        const p = PRED_VIEWS.find((x) => x.name === text.trim());
        if (!p) throw new Error(`'${text}' is not a predicate view (one of ${PRED_VIEWS.map((x) => x.name).join(', ')})`);
        state.perRegister.set(label.key, p.name);
      }),
      ...now.map((b, i) => ({
        name: `[${i}]`,
        value: laneText(i, b),
        type: 'bool',
        set: (text: string) => {
          const t = text.trim();
          if (!/^(0|1|true|false)$/.test(t)) throw new Error(`'${text}' is not a predicate bit (0, 1, true or false)`);
          const laneBits = ((1n << BigInt(per)) - 1n) << BigInt(i * per);
          const cur = src.read();
          src.write(t === '1' || t === 'true' ? cur | laneBits : cur & ~laneBits);
          return laneText(i, Number((src.read() >> BigInt(i * per)) & 1n));
        },
      })),
    ],
  };
}

/** A predicate register: its lanes as bits, lane 0 first. */
function predicateRegister(state: VectorState, m: Machine, core: number, n: number): ViewNode {
  const reg = `vb${n}`;
  const old = state.previous(core, reg);
  const src: MaskBits = { read: () => m.readPredicate(n), write: (mask) => m.writePredicate(n, mask), old: old ? bytesMask(old) : undefined };
  return predicateNode(state, { name: reg, key: reg, evaluateName: `$${reg}`, memoryReference: `ivp:${reg}` }, state.lanes.lanes, src);
}

/** One register of the Vector scope by name (`v3`, `wv1`, `vb2`, `u0`). */
export function vectorNode(state: VectorState, m: Machine, core: number, name: string): ViewNode | undefined {
  const r = vectorRegister(name);
  if (!r || !m.hasVectorUnit) return undefined;
  return r.file.prefix === 'vb' ? predicateRegister(state, m, core, r.n) : laneRegister(state, m, core, r.file, r.n);
}

/** The Vector scope: the lane-type settings, then v0..v31, wv0..wv3, vb0..vb15, u0..u3. */
export function vectorView(state: VectorState, m: Machine, core: number): ViewNode[] {
  const out: ViewNode[] = [
    leafSetting('lanes', () => state.lanes.name, (text) => {
      state.lanes = laneType(VECTOR_LANES, text);
      for (const [reg] of state.perRegister) if (/^(v|vb|u)\d+$/.test(reg)) state.perRegister.delete(reg);
    }),
    leafSetting('wide lanes', () => state.wide.name, (text) => {
      state.wide = laneType(WIDE_LANES, text);
      for (const [reg] of state.perRegister) if (/^wv\d+$/.test(reg)) state.perRegister.delete(reg);
    }),
  ];
  for (const f of FILES) for (let n = 0; n < f.count; n++) out.push(vectorNode(state, m, core, `${f.prefix}${n}`)!);
  return out;
}

/** The bytes behind a register's memory reference (`ivp:v3`), to read and write. */
export function registerMemory(m: Machine, ref: string): { read(): Uint8Array; write(b: Uint8Array): void } | undefined {
  const r = /^ivp:(\w+)$/.exec(ref.trim());
  if (!r) return undefined;
  const reg = vectorRegister(r[1]);
  if (!reg) throw new Error(`'memoryReference': '${ref}' names no IVP register (v0..v31, wv0..wv3, vb0..vb15, u0..u3)`);
  if (!m.hasVectorUnit) throw new Error(`'memoryReference': this core has no IVP vector unit`);
  return { read: () => reg.file.read(m, reg.n), write: (b) => reg.file.write(m, reg.n, b) };
}
