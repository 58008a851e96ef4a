// The provider/loader lifecycle of the second seed, as the device's launcher drives it: context
// creation (API level 3, else VERSION), core creation on a device mailbox, the boot claim handshake
// (read UNCLAIMED at mailbox+0, write CLAIMED), log ring / DGE priority map / pc-bounds set-up (each
// requiring a booted core), the single 0x40-byte load (or unload) record, and core destruction, which
// releases the mailbox by writing UNCLAIMED back to +0. All device I/O goes through an rw accessor,
// as the provider's rw_impl vtable does. Scheme A (ext-isa coretypes 6/13/21/29) is the ext-isa /
// loader side: get_ext_isa, get_memory_image and ll_create take it; ll_create on a Cayman coretype
// prelinks into a device buffer under 0x10000 bytes (ENOSPC past it); the load-sequence buffer must
// be 8-byte aligned (INVALID). Scheme B (pool kinds 2/9/17/25) is core_create's. An rw accessor that
// fails is IO; staging the library in HBM that fails is ALLOCATION.

import { CLAIM_CLAIMED, CLAIM_UNCLAIMED, MAILBOX } from '../../target/q7/abi';

/** nrtucode_result_t. */
export const RESULT = {
  SUCCESS: 0, UNKNOWN_CORE: 1, UNKNOWN_IMAGE: 2, MISSING_IMAGE: 3, VERSION: 4, ALLOCATION: 5, IO: 6, ENOSPC: 7, INVALID: 8, RELOCATION: 9,
} as const;
export type ResultCode = (typeof RESULT)[keyof typeof RESULT];
export const RESULT_NAMES = Object.fromEntries(Object.entries(RESULT).map(([k, v]) => [v, k])) as Record<number, string>;

export const PROVIDER_API_LEVEL = 3;
/** Scheme B core kinds (NRTUCODE_CORE_*_NX_POOL), stored in the core object. */
export const POOL_CORE_KINDS = [2, 9, 17, 25] as const;

/** Scheme A ext-isa coretypes (CSWTCH.113 gives [6, 13, 21] for arch_type 2..4; 29 completes the set). */
export const EXT_ISA_CORE_TYPES = [6, 13, 21, 29] as const;
/** SUNDA (NeuronCore-v2): the minimal loader, no prelink cap. The others are CAYMAN (prelink). */
export const SUNDA_CORE_TYPE = 6;
/** Cayman prelink: the library must be smaller than the device buffer (total < 0x10000), else ENOSPC. */
export const CAYMAN_PRELINK_CAP = 0x10000;
/** The memory images get_memory_image serves. */
export const MEMORY_IMAGES = ['IRAM', 'DRAM'] as const;
export type MemoryImage = (typeof MEMORY_IMAGES)[number];

export const LOAD_RECORD_SIZE = 0x40;
export const LOAD_RECORD_TAG = 0x1095;
export const SEQ_LOAD = 1;
export const SEQ_UNLOAD = 2;
export const LOAD_RECORD_FLAG = 0xff;

/** Host ↔ device accessor (rw_impl): little-endian 32-bit words at device addresses. */
export interface DeviceRw {
  read32(addr: number): number;
  write32(addr: number, v: number): void;
}

export class ProviderError extends Error {
  constructor(readonly code: number, what: string) {
    super(`${what}: ${RESULT_NAMES[code] ?? code} (${code})`);
  }
}

export interface ProviderContext {
  readonly apiLevel: number;
  readonly rw: DeviceRw;
}

export interface ProviderCore {
  readonly ctx: ProviderContext;
  readonly kind: number;
  readonly mailbox: number;
  booted: boolean;
}

export interface LoadRecord {
  readonly tag: number;
  readonly seqType: number;
  readonly flag: number;
  readonly payloadPtr: number;
  readonly iramTarget: number;
  readonly payloadLen: number;
}

export function contextCreate(apiLevel: number, rw: DeviceRw): ProviderContext {
  if (apiLevel !== PROVIDER_API_LEVEL) throw new ProviderError(RESULT.VERSION, `context_create(api level ${apiLevel}, expected ${PROVIDER_API_LEVEL})`);
  return { apiLevel, rw: checkedRw(rw) };
}

/** The accessor as the provider uses it: a failed read or write is IO. */
function checkedRw(rw: DeviceRw): DeviceRw {
  const io = (op: string, addr: number, e: unknown) =>
    new ProviderError(RESULT.IO, `rw_impl ${op} at device address 0x${(addr >>> 0).toString(16)} failed (${e instanceof Error ? e.message : String(e)})`);
  return {
    read32: (addr) => {
      try {
        return rw.read32(addr);
      } catch (e) {
        throw io('read', addr, e);
      }
    },
    write32: (addr, v) => {
      try {
        rw.write32(addr, v);
      } catch (e) {
        throw io('write', addr, e);
      }
    },
  };
}

export function coreCreate(ctx: ProviderContext, kind: number, mailbox: number): ProviderCore {
  if (!(POOL_CORE_KINDS as readonly number[]).includes(kind)) {
    const note = (EXT_ISA_CORE_TYPES as readonly number[]).includes(kind) ? ` is a scheme-A ext-isa coretype; core_create takes the scheme-B pool kinds ${POOL_CORE_KINDS.join('/')}` : '';
    throw new ProviderError(RESULT.UNKNOWN_CORE, `core_create(kind ${kind}${note})`);
  }
  return { ctx, kind, mailbox, booted: false };
}

function requireExtIsaCoreType(coreType: number, what: string): void {
  if ((EXT_ISA_CORE_TYPES as readonly number[]).includes(coreType)) return;
  const note = (POOL_CORE_KINDS as readonly number[]).includes(coreType) ? ` is a scheme-B pool kind; ext-isa paths take the scheme-A coretypes ${EXT_ISA_CORE_TYPES.join('/')}` : '';
  throw new ProviderError(RESULT.UNKNOWN_CORE, `${what}(coretype ${coreType}${note})`);
}

/** get_ext_isa: validates a scheme-A coretype; true for the Cayman prelink loader, false for SUNDA's. */
export function getExtIsa(coreType: number): { coreType: number; prelink: boolean } {
  requireExtIsaCoreType(coreType, 'get_ext_isa');
  return { coreType, prelink: coreType !== SUNDA_CORE_TYPE };
}

/**
 * get_memory_image(coretype, which): the image's part for that memory (IRAM: the code payload; DRAM:
 * the data segments' bytes). An unknown memory is UNKNOWN_IMAGE, an empty part MISSING_IMAGE.
 */
export function getMemoryImage(coreType: number, which: string, parts: Partial<Record<MemoryImage, number>>): number {
  requireExtIsaCoreType(coreType, 'get_memory_image');
  if (!(MEMORY_IMAGES as readonly string[]).includes(which)) throw new ProviderError(RESULT.UNKNOWN_IMAGE, `get_memory_image(${which}): not one of ${MEMORY_IMAGES.join(', ')}`);
  const size = parts[which as MemoryImage] ?? 0;
  if (size <= 0) throw new ProviderError(RESULT.MISSING_IMAGE, `get_memory_image(${which}): the image has no ${which} part`);
  return size;
}

export interface LoaderLibrary {
  readonly ctx: ProviderContext;
  readonly coreType: number;
  readonly size: number;
  readonly iramTarget: number;
  /** HBM address of the staged library (ll->dram_alloc), once staged. */
  dramAlloc: number;
}

/**
 * ll_create: a library of \`size\` bytes for a scheme-A coretype; the Cayman prelink cap is ENOSPC.
 * \`stage\` puts the bytes in device memory (its failure is ALLOCATION).
 */
export function llCreate(ctx: ProviderContext, coreType: number, size: number, iramTarget: number, stage?: () => number): LoaderLibrary {
  const isa = getExtIsa(coreType);
  if (isa.prelink && size >= CAYMAN_PRELINK_CAP) {
    throw new ProviderError(RESULT.ENOSPC, `ll_create: library would be larger than the available buffer on device (${size} bytes, the coretype-${coreType} prelink buffer holds under ${CAYMAN_PRELINK_CAP})`);
  }
  let dramAlloc = 0;
  if (stage) {
    try {
      dramAlloc = stage();
    } catch (e) {
      throw new ProviderError(RESULT.ALLOCATION, `ll_create: staging ${size} bytes in device memory failed (${e instanceof Error ? e.message : String(e)})`);
    }
  }
  return { ctx, coreType, size, iramTarget, dramAlloc };
}

/**
 * ll_get_load_sequence / ll_get_unload_sequence: the one record, written into the caller's host
 * instruction buffer at byte \`offset\` (the buffer's address must be 8-byte aligned, else INVALID; the
 * library and the core must share a context, else INVALID). Returns the record's bytes.
 */
export function llGetSequence(ll: LoaderLibrary, core: ProviderCore, seqType: typeof SEQ_LOAD | typeof SEQ_UNLOAD, buf: Uint8Array, offset = 0): Uint8Array {
  const what = seqType === SEQ_LOAD ? 'll_get_load_sequence' : 'll_get_unload_sequence';
  if (ll.ctx !== core.ctx) throw new ProviderError(RESULT.INVALID, `${what}: the library and the core belong to different contexts`);
  const at = buf.byteOffset + offset;
  if (at % 8 !== 0) throw new ProviderError(RESULT.INVALID, `${what}: instruction buffer at offset ${at} is not 8-byte aligned`);
  if (offset < 0 || offset + LOAD_RECORD_SIZE > buf.length) throw new ProviderError(RESULT.INVALID, `${what}: instruction buffer of ${buf.length} bytes has no room for a ${LOAD_RECORD_SIZE}-byte record at ${offset}`);
  const rec = encodeLoadRecord(seqType, ll.dramAlloc, ll.iramTarget, ll.size);
  buf.set(rec, offset);
  return buf.subarray(offset, offset + LOAD_RECORD_SIZE);
}

/** on_ucode_booted: the claim handshake. */
export function onUcodeBooted(core: ProviderCore): void {
  const seen = core.ctx.rw.read32(core.mailbox + MAILBOX.claim) >>> 0;
  if (seen !== CLAIM_UNCLAIMED) throw new ProviderError(RESULT.INVALID, `on_ucode_booted: mailbox+0 holds 0x${seen.toString(16)}, not UNCLAIMED 0x${CLAIM_UNCLAIMED.toString(16)}`);
  core.ctx.rw.write32(core.mailbox + MAILBOX.claim, CLAIM_CLAIMED);
  core.booted = true;
}

function requireBooted(core: ProviderCore, what: string): void {
  if (!core.booted) throw new ProviderError(RESULT.INVALID, `${what} before on_ucode_booted`);
}

export function enableLogs(core: ProviderCore, bufPtr: number, size: number, level: number): void {
  requireBooted(core, 'enable_logs');
  const rw = core.ctx.rw;
  rw.write32(core.mailbox + MAILBOX.logBufSize, size);
  rw.write32(core.mailbox + MAILBOX.logBufPtr, bufPtr);
  rw.write32(core.mailbox + MAILBOX.logBufPtr + 4, 0);
  rw.write32(core.mailbox + MAILBOX.logHead, 0);
  rw.write32(core.mailbox + MAILBOX.maxLogLevel, level);
}

export function setDgePriorityClassMap(core: ProviderCore, map: readonly number[]): void {
  requireBooted(core, 'dge_set_priority_class_map');
  if (map.length !== 5) throw new ProviderError(RESULT.INVALID, `dge_set_priority_class_map: ${map.length} classes, expected 5`);
  map.forEach((v, k) => core.ctx.rw.write32(core.mailbox + MAILBOX.dgePriorityMap + 4 * k, v));
}

export function enablePcBoundsCheck(core: ProviderCore, lo: number, hi: number): void {
  requireBooted(core, 'enable_pc_bounds_check');
  const rw = core.ctx.rw;
  rw.write32(core.mailbox + MAILBOX.pcBoundsLo, lo);
  rw.write32(core.mailbox + MAILBOX.pcBoundsLo + 4, 0);
  rw.write32(core.mailbox + MAILBOX.pcBoundsHi, hi);
  rw.write32(core.mailbox + MAILBOX.pcBoundsHi + 4, 0);
}

/** ll_get_load_sequence / ll_get_unload_sequence: the single record, byte-exact. */
export function encodeLoadRecord(seqType: typeof SEQ_LOAD | typeof SEQ_UNLOAD, payloadPtr: number, iramTarget: number, payloadLen: number): Uint8Array {
  const b = new Uint8Array(LOAD_RECORD_SIZE);
  const v = new DataView(b.buffer);
  v.setUint16(0x00, LOAD_RECORD_TAG, true);
  b[0x0c] = seqType;
  b[0x0d] = LOAD_RECORD_FLAG;
  v.setUint32(0x10, seqType === SEQ_LOAD ? payloadPtr % 2 ** 32 : 0, true);
  v.setUint32(0x14, seqType === SEQ_LOAD ? Math.floor(payloadPtr / 2 ** 32) : 0, true);
  v.setUint32(0x18, iramTarget, true);
  v.setUint32(0x1c, payloadLen, true);
  return b;
}

export function decodeLoadRecord(b: Uint8Array): LoadRecord {
  if (b.length !== LOAD_RECORD_SIZE) throw new ProviderError(RESULT.INVALID, `load record of ${b.length} bytes, expected ${LOAD_RECORD_SIZE}`);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const rec = {
    tag: v.getUint16(0, true),
    seqType: b[0x0c],
    flag: b[0x0d],
    payloadPtr: v.getUint32(0x14, true) * 2 ** 32 + v.getUint32(0x10, true),
    iramTarget: v.getUint32(0x18, true),
    payloadLen: v.getUint32(0x1c, true),
  };
  if (rec.tag !== LOAD_RECORD_TAG) throw new ProviderError(RESULT.INVALID, `load record tag 0x${rec.tag.toString(16)}, expected 0x${LOAD_RECORD_TAG.toString(16)}`);
  if (rec.seqType !== SEQ_LOAD && rec.seqType !== SEQ_UNLOAD) throw new ProviderError(RESULT.INVALID, `load record seq_type ${rec.seqType}`);
  if (rec.flag !== LOAD_RECORD_FLAG) throw new ProviderError(RESULT.INVALID, `load record flag 0x${rec.flag.toString(16)}`);
  return rec;
}

/** core_destroy: releases the mailbox (UNCLAIMED back to +0). */
export function coreDestroy(core: ProviderCore): void {
  core.ctx.rw.write32(core.mailbox + MAILBOX.claim, CLAIM_UNCLAIMED);
  core.booted = false;
}
