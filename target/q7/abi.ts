// The contract between a kernel image (ROM + SDK runtime, built by compiler/) and the emulated Q7
// device (emulator/device/): the local memory map, the per-core CSR mailbox and launch block, the
// translation context's window entries, the device calls the guest makes with SIMCALL, and the
// layouts of the objects the device builds in guest memory. Both sides import these numbers from
// here and nowhere else; test/emulator/device pins the object layouts against the semantic model.

import { Q7_DRAM_BASE, Q7_HBM_APERTURE, Q7_IRAM_BASE, Q7_IRAM_SIZE } from './memory-map';

// ---- Local memory map of one core (addresses the scalar core sees) --------------------------------
/** Slow data memory: the image's .rodata/.data/.bss from its start, then its malloc heap (up to
 *  KERNEL_HEAP_LIMIT); large stacks at its top. */
export const SLOW_RAM_BASE = Q7_DRAM_BASE;
export const SLOW_RAM_SIZE = 0x100000; // 1 MiB
/** Per-core CSR page: the mailbox of the second seed at +0, the launch block at +0x100. */
export const CSR_BASE = 0x3ff00000;
export const CSR_SIZE = 0x1000;
/** Device-owned local memory: translation contexts, tensor handles and impls, argv, the log ring. */
export const DEVICE_HEAP_BASE = 0x3ff01000;
export const DEVICE_HEAP_SIZE = 0xef000; // up to LOCAL_RAM_BASE
/** 64 KiB local data RAM: the 16 KiB TCM pool at its start, the default 8 KiB stack at its top. */
export const LOCAL_RAM_BASE = 0x3fff0000;
export const LOCAL_RAM_SIZE = 0x10000;
export const TCM_POOL_BASE = LOCAL_RAM_BASE;
export const TCM_POOL_SIZE = 0x4000;
export const DEFAULT_STACK_SIZE = 0x2000;
/** Largest STACK_SIZE the device accepts (placed in slow memory when above the local RAM's room). */
export const MAX_STACK_SIZE = 400 * 1024;
/** Exclusive end of a kernel image's malloc heap, which starts at the end of its .bss in slow memory:
 *  the room below the largest slow-memory stack (and 4 KiB of guard below it) is free for it. */
export const KERNEL_HEAP_LIMIT = SLOW_RAM_BASE + SLOW_RAM_SIZE - MAX_STACK_SIZE - 0x1000;
export const IRAM_BASE = Q7_IRAM_BASE;
export const IRAM_SIZE = Q7_IRAM_SIZE;
/** Local addresses the window map backs with HBM (window slots are handed out from here). */
export const HBM_APERTURE_BASE = Q7_HBM_APERTURE;
export const HBM_APERTURE_SIZE = 0x40000000;

// ---- CSR mailbox (offsets from CSR_BASE; second seed §2) -------------------------------------------
export const MAILBOX = {
  claim: 0, // u32: UNCLAIMED before boot, CLAIMED after on_ucode_booted, UNCLAIMED again at teardown
  logBufSize: 4, // u32
  logBufPtr: 8, // u64: local address of the log ring's bytes
  logHead: 16, // u32: total bytes ever written (ring index = head % size)
  maxLogLevel: 20, // u32
  dgePriorityMap: 24, // u32[5]
  dgeMailbox: 40, // u32[5]
  pcBoundsLo: 56, // u64
  pcBoundsHi: 64, // u64
} as const;
export const CLAIM_UNCLAIMED = 0x6099cb34;
export const CLAIM_CLAIMED = 0x502b2da1;

// ---- Launch block (offsets from CSR_BASE + LAUNCH_BLOCK_OFFSET), written by the device before reset
export const LAUNCH_BLOCK_OFFSET = 0x100;
/** Local address of the launch block. */
export const LAUNCH_BASE = CSR_BASE + LAUNCH_BLOCK_OFFSET;
export const LAUNCH = {
  opcode: 0, // u32: which kernel_info_table record to run
  argv: 4, // u32: local address of argc u32 pointers, one per kernel parameter
  argc: 8, // u32
  result: 12, // u32: local address of the returned object's storage (a Tensor handle), 0 for void
  stackTop: 16, // u32: initial a1 (exclusive top of the stack)
  coreId: 20, // u32: the same value PRID holds
  coreCount: 24, // u32: get_cpu_count()
  dstTensor: 28, // u32: NeuronTensorImpl* of get_dst_tensor() (multicore), 0 when none
  windowCount: 32, // u32: entries in each translation context
  flags: 36, // u32: reserved, 0
} as const;

// ---- kernel_info_table (second seed §2) ------------------------------------------------------------
/** Section name; N records of [u32 big-endian opcode | u32 little-endian entry address]. */
export const KERNEL_INFO_SECTION = '.kernel_info_table';
export const KERNEL_INFO_RECORD_SIZE = 8;
/** Opcodes are 1-based, in the order the kernel functions appear in the source file. */
export const FIRST_KERNEL_OPCODE = 1;
/**
 * Each record's entry is a thunk `void __q7_kernel_<name>(void** argv, void* result)` that calls the
 * kernel with *argv[i] as parameter i (a reference parameter binds to argv[i] itself) and constructs the
 * returned object in *result. The ROM dispatcher finds the record by LAUNCH.opcode and calls the thunk
 * with CALLX8 (a10 = argv, a11 = result), then exits through SIMCALL exit with 0.
 */
export const KERNEL_THUNK_PREFIX = '__q7_kernel_';
/** Symbols bounding the table in a kernel image (the dispatcher scans [start, end)). */
export const KERNEL_INFO_START_SYMBOL = '__q7_kernel_info_start';
export const KERNEL_INFO_END_SYMBOL = '__q7_kernel_info_end';
/** SIMCALL exit status of the dispatcher when LAUNCH.opcode matches no record. */
export const EXIT_UNKNOWN_OPCODE = 3;
/** The one SIMCALL instruction every device call of a kernel image goes through (a label in the ROM). */
export const DEVICE_SIMCALL_SYMBOL = '__q7_device_simcall';

/** The window mapper's symbol: `void* neuron_translate(void*, uint64_t)` with C++ linkage, as the first seed's §4a names it. */
export const NEURON_TRANSLATE_SYMBOL = '_Z16neuron_translatePvy';
/** The one copy routine: void neuron_memcpy(void* local, void* ctx, uint64_t hbm, size_t n, int direction) (direction: DMA_TO_LOCAL / DMA_TO_HBM). */
export const NEURON_MEMCPY_SYMBOL = '_Z13neuron_memcpyPvS_yji';

// ---- Translation context: the window table neuron_translate walks (first seed §4a) ------------------
/** Entry i lives at ctx + 32·i; LAUNCH.windowCount entries. */
export const WINDOW_ENTRY_SIZE = 32;
export const WINDOW_ENTRY = {
  base: 0, // u64: HBM address of the window's first byte (window-size aligned)
  local: 8, // u32: aperture address of the window's first byte
  valid: 12, // u32: 1 when mapped
  mask: 16, // u64: ~(windowSize − 1); a hit is valid && (addr & mask) == base
  generation: 24, // u64: device bookkeeping (how many times this entry was remapped)
} as const;
/**
 * neuron_translate's call-site cache: TRANSLATE_CACHE_SIZE bytes right below ctx, 64 slots of 16 bytes,
 * the slot chosen by the low 6 bits of the caller's return address. A slot remembers the window the
 * last translate from that call site hit; a translate whose address falls in it returns
 * addr + delta without walking the entries. The device owns the invalidation: whenever it writes the
 * window table (a map, an eviction, strict mode's retirement, the launch) it empties every slot; an
 * empty slot has base = TRANSLATE_CACHE_EMPTY, which no masked address equals (window sizes are at
 * least a page, so a masked address has bit 0 clear).
 */
export const TRANSLATE_CACHE_SLOTS = 64;
export const TRANSLATE_CACHE_SLOT_SIZE = 16;
export const TRANSLATE_CACHE_SIZE = TRANSLATE_CACHE_SLOTS * TRANSLATE_CACHE_SLOT_SIZE;
export const TRANSLATE_CACHE_SLOT = {
  base: 0, // u32: low word of the window's HBM base (TRANSLATE_CACHE_EMPTY: empty slot)
  baseHi: 4, // u32: high word of the window's HBM base
  mask: 8, // u32: low word of the window mask
  delta: 12, // u32: local − base (low words): the translated address is addr + delta
} as const;
export const TRANSLATE_CACHE_EMPTY = 1;
export const DEFAULT_WINDOW_COUNT = 4;
export const DEFAULT_WINDOW_SIZE = 0x10000;

// ---- Device calls: SIMCALL with a2 = number, arguments in a3..a7, result in a2 -------------------------
// Numbers are outside QEMU's semihosting range, which the device also serves (1 exit, 4 write, ...).
export const DEVICE_CALL = {
  /** (ctx, addr lo, addr hi) → 0: the device wrote a window entry covering addr into ctx; the ROM retries. */
  mapWindow: 0x5101,
  /** (local ptr, hbm lo, hbm hi, nbytes, direction) → 0. Direction DMA_TO_LOCAL or DMA_TO_HBM. */
  dma: 0x5102,
  /** (sizes: const int64_t*, ndim, dtype) → NeuronTensorImpl* of a new HBM tensor (contiguous strides). */
  tensorCreate: 0x5103,
  /** (kind, message: const char*, arg0, arg1, arg2) → 0; REPORT kinds below. Fatal kinds stop the core; the
   *  device attributes the report to the innermost caller whose PC maps to the user's source (DWARF). */
  report: 0x5104,
  /** (event, ptr, nbytes) → 0: TCM pool bookkeeping for the sanitizers; TCM_EVENT below. */
  tcmEvent: 0x5105,
  /** (new head) → 0: the log ring advanced (lets the device stream output live). */
  logWritten: 0x5106,
  /** (hbm lo, hbm hi, scalar type, what: const char*) → 0: an accessor or copy of element type `scalar type`
   *  (c10::ScalarType) is made on the tensor at that HBM address; a tensor of another dtype is a fatal
   *  `dtype-mismatch` at the caller's line. The SDK makes it for element types with a ScalarType only. */
  checkDtype: 0x5107,
} as const;
export const DMA_TO_LOCAL = 0;
export const DMA_TO_HBM = 1;
export const REPORT = {
  /** COHERENT policy: a conflicting acquire (arg0 = enforcer address). Fatal. */
  coherency: 1,
  /** INCOHERENT_VERBOSE policy: the same conflict as a warning (arg0 = enforcer address). */
  coherencyWarning: 2,
  /** Accessor index out of bounds. Here the message slot (a4) carries the enforcer address (which names the
   *  tensor), arg0 = the index (int64 saturated to int32), arg1 = the size of that dimension, arg2 = the
   *  dimension counted from the accessor's first. Fatal. */
  outOfBounds: 3,
  /** tcm_free of a pointer that tcm_malloc did not return (arg0 = pointer). Fatal. */
  badTcmFree: 4,
  /** TORCH_CHECK failed (message = condition text, arg0 = file string, arg1 = line). Fatal. */
  checkFailed: 5,
  /** A TCM copy or stream read/write past the end of its tensor (the message slot carries the address of the
   *  accessor's Q7PtrType, whose HBM address names the tensor; arg0 = element offset, arg1 = count, arg2 = numel). Fatal. */
  copyOutOfBounds: 6,
  /** assert(e) failed (message = the expression's text, arg0 = file string, arg1 = line). Fatal. */
  assertFailed: 7,
} as const;
export const TCM_EVENT = { alloc: 1, free: 2 } as const;
/** What the report call returns when the device does not act on a report (its sanitizer is switched off,
 *  e.g. `q7 run --no-sanitize=coherency`): the guest may then continue as if nothing had been found. */
export const REPORT_IGNORED = 1;

/**
 * The SDK's at::CoherencyEnforcer members as an image holds them when they are not inlined (-O0): the
 * debugger's device watches their calls (emulator/device/accessors.ts) to know which accessors are
 * open where; an image without them runs the same, without that knowledge.
 */
export const ENFORCER_METHODS: Readonly<Record<string, { readonly kind: 'reader' | 'writer' | 'accessor'; readonly release: boolean }>> = {
  _ZN2at17CoherencyEnforcer23acquire_buffered_readerEv: { kind: 'reader', release: false },
  _ZN2at17CoherencyEnforcer23release_buffered_readerEv: { kind: 'reader', release: true },
  _ZN2at17CoherencyEnforcer23acquire_buffered_writerEv: { kind: 'writer', release: false },
  _ZN2at17CoherencyEnforcer23release_buffered_writerEv: { kind: 'writer', release: true },
  _ZN2at17CoherencyEnforcer27acquire_unbuffered_accessorEv: { kind: 'accessor', release: false },
  _ZN2at17CoherencyEnforcer27release_unbuffered_accessorEv: { kind: 'accessor', release: true },
};

// ---- Objects the device builds in guest memory (ILP32 layouts; pinned by tests against language/) --
/** at::Tensor handle: impl_ pointer, then the mutable CoherencyEnforcer at +4 (first seed). */
export const TENSOR_HANDLE = { size: 20, impl: 0, enforcer: 4 } as const;
export const COHERENCY_ENFORCER = { size: 16, readers: 0, writers: 4, unbuffered: 8, policy: 12 } as const;
export const POLICY = { COHERENT: 0, INCOHERENT_VERBOSE: 1, INCOHERENT_QUIET: 2 } as const;
/** c10::NeuronTensorImpl (language/sdk): sizes_[8], strides_[8] (elements), dim_, numel_, hbm_addr_, ctx_ptr_, dtype_. */
export const TENSOR_IMPL = {
  size: 160, sizes: 0, strides: 64, dim: 128, numel: 136, hbmAddr: 144, ctxPtr: 152, dtype: 156, maxDims: 8,
} as const;
/** c10::ScalarType values (language/sdk). */
export const SCALAR_TYPE = { Byte: 0, Char: 1, Short: 2, Int: 3, Long: 4, Half: 5, Float: 6, Double: 7, BFloat16: 15 } as const;
