// The provider/loader lifecycle of the second seed, as the device's launcher drives it: context
// creation (API level 3, else VERSION), core creation on a device mailbox, the boot claim handshake
// (read UNCLAIMED at mailbox+0, write CLAIMED), log ring / DGE priority map / pc-bounds set-up (each
// requiring a booted core), the single 0x40-byte load (or unload) record, and core destruction, which
// releases the mailbox by writing UNCLAIMED back to +0. All device I/O goes through an rw accessor,
// as the provider's rw_impl vtable does.

import { CLAIM_CLAIMED, CLAIM_UNCLAIMED, MAILBOX } from './abi';

/** nrtucode_result_t. */
export const RESULT = {
  SUCCESS: 0, UNKNOWN_CORE: 1, UNKNOWN_IMAGE: 2, MISSING_IMAGE: 3, VERSION: 4, ALLOCATION: 5, IO: 6, ENOSPC: 7, INVALID: 8, RELOCATION: 9,
} as const;
export type ResultCode = (typeof RESULT)[keyof typeof RESULT];
export const RESULT_NAMES = Object.fromEntries(Object.entries(RESULT).map(([k, v]) => [v, k])) as Record<number, string>;

export const PROVIDER_API_LEVEL = 3;
/** Scheme B core kinds (NRTUCODE_CORE_*_NX_POOL), stored in the core object. */
export const POOL_CORE_KINDS = [2, 9, 17, 25] as const;

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
  return { apiLevel, rw };
}

export function coreCreate(ctx: ProviderContext, kind: number, mailbox: number): ProviderCore {
  if (!(POOL_CORE_KINDS as readonly number[]).includes(kind)) throw new ProviderError(RESULT.UNKNOWN_CORE, `core_create(kind ${kind})`);
  return { ctx, kind, mailbox, booted: false };
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
