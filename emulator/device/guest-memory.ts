// Side-effect-free access to one core's local memory for the device (no faults, no watchpoint hits),
// and the bump allocator of the device heap (translation contexts, handles, impls, argv, log ring).

import type { Machine } from '../machine';
import { DEVICE_HEAP_BASE, DEVICE_HEAP_SIZE } from '../../target/q7/abi';

export class DeviceMemoryError extends Error {}

export class GuestMemory {
  private heapNext = DEVICE_HEAP_BASE;

  constructor(readonly m: Machine) {}

  bytes(addr: number, len: number): Uint8Array {
    const b = this.m.readMemory(addr >>> 0, len);
    if (!b) throw new DeviceMemoryError(`device: local address 0x${(addr >>> 0).toString(16)} (+${len}) is not mapped`);
    return b;
  }

  u32(addr: number): number {
    const b = this.bytes(addr, 4);
    return (b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24)) >>> 0;
  }

  i32(addr: number): number {
    return this.u32(addr) | 0;
  }

  /** A 64-bit value as a number (exact below 2^53; int64 read as signed). */
  i64(addr: number): number {
    return this.i32(addr + 4) * 2 ** 32 + this.u32(addr);
  }

  u64(addr: number): number {
    return this.u32(addr + 4) * 2 ** 32 + this.u32(addr);
  }

  cstring(addr: number, max = 4096): string {
    const out: number[] = [];
    for (let k = 0; k < max; k++) {
      const b = this.m.readMemory((addr + k) >>> 0, 1);
      if (!b || b[0] === 0) break;
      out.push(b[0]);
    }
    return new TextDecoder().decode(new Uint8Array(out));
  }

  write(addr: number, bytes: Uint8Array): void {
    if (!this.m.writeMemory(addr >>> 0, bytes)) throw new DeviceMemoryError(`device: local address 0x${(addr >>> 0).toString(16)} is not mapped`);
  }

  setU32(addr: number, v: number): void {
    this.write(addr, new Uint8Array(new Uint32Array([v >>> 0]).buffer));
  }

  setU64(addr: number, v: number): void {
    const lo = v % 2 ** 32;
    const hi = Math.floor(v / 2 ** 32);
    this.write(addr, new Uint8Array(new Uint32Array([(lo < 0 ? lo + 2 ** 32 : lo) >>> 0, hi >>> 0]).buffer));
  }

  /** The device heap's allocation cursor (snapshots). */
  get heapNextFree(): number {
    return this.heapNext;
  }

  set heapNextFree(v: number) {
    this.heapNext = v;
  }

  /** Zero-filled heap memory, `align`-aligned. */
  alloc(nbytes: number, align = 8): number {
    const at = Math.ceil(this.heapNext / align) * align;
    if (at + nbytes > DEVICE_HEAP_BASE + DEVICE_HEAP_SIZE) throw new DeviceMemoryError(`device heap exhausted (${nbytes} bytes requested)`);
    this.heapNext = at + nbytes;
    this.write(at, new Uint8Array(nbytes));
    return at;
  }
}
