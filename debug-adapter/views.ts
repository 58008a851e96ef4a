// The Registers and Device views of a stopped core as plain trees (name, value, children, setter),
// with no DAP in them: the window's a0..a15, the physical ARs, PC and the special registers, f0..f15
// and the booleans; the device's window table, TCM pool, stack, mailbox and log ring.

import { COHERENCY_ENFORCER, CSR_BASE, MAILBOX, POLICY, TCM_POOL_SIZE, TENSOR_HANDLE } from '../target/q7/abi';
import { tensorOfEnforcer, ACCESS_NAMES } from '../emulator/device';
import type { Machine } from '../emulator';
import type { KernelSession } from '../session';
import type { FrameValues, StoppedRun } from './locals';
import type { ViewNode } from './view-node';

export type { Lister, ViewNode } from './view-node';

/** The runtime (runtime.ts's Q7Runtime) as the Device view reads it, so this file does not import it. */
export interface DeviceRun extends StoppedRun {
  readonly kernel: KernelSession | undefined;
  readonly coreCount: number;
  coreDone(core: number): boolean;
  frameValues(): FrameValues;
}

export const hex = (v: number, digits = 8): string => `0x${(v >>> 0).toString(16).padStart(digits, '0')}`;

/** A 64-bit HBM address (held exactly in a JS number below 2^53, as the device's HBM allocator hands them out). */
export const hex64 = (v: number, digits = 12): string => `0x${BigInt(v).toString(16).padStart(digits, '0')}`;

/** A register value typed by the user: decimal, 0x hex, negative, or a float for FP registers. */
export function parseRegisterValue(text: string): number {
  const t = text.trim();
  if (!/^-?(0x[0-9a-f]+|\d+)$/i.test(t)) throw new Error(`'${text}' is not an integer (decimal or 0x hex)`);
  const n = t.startsWith('-') ? -Number(t.slice(1)) : Number(t);
  if (!Number.isSafeInteger(n) || n < -(2 ** 31) || n > 2 ** 32 - 1) throw new Error(`'${text}' does not fit in 32 bits`);
  return n >>> 0;
}

function reg(name: string, read: () => number, write?: (v: number) => void): ViewNode {
  return {
    name,
    value: hex(read()),
    type: 'uint32_t',
    memoryReference: hex(read()),
    set: write
      ? (text) => {
          write(parseRegisterValue(text));
          return hex(read());
        }
      : undefined,
  };
}

const SPECIALS = ['sar', 'lbeg', 'lend', 'lcount', 'ps', 'windowbase', 'windowstart', 'exccause', 'excvaddr', 'epc1', 'ccount'];

function tryRead(f: () => number): number | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

export function registerView(m: Machine): ViewNode[] {
  const out: ViewNode[] = [reg('pc', () => m.pc, (v) => (m.pc = v))];
  for (let i = 0; i < 16; i++) out.push(reg(`a${i}`, () => m.readAR(i), (v) => m.writeAR(i, v)));
  for (const s of SPECIALS) if (tryRead(() => m.readSR(s)) !== undefined) out.push(reg(s, () => m.readSR(s), (v) => m.writeSR(s, v)));
  const nareg = m.config.nareg;
  out.push({
    name: 'physical',
    value: `ar0..ar${nareg - 1}`,
    children: () => Array.from({ length: nareg }, (_, i) => reg(`ar${i}`, () => m.readPhysAR(i), (v) => m.writePhysAR(i, v))),
  });
  if (tryRead(() => m.readFR(0)) !== undefined) {
    out.push({
      name: 'fp',
      value: 'f0..f15',
      children: () =>
        Array.from({ length: 16 }, (_, i) => ({
          name: `f${i}`,
          value: `${m.readFRValue(i)} (${hex(m.readFR(i))})`,
          type: 'float',
          set: (text: string) => {
            const v = Number(text);
            if (text.trim() === '' || Number.isNaN(v)) throw new Error(`'${text}' is not a number`);
            const b = new DataView(new ArrayBuffer(4));
            b.setFloat32(0, v, true);
            m.writeFR(i, b.getUint32(0, true));
            return `${m.readFRValue(i)} (${hex(m.readFR(i))})`;
          },
        })),
    });
  }
  const br = tryRead(() => m.readSR('br'));
  if (br !== undefined) {
    out.push({
      name: 'booleans',
      value: hex(br, 4),
      children: () => Array.from({ length: 16 }, (_, i) => ({ name: `b${i}`, value: String((m.readSR('br') >>> i) & 1), type: 'bool' })),
    });
  }
  return out;
}

export function deviceView(rt: DeviceRun, coreId: number): ViewNode[] {
  if (!rt.kernel) return programView(rt);
  const core = rt.kernel.device.cores[coreId];
  const m = core.m;
  const u32 = (a: number) => m.read32(a) ?? 0;
  const leaf = (name: string, value: string | number, type?: string): ViewNode => ({ name, value: typeof value === 'number' ? String(value) : value, type });
  const out: ViewNode[] = [leaf('core', `${coreId} of ${rt.coreCount}${core.done ? ' (finished)' : ''}`)];
  const w = core.windows;
  if (w) {
    rt.kernel.device.settleWindowHits();
    const counted = core.hitCounter !== undefined;
    out.push({
      name: 'windows',
      value: `${w.entries.filter((e) => e.valid).length} of ${w.count} valid, ${hex(w.size, 1)} bytes each, ${w.stats.maps} maps, ${counted ? `${w.stats.hits} hits, ` : ''}${w.stats.evictions} evictions`,
      children: () =>
        w.entries.map((e, k) => ({
          name: `[${k}]`,
          value: e.valid ? `hbm ${hex64(e.base)} → local ${hex(e.local)}${counted ? `, ${e.hits} hits` : ''}` : 'invalid',
          children: () => [
            leaf('valid', String(e.valid), 'bool'), { name: 'base', value: hex64(e.base), memoryReference: `hbm:${hex64(e.base)}` }, leaf('mask', hex(w.size - 1)), { name: 'local', value: hex(e.local), memoryReference: hex(e.local) }, leaf('generation', e.generation),
            ...(counted ? [leaf('hits', e.hits)] : []),
          ],
        })),
    });
  }
  out.push(enforcersNode(rt, coreId));
  const tcmUsed = [...core.tcmLive.values()].reduce((x, y) => x + y, 0);
  out.push({
    name: 'tcm',
    value: `${tcmUsed} of ${TCM_POOL_SIZE} bytes in ${core.tcmLive.size} blocks (high-water ${core.stats.tcmHighWater})`,
    children: () => [...core.tcmLive].map(([ptr, size]) => ({ name: hex(ptr), value: `${size} bytes`, memoryReference: hex(ptr) })),
  });
  const st = core.stackUse();
  out.push({
    name: 'stack',
    value: `${st.used} bytes used of ${core.stackTop - core.stackLimit}${st.overflow ? ' (overflowed)' : ''}`,
    children: () => [leaf('top', hex(core.stackTop)), leaf('limit', hex(core.stackLimit)), leaf('sp', hex(m.readAR(1))), leaf('high-water', core.stats.stackHighWater)],
  });
  out.push({
    name: 'mailbox',
    value: hex(CSR_BASE),
    children: () => Object.entries(MAILBOX).map(([k, off]) => leaf(k, hex(u32(CSR_BASE + off)))),
  });
  const head = u32(CSR_BASE + MAILBOX.logHead);
  out.push({
    name: 'log',
    value: `${head} bytes written, ring of ${core.logSize}`,
    children: () => {
      const size = u32(CSR_BASE + MAILBOX.logBufSize) || core.logSize;
      const from = Math.max(0, head - Math.min(size, 4096));
      let text = '';
      for (let k = from; k < head; k++) text += String.fromCharCode((m.readMemory(core.logBuf + (k % size), 1) ?? [0])[0]);
      return [leaf('text', JSON.stringify(text), 'string')];
    },
  });
  out.push(leaf('instructions', m.stepCount));
  return out;
}

/** A plain program's "device": the core it runs on and what it has executed. */
function programView(rt: DeviceRun): ViewNode[] {
  const m = rt.machine(0);
  return [
    { name: 'core', value: `${m.config.name} (a plain program${rt.coreDone(0) ? ', finished' : ''})` },
    { name: 'instructions', value: String(m.stepCount) },
  ];
}

/** One node of the `q7/deviceView` answer (the client's Q7 Device tree). */
export interface DeviceTreeNode {
  readonly label: string;
  readonly value?: string;
  readonly children?: DeviceTreeNode[];
}

/** Every core's Device view as one tree, three levels deep. */
export function deviceTree(rt: DeviceRun): DeviceTreeNode[] {
  const conv = (n: ViewNode, depth: number): DeviceTreeNode => {
    const kids = n.children && depth < 3 ? n.children(0, undefined) : [];
    return { label: n.name, value: n.value, children: kids.length ? kids.map((k) => conv(k, depth + 1)) : undefined };
  };
  return Array.from({ length: rt.coreCount }, (_, c) => ({ label: `core ${c}`, value: rt.coreDone(c) ? 'finished' : undefined, children: deviceView(rt, c).map((n) => conv(n, 0)) }));
}

const POLICY_NAMES = Object.fromEntries(Object.entries(POLICY).map(([k, v]) => [v, k]));
const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/**
 * The coherency enforcers of a core's live tensors: each argument tensor's (in the Tensor handle the
 * device made), each Tensor local of the core's frames (DWARF), and every enforcer with an accessor
 * open (seen through the enforcer's acquires): the
 * tensor, the policy and the counts as the SDK's constructors and destructors left them in guest
 * memory, and where each open accessor was made.
 */
export function enforcerList(rt: DeviceRun, coreId: number): ViewNode[] {
  if (!rt.kernel) return [];
  const dev = rt.kernel.device;
  const core = dev.cores[coreId];
  const m = core.m;
  const u32 = (a: number) => m.read32(a) ?? 0;
  const open = core.accessors ? (core.accessors.settle(), core.accessors.open) : [];
  const seen = new Map<number, string | undefined>();
  for (const a of core.argHandles) seen.set(a.handle + TENSOR_HANDLE.enforcer, a.name);
  for (const t of tensorLocals(rt, coreId)) if (!seen.has(t.handle + TENSOR_HANDLE.enforcer)) seen.set(t.handle + TENSOR_HANDLE.enforcer, t.name);
  for (const a of open) if (!seen.has(a.enforcer)) seen.set(a.enforcer, undefined);
  return [...seen].map(([at, argName]) => {
    const readers = u32(at + COHERENCY_ENFORCER.readers) | 0;
    const writers = u32(at + COHERENCY_ENFORCER.writers) | 0;
    const accessors = u32(at + COHERENCY_ENFORCER.unbuffered) | 0;
    const policy = POLICY_NAMES[u32(at + COHERENCY_ENFORCER.policy)] ?? String(u32(at + COHERENCY_ENFORCER.policy));
    const tensor = argName ?? tensorOfEnforcer(dev, core, at) ?? hex(at);
    const mine = open.filter((a) => a.enforcer === at);
    const site = (a: (typeof mine)[number]) => (a.location ? `${a.location.file.split('/').pop()}:${a.location.line}` : hex(a.pc));
    return {
      name: tensor,
      value: `${policy}, ${plural(readers, 'reader')}, ${plural(writers, 'writer')}, ${plural(accessors, 'standard accessor')}`,
      memoryReference: hex(at),
      children: () => [
        { name: 'tensor', value: tensor },
        { name: 'policy', value: policy },
        { name: 'buffered_readers_', value: String(readers), type: 'int' },
        { name: 'buffered_writers_', value: String(writers), type: 'int' },
        { name: 'unbuffered_accessors_', value: String(accessors), type: 'int' },
        { name: 'address', value: hex(at), memoryReference: hex(at) },
        ...mine.map((a, k) => ({ name: `open[${k}]`, value: `${ACCESS_NAMES[a.kind]} made at ${site(a)}`, memoryReference: hex(a.pc) })),
      ],
    };
  });
}

/** The Tensor objects among the locals of a core's frames (DWARF): name and handle address. */
function tensorLocals(rt: DeviceRun, coreId: number): { name: string; handle: number }[] {
  if (rt.coreDone(coreId)) return [];
  const out: { name: string; handle: number }[] = [];
  const fv = rt.frameValues();
  const frames = fv.frames(coreId);
  for (let i = 0; i < frames.length; i++) {
    let locals: ViewNode[];
    try {
      locals = fv.locals(coreId, i);
    } catch {
      continue;
    }
    for (const n of locals) {
      if (!n.type || !/^(const )?(at|torch)::Tensor( ?&)?$/.test(n.type) || !n.memoryReference) continue;
      const at = Number(n.memoryReference);
      // a reference's location holds the handle's address
      const handle = n.type.endsWith('&') ? rt.machine(coreId).read32(at) : at;
      if (handle !== undefined && Number.isSafeInteger(handle) && handle !== 0) out.push({ name: n.name, handle: handle >>> 0 });
    }
  }
  return out;
}

function enforcersNode(rt: DeviceRun, coreId: number): ViewNode {
  const list = enforcerList(rt, coreId);
  return { name: 'enforcers', value: `${list.length} tensor${list.length === 1 ? '' : 's'}`, children: () => enforcerList(rt, coreId) };
}
