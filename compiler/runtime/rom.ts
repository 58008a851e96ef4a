// The ROM linked into every image (our own assembly): the reset entry `_start`, which sets the stack
// at the top of local data RAM and enters the first windowed frame with CALL4 (so spilling it needs
// no caller's stack pointer); `__q7_start`, which enables the FP coprocessor, clears .bss and calls
// the launcher; the launcher, which runs `main` and exits with its result through semihosting; and
// the system-call stubs the runtime library uses. The window overflow/underflow handlers come from
// emulator/rom and are placed at VECBASE by the linker.

export const ROM_STARTUP_NAME = 'rom/startup.S';
export const ROM_END_NAME = 'rom/end.S';

/** Highest stack address (exclusive): the top of the q7 core's local data RAM. */
export const STACK_TOP = 0x40000000;

export const ROM_STARTUP_SOURCE = `/* Q7 Studio ROM: reset and start-up. */
        .section .bss
        .align  4
        .global __q7_bss_start
__q7_bss_start:

        .text
        .literal .Lrom_stack_top, ${STACK_TOP}
        .literal .Lrom_bss_start, __q7_bss_start
        .literal .Lrom_bss_end, __q7_bss_end

        .align  4
        .global _start
        .type   _start, @function
_start:
        l32r    a1, .Lrom_stack_top
        movi    a0, 0                   /* ends the call chain for debuggers */
        call4   __q7_start
        .size   _start, . - _start

/* void __q7_start(void): CP0 (FP) enabled, .bss cleared, the launcher run; never returns */
        .align  4
        .global __q7_start
        .type   __q7_start, @function
__q7_start:
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
        call8   __q7_launch
        call8   __q7_exit               /* with the launcher's result, already in a10 */
        .size   __q7_start, . - __q7_start

/* int __q7_launch(void): the program's entry (main for now) */
        .align  4
        .global __q7_launch
        .type   __q7_launch, @function
__q7_launch:
        entry   a1, 32
        call8   main
        mov     a2, a10
        retw
        .size   __q7_launch, . - __q7_launch

/* void __q7_exit(int code): SIMCALL exit */
        .align  4
        .global __q7_exit
        .type   __q7_exit, @function
__q7_exit:
        entry   a1, 32
        mov     a3, a2
        movi    a2, 1
        simcall
.Lrom_hang:
        j       .Lrom_hang
        .size   __q7_exit, . - __q7_exit

/* int __q7_write(int fd, const void *buf, unsigned len): SIMCALL write */
        .align  4
        .global __q7_write
        .type   __q7_write, @function
__q7_write:
        entry   a1, 32
        mov     a5, a4
        mov     a4, a3
        mov     a3, a2
        movi    a2, 4
        simcall
        retw
        .size   __q7_write, . - __q7_write

/* int printf(const char *format, ...): the six register words are stored next to each other and
   handed, with the address of the stack words, to __q7_vprintf(regs, stack). The frame keeps
   [sp+32, sp+64) free for the window save areas. */
        .align  4
        .global printf
        .type   printf, @function
printf:
        entry   a1, 64
        s32i    a2, a1, 0
        s32i    a3, a1, 4
        s32i    a4, a1, 8
        s32i    a5, a1, 12
        s32i    a6, a1, 16
        s32i    a7, a1, 20
        mov     a10, a1
        addi    a11, a1, 64
        call8   __q7_vprintf
        mov     a2, a10
        retw
        .size   printf, . - printf
`;

/** The last file of the program: marks the end of .bss. */
export const ROM_END_SOURCE = `/* Q7 Studio ROM: end of .bss */
        .section .bss
        .align  4
        .global __q7_bss_end
__q7_bss_end:
`;

/** Functions the ROM defines that compiled code may call. */
export const ROM_FUNCTIONS = ['printf', '__q7_write', '__q7_exit'];
