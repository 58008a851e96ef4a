/* Q7 Studio oracle runtime: reset code and exception vectors for call0
   programs on QEMU's `-M sim -cpu lx106`.

   QEMU starts the lx106 core at its reset vector 0x50000000 (the ELF entry
   point is ignored) with every address register 0 and PS = 0x1f. This code
   sets the stack pointer, points VECBASE at our vector table, leaves the
   exception mode so that exceptions reach the user/kernel vectors, and calls
   picolibc's _start, which copies .data, clears .bss, runs main and exits. */

#define SIMCALL_EXIT 1
#define PS_RUNNING 0x2f   /* UM = 1, EXCM = 0, INTLEVEL = 15 */

        .section .text.reset, "ax"
        .global _reset
        .type   _reset, @function
_reset:
        j       .Lboot

        .align  4
.Lstack_top:
        .word   __stack
.Lvector_base:
        .word   _vectors
.Lcrt_entry:
        .word   _start

        .align  4
.Lboot:
        l32r    a1, .Lstack_top
        l32r    a2, .Lvector_base
        wsr     a2, vecbase
        isync
        movi    a2, PS_RUNNING
        wsr     a2, ps
        rsync
        movi    a0, 0
        l32r    a2, .Lcrt_entry
        callx0  a2
        /* _start never returns; stop here if it does. */
        movi    a3, 0x7f
        movi    a2, SIMCALL_EXIT
        simcall
1:      j       1b
        .size   _reset, . - _reset

/* Vector table. Offsets from VECBASE on lx106: debug 0x10, NMI 0x20,
   kernel 0x30, user 0x50, double exception 0x70. Every vector ends the
   run with exit status 0x80 + EXCCAUSE. */
        .section .text.vectors, "ax"
        .global _vectors
        .align  1024
_vectors:
        .org    _vectors + 0x10
        j       .Lfatal
        .org    _vectors + 0x20
        j       .Lfatal
        .org    _vectors + 0x30
        j       .Lfatal
        .org    _vectors + 0x50
        j       .Lfatal
        .org    _vectors + 0x70
        j       .Lfatal

        .align  4
.Lfatal:
        rsr     a3, exccause
        addi    a3, a3, 0x80
        movi    a2, SIMCALL_EXIT
        simcall
2:      j       2b
