// The ROM linked into every image (our own assembly). Two modes share most of it:
// - program mode (a file with `main`): `_start` sets the stack at the top of local data RAM, the
//   launcher runs `main` and exits with its result, `__q7_write` is SIMCALL write;
// - kernel mode (no `main`): `_start` takes the stack top from the launch block, the launcher is the
//   dispatcher (LAUNCH.opcode looked up in .kernel_info_table, the record's thunk called with CALLX8,
//   a10 = LAUNCH.argv, a11 = LAUNCH.result, then exit 0), `__q7_write` appends to the log ring.
// Both: `_start` enters the first windowed frame with CALL4 (so spilling it needs no caller's stack
// pointer); `__q7_start` enables the FP coprocessor, clears .bss, calls `__q7_init_globals` (weak: the
// user's start-up constructors, lower/startup.ts), the launcher, then `__q7_fini_globals`; `__q7_exit`;
// the printf entry. Kernel mode only: the device-call stubs of target/q7/abi.ts (`__q7_device_call`, whose
// single SIMCALL is labelled `__q7_device_simcall`; `neuron_translate`, the window walk of the first
// seed's §4a with a mapWindow call and a retry on a miss; `neuron_memcpy` as DMA
// calls; `get_cpu_id` = PRID). The window overflow/underflow handlers come from target/q7 (window-vectors) and are
// placed at VECBASE by the linker.

import {
  NEURON_MEMCPY_SYMBOL,
  NEURON_TRANSLATE_SYMBOL,
  CSR_BASE,
  DEVICE_CALL,
  EXIT_UNKNOWN_OPCODE,
  KERNEL_INFO_RECORD_SIZE,
  KERNEL_INFO_SECTION,
  LAUNCH,
  LAUNCH_BLOCK_OFFSET,
  WINDOW_ENTRY,
  WINDOW_ENTRY_SIZE,
} from '../../target/q7/abi';

export type RomMode = 'program' | 'kernel';

export const ROM_STARTUP_NAME = 'rom/startup.S';
export const ROM_END_NAME = 'rom/end.S';

/** Highest stack address (exclusive) in program mode: the top of the q7 core's local data RAM. */
export const STACK_TOP = 0x40000000;

const LAUNCH_BASE = CSR_BASE + LAUNCH_BLOCK_OFFSET;

function fn(name: string, comment: string, body: string): string {
  return `
/* ${comment} */
        .align  4
        .global ${name}
        .type   ${name}, @function
${name}:
${body.replace(/^\n/, '')}        .size   ${name}, . - ${name}
`;
}

const PROGRAM_START = fn('_start', 'reset entry (program mode): stack at the top of local data RAM', `
        l32r    a1, .Lrom_stack_top
        movi    a0, 0                   /* ends the call chain for debuggers */
        call4   __q7_start
`);

const KERNEL_START = fn('_start', 'reset entry (kernel mode): stack top from the launch block', `
        l32r    a1, .Lrom_launch
        l32i    a1, a1, ${LAUNCH.stackTop}
        movi    a0, 0                   /* ends the call chain for debuggers */
        call4   __q7_start
`);

const Q7_START = fn('__q7_start', 'void __q7_start(void): CP0 (FP) enabled, .bss cleared, the globals constructed, the launcher run, the globals destroyed; never returns', `
        entry   a1, 32
        movi    a8, 1
        wsr     a8, cpenable
        rsync
        l32r    a8, .Lrom_bss_start
        l32r    a9, .Lrom_bss_end
        movi    a10, 0
.Lrom_clear:
        bgeu    a8, a9, .Lrom_cleared
        s32i    a10, a8, 0
        addi    a8, a8, 4
        j       .Lrom_clear
.Lrom_cleared:
        l32r    a8, .Lrom_init_globals
        beqz    a8, .Lrom_no_init       /* weak: 0 when the image has no such globals */
        callx8  a8
.Lrom_no_init:
        call8   __q7_launch
        mov     a6, a10                 /* the launcher's result (a2..a7 survive a call8) */
        l32r    a8, .Lrom_fini_globals
        beqz    a8, .Lrom_no_fini
        callx8  a8
.Lrom_no_fini:
        mov     a10, a6
        call8   __q7_exit               /* with the launcher's result */
`);

const PROGRAM_LAUNCH = fn('__q7_launch', "int __q7_launch(void): the program's entry, main", `
        entry   a1, 32
        call8   main
        mov     a2, a10
        retw
`);

/* The table's opcode is big-endian: assembled byte by byte. */
const KERNEL_LAUNCH = fn('__q7_launch', 'int __q7_launch(void): the dispatcher (LAUNCH.opcode → the record → its thunk)', `
        entry   a1, 32
        l32r    a8, .Lrom_launch
        l32i    a9, a8, ${LAUNCH.opcode}
        l32r    a10, .Lrom_kit_start
        l32r    a11, .Lrom_kit_end
.Lrom_scan:
        bgeu    a10, a11, .Lrom_no_kernel
        l8ui    a12, a10, 0
        slli    a12, a12, 24
        l8ui    a13, a10, 1
        slli    a13, a13, 16
        or      a12, a12, a13
        l8ui    a13, a10, 2
        slli    a13, a13, 8
        or      a12, a12, a13
        l8ui    a13, a10, 3
        or      a12, a12, a13
        beq     a12, a9, .Lrom_found
        addi    a10, a10, ${KERNEL_INFO_RECORD_SIZE}
        j       .Lrom_scan
.Lrom_found:
        l32i    a12, a10, 4
        l32i    a10, a8, ${LAUNCH.argv}
        l32i    a11, a8, ${LAUNCH.result}
        callx8  a12
        movi    a2, 0
        retw
.Lrom_no_kernel:
        movi    a2, ${EXIT_UNKNOWN_OPCODE}
        retw
`);

const EXIT = fn('__q7_exit', 'void __q7_exit(int code): SIMCALL exit', `
        entry   a1, 32
        mov     a3, a2
        movi    a2, 1
        simcall
.Lrom_hang:
        j       .Lrom_hang
`);

const PROGRAM_WRITE = fn('__q7_write', 'int __q7_write(int fd, const void *buf, unsigned len): SIMCALL write', `
        entry   a1, 32
        mov     a5, a4
        mov     a4, a3
        mov     a3, a2
        movi    a2, 4
        simcall
        retw
`);

const KERNEL_WRITE = fn('__q7_write', 'int __q7_write(int fd, const void *buf, unsigned len): into the log ring (both descriptors)', `
        entry   a1, 32
        mov     a10, a3
        mov     a11, a4
        call8   __q7_log_write
        mov     a2, a10
        retw
`);

/* int NAME(...): the six register words are stored next to each other and handed, with the address
   of the stack words, to TARGET(regs, stack). The frame keeps [sp+32, sp+64) free for the window save
   areas. */
function varargsEntry(name: string, target: string): string {
  return `
        .align  4
        .global ${name}
        .type   ${name}, @function
${name}:
        entry   a1, 64
        s32i    a2, a1, 0
        s32i    a3, a1, 4
        s32i    a4, a1, 8
        s32i    a5, a1, 12
        s32i    a6, a1, 16
        s32i    a7, a1, 20
        mov     a10, a1
        addi    a11, a1, 64
        call8   ${target}
        mov     a2, a10
        retw
        .size   ${name}, . - ${name}
`;
}

/* printf(format, ...) and snprintf(buffer, size, format, ...): formatted by the runtime library. */
const PRINTF = varargsEntry('printf', '__q7_vprintf') + varargsEntry('snprintf', '__q7_vsnprintf');

const DEVICE_CALL_FN = fn('__q7_device_call', 'int __q7_device_call(int number, a, b, c, d, e): SIMCALL with a2 = number, a3..a7 = arguments', `
        entry   a1, 32
        .global __q7_device_simcall
__q7_device_simcall:
        simcall
        retw
`);

/* ctx (a2), addr (a4 low, a5 high). a3 walks the entries, a6 = entry count, a7 = entries left. */
const TRANSLATE = fn(NEURON_TRANSLATE_SYMBOL, 'void* neuron_translate(void* ctx, uint64_t addr): the window walk; on a miss mapWindow and retry', `
        entry   a1, 32
        l32r    a6, .Lrom_launch
        l32i    a6, a6, ${LAUNCH.windowCount}
.Lrom_tr_walk:
        mov     a7, a6
        mov     a3, a2
.Lrom_tr_entry:
        beqz    a7, .Lrom_tr_miss
        l32i    a8, a3, ${WINDOW_ENTRY.valid}
        beqz    a8, .Lrom_tr_next
        l32i    a8, a3, ${WINDOW_ENTRY.mask}
        l32i    a9, a3, ${WINDOW_ENTRY.mask + 4}
        and     a8, a8, a4
        and     a9, a9, a5
        l32i    a10, a3, ${WINDOW_ENTRY.base}
        l32i    a11, a3, ${WINDOW_ENTRY.base + 4}
        xor     a8, a8, a10
        xor     a9, a9, a11
        or      a8, a8, a9
        beqz    a8, .Lrom_tr_hit
.Lrom_tr_next:
        addi    a3, a3, ${WINDOW_ENTRY_SIZE}
        addi    a7, a7, -1
        j       .Lrom_tr_entry
.Lrom_tr_hit:
        l32i    a8, a3, ${WINDOW_ENTRY.mask}
        movi    a9, -1
        xor     a8, a8, a9              /* ~mask (low word: windows are smaller than 4 GiB) */
        and     a8, a8, a4              /* the offset inside the window */
        l32i    a9, a3, ${WINDOW_ENTRY.local}
        add     a2, a9, a8
        retw
.Lrom_tr_miss:
        l32r    a10, .Lrom_call_map_window
        mov     a11, a2
        mov     a12, a4
        mov     a13, a5
        call8   __q7_device_call
        j       .Lrom_tr_walk
`);

const MEMCPY = fn(NEURON_MEMCPY_SYMBOL, 'void neuron_memcpy(void* local, void* ctx, uint64_t hbm, size_t n, int direction): DMA either way', `
        entry   a1, 32
        l32r    a10, .Lrom_call_dma
        mov     a11, a2
        mov     a12, a4
        mov     a13, a5
        mov     a14, a6
        mov     a15, a7
        call8   __q7_device_call
        retw
`);

const CPU_ID = fn('get_cpu_id', 'uint32_t get_cpu_id(void): PRID', `
        entry   a1, 32
        rsr     a2, prid
        retw
`);

function literals(mode: RomMode): string {
  const common = `        .weak   __q7_init_globals
        .weak   __q7_fini_globals
        .literal .Lrom_bss_start, __q7_bss_start
        .literal .Lrom_bss_end, __q7_bss_end
        .literal .Lrom_init_globals, __q7_init_globals
        .literal .Lrom_fini_globals, __q7_fini_globals
`;
  if (mode === 'program') return `        .literal .Lrom_stack_top, ${STACK_TOP}\n${common}`;
  return `${common}        .literal .Lrom_launch, ${LAUNCH_BASE}
        .literal .Lrom_call_map_window, ${DEVICE_CALL.mapWindow}
        .literal .Lrom_call_dma, ${DEVICE_CALL.dma}
        .literal .Lrom_kit_start, __q7_kernel_info_start
        .literal .Lrom_kit_end, __q7_kernel_info_end
`;
}

/**
 * The ROM's start-up file for a mode (the first file of the image). A kernel image whose code never
 * calls printf leaves out the printf entry (and with it the formatting core of the runtime library).
 */
export function romStartupSource(mode: RomMode, printf = true): string {
  const table = mode === 'kernel' ? `
        .section ${KERNEL_INFO_SECTION}, "a"
        .align  4
        .global __q7_kernel_info_start
__q7_kernel_info_start:
` : '';
  return `/* Q7 Studio ROM (${mode} mode): reset, start-up and device calls. */
        .section .bss
        .align  4
        .global __q7_bss_start
__q7_bss_start:
${table}
        .text
${literals(mode)}${mode === 'kernel' ? KERNEL_START : PROGRAM_START}${Q7_START}${mode === 'kernel' ? KERNEL_LAUNCH : PROGRAM_LAUNCH}${EXIT}${
    mode === 'kernel' ? KERNEL_WRITE : PROGRAM_WRITE
  }${printf || mode === 'program' ? PRINTF : ''}${mode === 'kernel' ? `${DEVICE_CALL_FN}${TRANSLATE}${MEMCPY}${CPU_ID}` : ''}`;
}

/** The last file of the image: marks the end of .bss (and of the kernel table). */
export function romEndSource(mode: RomMode): string {
  const table = mode === 'kernel' ? `
        .section ${KERNEL_INFO_SECTION}, "a"
        .global __q7_kernel_info_end
__q7_kernel_info_end:
` : '';
  return `/* Q7 Studio ROM: end of .bss */
        .section .bss
        .align  4
        .global __q7_bss_end
__q7_bss_end:
${table}`;
}

export const ROM_STARTUP_SOURCE = romStartupSource('program');
export const ROM_END_SOURCE = romEndSource('program');

/** ROM functions only kernel images have: they talk to the device. */
export const KERNEL_ROM_FUNCTIONS = ['__q7_device_call', NEURON_TRANSLATE_SYMBOL, NEURON_MEMCPY_SYMBOL, 'get_cpu_id'];

/** Functions the ROM defines that compiled code may call (the kernel-only ones in kernel images only). */
export const ROM_FUNCTIONS = ['printf', 'snprintf', '__q7_write', '__q7_exit', ...KERNEL_ROM_FUNCTIONS];

/** Runtime-library functions the ROM of a mode calls. */
export function romNeeds(mode: RomMode, printf = true): string[] {
  if (mode === 'program') return ['__q7_vprintf', '__q7_vsnprintf'];
  return printf ? ['__q7_vprintf', '__q7_vsnprintf', '__q7_log_write'] : ['__q7_log_write'];
}
