// A minimal test-side stand-in for the device, to test the guest side of a kernel image (the ROM and
// the SDK runtime) on the bare q7 machine: it writes the mailbox and the launch block, builds tensor
// handles and impls in the device heap, and answers the SIMCALL device calls of target/q7/abi.ts
// by stopping at the image's single device SIMCALL (a breakpoint on `__q7_device_simcall`). "HBM" is a
// region of the bare machine's data RAM: the window for an HBM address is the same-offset piece of it,
// so what the kernel writes through windows and DMA lands in one place the test can read back.

import {
  CSR_BASE,
  DEVICE_CALL,
  DEVICE_HEAP_BASE,
  DEVICE_SIMCALL_SYMBOL,
  DMA_TO_HBM,
  LAUNCH,
  LAUNCH_BLOCK_OFFSET,
  MAILBOX,
  TENSOR_HANDLE,
  TENSOR_IMPL,
  TRANSLATE_CACHE_EMPTY,
  TRANSLATE_CACHE_SIZE,
  TRANSLATE_CACHE_SLOT,
  TRANSLATE_CACHE_SLOT_SIZE,
  TRANSLATE_CACHE_SLOTS,
  WINDOW_ENTRY,
  WINDOW_ENTRY_SIZE,
} from '../../target/q7/abi';
import { createMachine, type Machine, MemoryHost } from '../../emulator';
import type { ElfImage } from '../../xtensa/elf/types';

/** The HBM address the test's tensors start at, and where its bytes live in the bare machine's RAM. */
export const HBM_BASE = 0x1_0000_0000;
const HBM_BACKING = 0x3fe80000;
const HBM_BACKING_SIZE = 0x40000;
const LOG_RING = 0x3ffe0000;

export interface DeviceEvent {
  readonly call: number;
  readonly args: number[];
}

export interface KernelHostOptions {
  readonly windowSize?: number;
  readonly windowCount?: number;
  readonly logSize?: number;
  readonly stackTop?: number;
}

export class KernelHost {
  readonly m: Machine;
  readonly events: DeviceEvent[] = [];
  private heap = DEVICE_HEAP_BASE + 0x100;
  private hbmNext = HBM_BASE;
  private nextSlot = 0;
  readonly windowSize: number;
  readonly windowCount: number;
  readonly ctx: number;
  private readonly simcallPc: number;

  constructor(image: ElfImage, opts: KernelHostOptions = {}) {
    this.windowSize = opts.windowSize ?? 0x40;
    this.windowCount = opts.windowCount ?? 2;
    this.m = createMachine('q7', { host: new MemoryHost() });
    this.m.loadElf(image);
    const sym = image.symbols.find((s) => s.name === DEVICE_SIMCALL_SYMBOL);
    if (!sym) throw new Error(`the image has no ${DEVICE_SIMCALL_SYMBOL}`);
    this.simcallPc = sym.value;
    this.m.addBreakpoint(this.simcallPc);
    // the ROM's call-site cache sits right below the entries; emptied whenever a window is mapped
    this.ctx = this.alloc(TRANSLATE_CACHE_SIZE + this.windowCount * WINDOW_ENTRY_SIZE) + TRANSLATE_CACHE_SIZE;
    this.emptyTranslateCache();
    this.m.write32(CSR_BASE + MAILBOX.logBufSize, opts.logSize ?? 64);
    this.m.write32(CSR_BASE + MAILBOX.logBufPtr, LOG_RING);
    this.m.write32(CSR_BASE + MAILBOX.logBufPtr + 4, 0);
    this.m.write32(CSR_BASE + MAILBOX.logHead, 0);
    this.launch('stackTop', opts.stackTop ?? 0x40000000);
    this.launch('windowCount', this.windowCount);
    this.launch('coreCount', 1);
  }

  private emptyTranslateCache(): void {
    for (let k = 0; k < TRANSLATE_CACHE_SLOTS; k++) {
      this.m.write32(this.ctx - TRANSLATE_CACHE_SIZE + k * TRANSLATE_CACHE_SLOT_SIZE + TRANSLATE_CACHE_SLOT.base, TRANSLATE_CACHE_EMPTY);
    }
  }

  launch(field: keyof typeof LAUNCH, value: number): void {
    this.m.write32(CSR_BASE + LAUNCH_BLOCK_OFFSET + LAUNCH[field], value);
  }

  alloc(bytes: number): number {
    const at = this.heap;
    this.heap += Math.ceil(bytes / 8) * 8;
    this.m.writeMemory(at, new Uint8Array(bytes));
    return at;
  }

  private write64(addr: number, v: bigint): void {
    this.m.write32(addr, Number(v & 0xffffffffn));
    this.m.write32(addr + 4, Number((v >> 32n) & 0xffffffffn));
  }

  private read64(addr: number): bigint {
    return BigInt(this.m.read32(addr)!) | (BigInt(this.m.read32(addr + 4)!) << 32n);
  }

  /** The local address backing an HBM address. */
  backing(hbm: number): number {
    const off = hbm - HBM_BASE;
    if (off < 0 || off >= HBM_BACKING_SIZE) throw new Error(`HBM address 0x${hbm.toString(16)} outside the test's HBM`);
    return HBM_BACKING + off;
  }

  /** A tensor (its impl) in HBM, contiguous unless `strides` (in elements) are given. */
  tensorImpl(sizes: readonly number[], dtype: number, elementSize: number, strides?: readonly bigint[]): number {
    const impl = this.alloc(TENSOR_IMPL.size);
    const numel = sizes.reduce((a, b) => a * b, 1);
    let stride = 1;
    for (let d = sizes.length - 1; d >= 0; d--) {
      this.write64(impl + TENSOR_IMPL.sizes + 8 * d, BigInt(sizes[d]));
      this.write64(impl + TENSOR_IMPL.strides + 8 * d, strides ? strides[d] : BigInt(stride));
      stride *= sizes[d];
    }
    this.write64(impl + TENSOR_IMPL.dim, BigInt(sizes.length));
    this.write64(impl + TENSOR_IMPL.numel, BigInt(numel));
    const hbm = this.hbmNext;
    this.hbmNext += Math.ceil((numel * elementSize) / 64) * 64 + 64;
    this.write64(impl + TENSOR_IMPL.hbmAddr, BigInt(hbm));
    this.m.write32(impl + TENSOR_IMPL.ctxPtr, this.ctx);
    this.m.writeMemory(impl + TENSOR_IMPL.dtype, new Uint8Array([dtype]));
    return impl;
  }

  /** A tensor handle (impl pointer, fresh enforcer). */
  handle(impl: number): number {
    const h = this.alloc(TENSOR_HANDLE.size);
    this.m.write32(h + TENSOR_HANDLE.impl, impl);
    return h;
  }

  hbmAddrOf(impl: number): number {
    return Number(this.read64(impl + TENSOR_IMPL.hbmAddr));
  }

  writeFloats(impl: number, values: readonly number[]): void {
    const base = this.backing(this.hbmAddrOf(impl));
    this.m.writeMemory(base, new Uint8Array(new Float32Array(values).buffer));
  }

  readFloats(impl: number, count: number): number[] {
    const bytes = this.m.readMemory(this.backing(this.hbmAddrOf(impl)), 4 * count)!;
    return Array.from(new Float32Array(bytes.slice().buffer));
  }

  private readonly counted = new Map<number, string>();
  /** Entries into each counted function (see count). */
  readonly calls = new Map<string, number>();

  /** Counts entries into the function `symbol` of `image` during run(). */
  count(image: ElfImage, symbol: string): void {
    const sym = image.symbols.find((s) => s.name === symbol);
    if (!sym) throw new Error(`the image has no ${symbol}`);
    this.counted.set(sym.value, symbol);
    this.calls.set(symbol, 0);
    this.m.addBreakpoint(sym.value);
  }

  /** Runs until the image exits; answers every device call on the way. */
  run(maxInstructions = 50_000_000): { exitCode: number } {
    for (;;) {
      const stop = this.m.run({ maxInstructions });
      if (stop.kind === 'exit') return { exitCode: stop.code };
      const counted = stop.kind === 'breakpoint' ? this.counted.get(stop.pc) : undefined;
      if (counted) {
        this.calls.set(counted, this.calls.get(counted)! + 1);
        continue;
      }
      if (stop.kind !== 'breakpoint' || stop.pc !== this.simcallPc) throw new Error(`kernel stopped: ${JSON.stringify(stop)}`);
      const args = [3, 4, 5, 6, 7].map((r) => this.m.readAR(r) >>> 0);
      const call = this.m.readAR(2) >>> 0;
      this.events.push({ call, args });
      this.m.writeAR(2, this.answer(call, args));
      this.m.pc = this.simcallPc + 3;
    }
  }

  private answer(call: number, a: number[]): number {
    switch (call) {
      case DEVICE_CALL.mapWindow: {
        const addr = BigInt(a[1]) | (BigInt(a[2]) << 32n);
        const base = addr & ~BigInt(this.windowSize - 1);
        const entry = a[0] + WINDOW_ENTRY_SIZE * (this.nextSlot++ % this.windowCount);
        this.write64(entry + WINDOW_ENTRY.base, base);
        this.m.write32(entry + WINDOW_ENTRY.local, this.backing(Number(base)));
        this.m.write32(entry + WINDOW_ENTRY.valid, 1);
        this.write64(entry + WINDOW_ENTRY.mask, ~BigInt(this.windowSize - 1) & 0xffff_ffff_ffff_ffffn);
        this.emptyTranslateCache();
        return 0;
      }
      case DEVICE_CALL.dma: {
        const hbm = this.backing(Number(BigInt(a[1]) | (BigInt(a[2]) << 32n)));
        const [from, to] = a[4] === DMA_TO_HBM ? [a[0], hbm] : [hbm, a[0]];
        this.m.writeMemory(to, this.m.readMemory(from, a[3])!.slice());
        return 0;
      }
      case DEVICE_CALL.tensorCreate: {
        const sizes: number[] = [];
        for (let d = 0; d < a[1]; d++) sizes.push(Number(this.read64(a[0] + 8 * d)));
        return this.tensorImpl(sizes, a[2], 4);
      }
      default:
        return 0;
    }
  }

  /** The log ring's bytes in write order (the last min(head, size) bytes written). */
  logText(): string {
    const size = this.m.read32(CSR_BASE + MAILBOX.logBufSize)!;
    const head = this.m.read32(CSR_BASE + MAILBOX.logHead)!;
    const n = Math.min(head, size);
    const bytes: number[] = [];
    for (let i = head - n; i < head; i++) bytes.push(this.m.readMemory(LOG_RING + (i % size), 1)![0]);
    return String.fromCharCode(...bytes);
  }

  get logHead(): number {
    return this.m.read32(CSR_BASE + MAILBOX.logHead)!;
  }

  callsOf(call: number): DeviceEvent[] {
    return this.events.filter((e) => e.call === call);
  }
}
