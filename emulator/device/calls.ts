// The device calls a core makes with SIMCALL (abi.ts DEVICE_CALL): mapWindow, dma, tensorCreate,
// report, tcmEvent and logWritten — the host side of the contract. Each returns its result in a2;
// a fatal fault stops the core (Cpu.stop) and the device ends the run.

import type { Cpu } from '../core/cpu';
import { DEVICE_CALL, DMA_TO_HBM, DMA_TO_LOCAL, REPORT, REPORT_IGNORED, TCM_EVENT, TENSOR_HANDLE, TENSOR_IMPL } from '../../target/q7/abi';
import type { DeviceCore } from './core';
import { TCM_RANGE } from './core';
import type { DeviceLocation } from './symbols';
import type { FaultKind, FaultLog, Sanitizer } from './faults';
import type { Hbm } from './hbm';
import { contiguousStrides, allocImpl, readImpl } from './objects';
import { DeviceMemoryError } from './guest-memory';
import { HbmFullError, formatBytes } from './hbm';
import { ACCESS_NAMES } from './accessors';
import type { RelatedAccess } from './faults';

/** The device as its calls use it (device.ts's Device, which dispatches to them), so the two files do
 *  not import each other. */
export interface CalledDevice {
  readonly cores: readonly DeviceCore[];
  readonly hbm: Hbm;
  readonly faults: FaultLog;
  readonly sanitize: ReadonlySet<Sanitizer>;
  readonly warnedAccessor: Set<number>;
  fault(core: DeviceCore, kind: FaultKind, message: string, extra?: { tensor?: string; index?: string; fatal?: boolean; location?: DeviceLocation; related?: RelatedAccess }): void;
  locate(core: DeviceCore): DeviceLocation | undefined;
  noteDstWrite(core: DeviceCore, hbmAddr: number, n: number, what: 'copy' | 'store'): void;
  streamLog(core: DeviceCore): void;
  trackInit(addr: number, len: number): void;
}

const u = (v: number) => v >>> 0;
const u64 = (lo: number, hi: number) => u(hi) * 2 ** 32 + u(lo);

export function deviceCall(dev: CalledDevice, core: DeviceCore, c: Cpu): boolean {
  try {
    if (!serve(dev, core, c)) return false;
  } catch (e) {
    // a guest pointer the device cannot follow, or the device heap exhausted: a fault, not a crash
    if (!(e instanceof DeviceMemoryError || e instanceof RangeError)) throw e;
    dev.fault(core, 'bus-error', `device call ${u(c.a[2]).toString(16)}: ${e.message}`);
  }
  if (dev.faults.fatal) c.stop = { kind: 'exit', code: -1 };
  return true;
}

function serve(dev: CalledDevice, core: DeviceCore, c: Cpu): boolean {
  const a = c.a;
  const ok = (r = 0) => {
    a[2] = r;
    a[3] = 0;
  };
  switch (u(a[2])) {
    case DEVICE_CALL.mapWindow:
      mapWindow(dev, core, u(a[3]), u64(a[4], a[5]));
      ok();
      break;
    case DEVICE_CALL.dma:
      dma(dev, core, u(a[3]), u64(a[4], a[5]), u(a[6]), u(a[7]));
      ok();
      break;
    case DEVICE_CALL.tensorCreate:
      ok(tensorCreate(dev, core, u(a[3]), u(a[4]), u(a[5])));
      break;
    case DEVICE_CALL.report:
      ok(report(dev, core, u(a[3]), u(a[4]), [a[5] | 0, a[6] | 0, a[7] | 0]) ? 0 : REPORT_IGNORED);
      break;
    case DEVICE_CALL.tcmEvent:
      tcmEvent(dev, core, u(a[3]), u(a[4]), u(a[5]));
      ok();
      break;
    case DEVICE_CALL.logWritten:
      dev.streamLog(core);
      ok();
      break;
    case DEVICE_CALL.checkDtype:
      checkDtype(dev, core, u64(a[3], a[4]), a[5] | 0, u(a[6]));
      ok();
      break;
    default:
      return false;
  }
  return true;
}

function mapWindow(dev: CalledDevice, core: DeviceCore, ctx: number, addr: number): void {
  if (ctx !== core.ctx) {
    dev.fault(core, 'bus-error', `mapWindow with translation context 0x${ctx.toString(16)}, not this core's (0x${core.ctx.toString(16)})`);
    return;
  }
  if (dev.cores.length > 1 && !dev.warnedAccessor.has(core.id)) {
    dev.warnedAccessor.add(core.id);
    dev.fault(core, 'multicore-rule', 'a standard accessor (neuron_translate) is used in multicore mode, where only TCM accessors are legal', { fatal: false });
  }
  core.windows.map(addr);
}

function dma(dev: CalledDevice, core: DeviceCore, local: number, hbmAddr: number, n: number, dir: number): void {
  if (dir !== DMA_TO_LOCAL && dir !== DMA_TO_HBM) {
    dev.fault(core, 'bus-error', `DMA direction ${dir} (expected ${DMA_TO_LOCAL} or ${DMA_TO_HBM})`);
    return;
  }
  core.stats.dmaBytes += n;
  const freed = dev.sanitize.has('tcm') ? core.m.memory.firstGuarded(local, n) : undefined;
  if (freed !== undefined) {
    dev.fault(core, 'tcm-use-after-free', useAfterFreeMessage(core, freed, n, dir === DMA_TO_LOCAL ? 'copy into' : 'copy from'));
    return;
  }
  if (dev.sanitize.has('copies')) {
    const t = dev.hbm.tensorAt(hbmAddr) ?? dev.hbm.tensorAt(hbmAddr + n - 1);
    if (t && (hbmAddr < t.addr || hbmAddr + n > t.addr + t.nbytes)) {
      const first = Math.floor((hbmAddr - t.addr) / t.elemSize);
      const count = Math.ceil(n / t.elemSize);
      const numel = t.nbytes / t.elemSize;
      const past = first + count - numel;
      dev.fault(core, 'dma-out-of-bounds', `${dir === DMA_TO_HBM ? 'copy into' : 'copy from'} elements [${first}, ${first + count}) of a tensor of ${numel} elements (${past > 0 ? `${past} past the end` : `${-first} before the start`})`, { tensor: t.name, index: `[${past > 0 ? numel : first}]` });
      return;
    }
  }
  if (dir === DMA_TO_LOCAL) {
    if (dev.sanitize.has('uninitialized')) {
      const bad = dev.hbm.firstUnwritten(hbmAddr, n);
      if (bad !== undefined) {
        const t = dev.hbm.tensorAt(bad);
        dev.fault(core, 'uninitialized-read', 'copy from tensor memory never written (torch::empty)', { tensor: t?.name, index: t ? `[${Math.floor((bad - t.addr) / t.elemSize)}]` : undefined });
        return;
      }
    }
    core.g.write(local, dev.hbm.read(hbmAddr, n));
  } else {
    dev.hbm.write(hbmAddr, core.g.bytes(local, n));
    dev.hbm.noteWrite(hbmAddr, n, core.id);
    dev.noteDstWrite(core, hbmAddr, n, 'copy');
  }
}

function tensorCreate(dev: CalledDevice, core: DeviceCore, sizesPtr: number, ndim: number, scalarType: number): number {
  if (ndim > TENSOR_IMPL.maxDims) {
    dev.fault(core, 'check-failed', `tensor with ${ndim} dimensions (at most ${TENSOR_IMPL.maxDims})`);
    return 0;
  }
  const sizes: number[] = [];
  for (let d = 0; d < ndim; d++) sizes.push(core.g.i64(sizesPtr + 8 * d));
  if (sizes.some((s) => s < 0)) {
    dev.fault(core, 'check-failed', `tensor with negative size (${sizes.join(', ')})`);
    return 0;
  }
  const elem = elementSize(scalarType);
  const numel = sizes.reduce((x, y) => x * y, 1);
  let addr: number;
  try {
    addr = dev.hbm.alloc(numel * elem);
  } catch (e) {
    if (!(e instanceof HbmFullError)) throw e;
    dev.fault(core, 'out-of-memory', `a tensor of ${sizes.join('x')} elements of ${elem} bytes needs ${formatBytes(numel * elem)}, more than the HBM has free (${formatBytes(e.free)} of ${formatBytes(e.capacity)}; --hbm-size)`);
    return 0;
  }
  const where = dev.locate(core);
  dev.hbm.addTensor({ name: where ? `created at ${where.file.split('/').pop()}:${where.line}` : 'created by the kernel', addr, nbytes: numel * elem, elemSize: elem, shape: sizes, scalarType });
  if (dev.sanitize.has('uninitialized')) dev.trackInit(addr, numel * elem);
  return allocImpl(core.g, { sizes, strides: contiguousStrides(sizes), numel, hbmAddr: addr, ctxPtr: core.ctx, scalarType });
}

const DTYPE_NAMES: Record<number, string> = { 0: 'uint8', 1: 'int8', 2: 'int16', 3: 'int32', 4: 'int64', 5: 'float16', 6: 'float32', 7: 'float64', 15: 'bfloat16' };
const CPP_TYPES: Record<number, string> = { 0: 'uint8_t', 1: 'int8_t', 2: 'int16_t', 3: 'int32_t', 4: 'int64_t', 6: 'float', 7: 'double' };

/** An accessor or copy of element type `dtype` on the tensor at `hbmAddr`: a fault when the tensor's dtype differs. */
function checkDtype(dev: CalledDevice, core: DeviceCore, hbmAddr: number, dtype: number, what: number): void {
  const t = dev.hbm.tensorAt(hbmAddr);
  // the SDK's stream constructors make this call: in multicore mode only TCM accessors are legal
  if (dev.cores.length > 1 && what) {
    const via = core.g.cstring(what);
    if (/^(read|write)_stream_accessor$/.test(via)) {
      dev.fault(core, 'multicore-rule', `a stream accessor (${via}) is used in multicore mode, where only TCM accessors are legal`, { fatal: false, tensor: t?.name });
    }
  }
  if (!t || t.scalarType === dtype) return;
  const name = (st: number) => DTYPE_NAMES[st] ?? `dtype ${st}`;
  const via = what ? core.g.cstring(what) : 'accessor';
  const verb = /tcm_to_tensor|write_stream/.test(via) ? 'writes' : 'reads';
  dev.fault(core, 'dtype-mismatch', `${via}<${CPP_TYPES[dtype] ?? name(dtype)}> ${verb} ${name(dtype)} elements ${verb === 'reads' ? 'from' : 'into'} tensor ${t.name} of dtype ${name(t.scalarType)} (the bytes would be reinterpreted)`, { tensor: t.name });
}

/** `what` (a load, a store, a copy) of TCM at `addr` that tcm_free released. */
export function useAfterFreeMessage(core: DeviceCore, addr: number, size: number, what: string): string {
  const b = core.freedBlockAt(addr);
  const where = b ? `, ${addr - b.ptr} bytes into the ${b.size}-byte block at 0x${b.ptr.toString(16)}` : '';
  return `${what} ${size} bytes of TCM at 0x${addr.toString(16)}${where}, after tcm_free released it`;
}

export function elementSize(st: number): number {
  return st === 0 || st === 1 ? 1 : st === 2 || st === 5 || st === 15 ? 2 : st === 4 || st === 7 ? 8 : 4;
}

/** The tensor a CoherencyEnforcer (inside a Tensor handle) belongs to. */
export function tensorOfEnforcer(dev: CalledDevice, core: DeviceCore, enforcer: number): string | undefined {
  try {
    const impl = core.g.u32(enforcer - TENSOR_HANDLE.enforcer + TENSOR_HANDLE.impl);
    return dev.hbm.tensorAt(readImpl(core.g, impl).hbmAddr)?.name;
  } catch {
    return undefined;
  }
}

/** The open access a conflict on `enforcer` is with (DeviceOptions.trackAccessors), as the fault's related access. */
function earlierAccess(dev: CalledDevice, core: DeviceCore, enforcer: number): RelatedAccess | undefined {
  const c = core.accessors?.conflict(enforcer);
  if (!c?.earlier) return undefined;
  const e = c.earlier;
  return { what: ACCESS_NAMES[e.kind], core: e.core, pc: e.pc, location: e.location, tensor: tensorOfEnforcer(dev, core, enforcer), now: ACCESS_NAMES[c.now.kind] };
}

/** Handles a report; false when its sanitizer is switched off (the device ignores it). */
function report(dev: CalledDevice, core: DeviceCore, kind: number, msg: number, arg: number[]): boolean {
  const text = () => (msg ? core.g.cstring(msg) : '');
  switch (kind) {
    case REPORT.coherency:
      if (!dev.sanitize.has('coherency')) return false;
      dev.fault(core, 'coherency', text(), { tensor: tensorOfEnforcer(dev, core, u(arg[0])), related: earlierAccess(dev, core, u(arg[0])) });
      return true;
    case REPORT.coherencyWarning:
      if (!dev.sanitize.has('coherency')) return false;
      dev.fault(core, 'coherency-warning', text(), { fatal: false, tensor: tensorOfEnforcer(dev, core, u(arg[0])), related: earlierAccess(dev, core, u(arg[0])) });
      return true;
    case REPORT.outOfBounds:
      if (!dev.sanitize.has('bounds')) return false;
      dev.fault(core, 'out-of-bounds', `index ${arg[0]} is out of bounds for dimension ${arg[2]} of size ${arg[1]}`, {
        tensor: tensorOfEnforcer(dev, core, msg),
        index: `[${arg[0]}] in dimension ${arg[2]}`,
      });
      return true;
    case REPORT.badTcmFree:
      if (!dev.sanitize.has('tcm')) return false;
      dev.fault(core, 'bad-tcm-free', `tcm_free(0x${u(arg[0]).toString(16)}): pointer not returned by tcm_malloc`);
      return true;
    case REPORT.checkFailed:
      dev.fault(core, 'check-failed', `TORCH_CHECK(${text()}) failed`);
      return true;
    case REPORT.assertFailed:
      dev.fault(core, 'assertion-failed', `assert(${text()}) failed`);
      return true;
    case REPORT.copyOutOfBounds:
      if (!dev.sanitize.has('copies')) return false;
    {
      const [from, count, numel] = [u(arg[0]), u(arg[1]), u(arg[2])];
      let t;
      try {
        t = msg ? dev.hbm.tensorAt(core.g.u64(msg)) : undefined;
      } catch {
        t = undefined;
      }
      dev.fault(core, 'copy-out-of-bounds', `copy of elements [${from}, ${from + count}) of ${t ? `tensor ${t.name}` : 'a tensor'} of ${numel} elements (${from + count - numel} past the end)`, { tensor: t?.name, index: `[${numel}]` });
    }
      return true;
    default:
      dev.fault(core, 'bus-error', `report call with unknown kind ${kind}`);
      return true;
  }
}

function tcmEvent(dev: CalledDevice, core: DeviceCore, event: number, ptr: number, n: number): void {
  if (!dev.sanitize.has('tcm')) return;
  if (event === TCM_EVENT.alloc) {
    if (ptr === 0) return;
    core.tcmLive.set(ptr, n);
    for (const [p, m] of [...core.tcmFreed]) if (p < ptr + n && ptr < p + m) core.tcmFreed.delete(p);
    core.guardTcm(ptr, n, false);
    core.stats.tcmHighWater = Math.max(core.stats.tcmHighWater, ptr + n - TCM_RANGE.lo);
  } else if (event === TCM_EVENT.free) {
    if (ptr === 0) return;
    const size = core.tcmLive.get(ptr);
    if (size === undefined) {
      dev.fault(core, 'bad-tcm-free', `tcm_free(0x${ptr.toString(16)}): pointer not returned by tcm_malloc`);
      return;
    }
    core.tcmLive.delete(ptr);
    core.tcmFreed.set(ptr, size);
    core.guardTcm(ptr, size, true);
  }
}
