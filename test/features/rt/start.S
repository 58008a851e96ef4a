# Q7 Studio feature tests: start-up code, vectors and helpers shared by every test in
# test/features/*.S. Written for QEMU's dc233c / de233_fpu cores (`-M sim`) and for our emulator's
# models of them (xtensa-oracles.md §5, §7 Recipe B steps 3-4).
#
# Memory layout (given to the assembler by features.test.ts):
#   .text     0xfe000000  reset code first (QEMU starts these cores at 0xfe000000 and ignores the
#                         ELF entry point), then the helpers below, then the test's code
#   .window_vectors 0xfe010000  VECBASE (64 KB aligned): the ROM's window handlers, +0x000..+0x17f
#   .vectors  0xfe010180  the rest of the table: kernel +0x300, user +0x340, double +0x3C0 (the
#                         offsets of these cores), handler bodies from +0x400
#   .data     0x00010000  RAM: variables and tables
#   stack     grows down from 0x00100000
#
# Conventions
#   * Every test is windowed code: start-up calls the test's `main` with CALL4 (so the start-up
#     frame spills with WindowOverflow4, which needs no caller stack pointer). Tests call the
#     helpers below with CALL8 (arguments in a10.., they arrive in a2..).
#   * `main` returns 0; start-up then checks WINDOWBASE = 0 and WINDOWSTART = 1 and exits through
#     SIMCALL 1 (a2 = 1, a3 = exit code). Exit codes: 0 pass; 1..127 the number of the failed check;
#     0x7d WINDOWBASE wrong after main; 0x7e WINDOWSTART wrong after main; 0x80 + EXCCAUSE for an
#     exception nobody expected (kernel, double, or unarmed user exception), after printing
#     "fatal exception: cause 0x..., pc 0x..., vaddr 0x..." (preceded by "double exception").
#   * Each test defines `test_name` (a NUL-terminated string) in its .data.
#
# Helpers (windowed, call with CALL8):
#   check(a10 = check number, a11 = value observed, a12 = value expected)
#       counts a pass, or prints "<name>: FAIL check N: got 0x..., expected 0x..." and exits N.
#   report()        prints "<name>: N checks passed".
#   print(a10 = NUL-terminated string)
#   print_hex(a10 = value)   prints "xxxxxxxx " (debugging aid)
#   exc_arm(a10 = length of the instruction that is expected to raise)
#       arms the user-exception handler for one exception: it then records EXCCAUSE, EXCVADDR and
#       EPC1 in exc_cause / exc_vaddr / exc_epc, counts it in exc_count, disarms itself, advances
#       EPC1 past the faulting instruction and returns with RFE. exc_arm resets exc_cause to -1 and
#       exc_epc / exc_vaddr to 0 first. Unarmed, any exception ends the run (exit 0x80 + EXCCAUSE).

        .equ    STACK_TOP, 0x00100000
        .equ    PS_RUN, 0x4002f          # WOE | UM | INTLEVEL 15, EXCM = 0
        .equ    SYS_EXIT, 1
        .equ    SYS_WRITE, 4

# ---------------------------------------------------------------------------------------------
        .text
        .global _reset
_reset:
        j       .Lboot
        .align  4
.Llit_stack:
        .word   STACK_TOP
.Llit_vectors:
        .word   _window_vectors        # VECBASE: the ROM window handlers come first
.Llit_ps:
        .word   PS_RUN
.Llit_msg_wb:
        .word   msg_bad_wb
.Llit_msg_ws:
        .word   msg_bad_ws
        .align  4
.Lboot:
        movi    a2, 0
        wsr.windowbase a2
        rsync
        movi    a2, 1
        wsr.windowstart a2       # QEMU resets WINDOWSTART to 0, hardware to 1
        rsync
        l32r    a1, .Llit_stack
        l32r    a2, .Llit_vectors
        wsr.vecbase a2
        isync
        l32r    a2, .Llit_ps
        wsr.ps  a2
        rsync
        movi    a0, 0            # ends the chain of return addresses
        call4   main
        # back in the start-up frame: main's a2 is our a6
        rsr.windowbase a2
        bnez    a2, .Lbad_wb
        rsr.windowstart a2
        movi    a3, 1
        bne     a2, a3, .Lbad_ws
        mov     a3, a6
.Lexit:
        movi    a2, SYS_EXIT
        simcall
        j       .Lexit
.Lbad_wb:
        l32r    a2, .Llit_msg_wb
        call0   rt_puts
        movi    a3, 0x7d
        j       .Lexit
.Lbad_ws:
        l32r    a2, .Llit_msg_ws
        call0   rt_puts
        movi    a3, 0x7e
        j       .Lexit

# ---- call0 leaf helpers (usable with PS.EXCM = 1, where ENTRY is illegal) ---------------------

# rt_puts(a2 = NUL-terminated string): SIMCALL write to fd 1. Clobbers a2..a6.
        .align  4
rt_puts:
        mov     a4, a2
        mov     a5, a2
.Lputs_len:
        l8ui    a6, a5, 0
        beqz    a6, .Lputs_write
        addi    a5, a5, 1
        j       .Lputs_len
.Lputs_write:
        sub     a5, a5, a4
        movi    a2, SYS_WRITE
        movi    a3, 1
        simcall
        ret

# rt_hex8(a2 = value, a3 = buffer): 8 lower-case hex digits and a NUL at a3. Clobbers a2..a6.
        .align  4
rt_hex8:
        movi    a4, 8
.Lhex_loop:
        extui   a5, a2, 28, 4
        slli    a2, a2, 4
        addi    a6, a5, -10
        bltz    a6, .Lhex_digit
        addi    a5, a5, 87       # 'a' - 10
        j       .Lhex_store
.Lhex_digit:
        addi    a5, a5, 48       # '0'
.Lhex_store:
        s8i     a5, a3, 0
        addi    a3, a3, 1
        addi    a4, a4, -1
        bnez    a4, .Lhex_loop
        movi    a5, 0
        s8i     a5, a3, 0
        ret

        .align  4
.Llit_pow10:
        .word   pow10
# rt_dec(a2 = unsigned value, a3 = buffer of >= 11 bytes): decimal digits and a NUL at a3,
# without leading zeros. Uses no division instruction. Clobbers a2..a7.
        .align  4
rt_dec:
        l32r    a4, .Llit_pow10
        movi    a7, 0            # becomes 1 once a digit has been written
.Ldec_next:
        l32i    a5, a4, 0        # current power of ten; the table ends with 1
        movi    a6, 0
.Ldec_sub:
        bltu    a2, a5, .Ldec_have
        sub     a2, a2, a5
        addi    a6, a6, 1
        j       .Ldec_sub
.Ldec_have:
        bnez    a6, .Ldec_write
        bnez    a7, .Ldec_write
        beqi    a5, 1, .Ldec_write   # the units digit is always written
        j       .Ldec_advance
.Ldec_write:
        addi    a6, a6, 48
        s8i     a6, a3, 0
        addi    a3, a3, 1
        movi    a7, 1
.Ldec_advance:
        beqi    a5, 1, .Ldec_end
        addi    a4, a4, 4
        j       .Ldec_next
.Ldec_end:
        movi    a6, 0
        s8i     a6, a3, 0
        ret

# ---- windowed helpers (call with CALL8) ---------------------------------------------------------

        .align  4
.Llit_test_name:
        .word   test_name
.Llit_checks:
        .word   checks_passed
.Llit_numbuf:
        .word   num_buf
.Llit_s_fail:
        .word   str_fail
.Llit_s_got:
        .word   str_got
.Llit_s_expected:
        .word   str_expected
.Llit_s_nl:
        .word   str_nl
.Llit_s_colon:
        .word   str_colon
.Llit_s_passed:
        .word   str_passed
.Llit_exc:
        .word   exc_armed

# check(a2 = check number, a3 = observed, a4 = expected)
        .global check
        .align  4
check:
        entry   a1, 32
        bne     a3, a4, .Lcheck_fail
        l32r    a5, .Llit_checks
        l32i    a6, a5, 0
        addi    a6, a6, 1
        s32i    a6, a5, 0
        retw
.Lcheck_fail:
        mov     a12, a0          # call0 below overwrites a0; this never returns anyway
        mov     a8, a2
        mov     a9, a3
        mov     a10, a4
        l32r    a2, .Llit_test_name
        call0   rt_puts
        l32r    a2, .Llit_s_fail
        call0   rt_puts
        mov     a2, a8
        l32r    a3, .Llit_numbuf
        call0   rt_dec
        l32r    a2, .Llit_numbuf
        call0   rt_puts
        l32r    a2, .Llit_s_got
        call0   rt_puts
        mov     a2, a9
        l32r    a3, .Llit_numbuf
        call0   rt_hex8
        l32r    a2, .Llit_numbuf
        call0   rt_puts
        l32r    a2, .Llit_s_expected
        call0   rt_puts
        mov     a2, a10
        l32r    a3, .Llit_numbuf
        call0   rt_hex8
        l32r    a2, .Llit_numbuf
        call0   rt_puts
        l32r    a2, .Llit_s_nl
        call0   rt_puts
        mov     a3, a8
.Lcheck_exit:
        movi    a2, SYS_EXIT
        simcall
        j       .Lcheck_exit

# report(): prints "<test_name>: <checks_passed> checks passed"
        .global report
        .align  4
report:
        entry   a1, 32
        mov     a12, a0
        l32r    a2, .Llit_test_name
        call0   rt_puts
        l32r    a2, .Llit_s_colon
        call0   rt_puts
        l32r    a8, .Llit_checks
        l32i    a2, a8, 0
        l32r    a3, .Llit_numbuf
        call0   rt_dec
        l32r    a2, .Llit_numbuf
        call0   rt_puts
        l32r    a2, .Llit_s_passed
        call0   rt_puts
        mov     a0, a12
        retw

# print(a2 = NUL-terminated string)
        .global print
        .align  4
print:
        entry   a1, 32
        mov     a12, a0
        call0   rt_puts
        mov     a0, a12
        retw

# print_hex(a2 = value): prints 8 hex digits and a space (for debugging a test)
        .global print_hex
        .align  4
print_hex:
        entry   a1, 32
        mov     a12, a0
        l32r    a3, .Llit_numbuf
        call0   rt_hex8
        l32r    a2, .Llit_numbuf
        movi    a3, 32
        s8i     a3, a2, 8
        movi    a3, 0
        s8i     a3, a2, 9
        call0   rt_puts
        mov     a0, a12
        retw

# exc_arm(a2 = length in bytes of the instruction expected to raise)
        .global exc_arm
        .align  4
exc_arm:
        entry   a1, 32
        l32r    a3, .Llit_exc
        movi    a4, -1
        s32i    a4, a3, 4        # exc_cause
        movi    a4, 0
        s32i    a4, a3, 8        # exc_vaddr
        s32i    a4, a3, 12       # exc_epc
        s32i    a2, a3, 0        # exc_armed
        retw

# ---- vectors ------------------------------------------------------------------------------------
# VECBASE + 0x000..0x17f: the window overflow/underflow handlers of the product's ROM
# (emulator/rom, section .window_vectors), assembled with this file, so QEMU runs our ROM too.
# This section is placed at VECBASE + 0x180 and holds the rest of the vector table.

        .section .vectors, "ax"
        .global _vectors
_vectors:
# (+0x180..+0x2FF: interrupt vectors of levels 2..6 and NMI, unused with INTLEVEL 15; literals)
.Lv_exc_armed:
        .word   exc_armed
.Lv_numbuf:
        .word   num_buf
.Lv_s_fatal:
        .word   str_fatal
.Lv_s_double:
        .word   str_double
.Lv_s_pc:
        .word   str_pc
.Lv_s_vaddr:
        .word   str_vaddr
.Lv_s_nl:
        .word   str_nl

        .org    0x300 - 0x180
# +0x300 KernelExceptionVector (PS.UM = 0): never expected
        wsr.excsave1 a0
        j       .Lfatal

        .org    0x340 - 0x180
# +0x340 UserExceptionVector
        wsr.excsave1 a0
        j       .Luser_exception

        .org    0x3c0 - 0x180
# +0x3C0 DoubleExceptionVector
        wsr.excsave1 a0
        j       .Lfatal_double

        .org    0x400 - 0x180
.Luser_exception:
        l32r    a0, .Lv_exc_armed
        s32i    a2, a0, 20       # exc_save[0..2]
        s32i    a3, a0, 24
        s32i    a4, a0, 28
        l32i    a3, a0, 0        # exc_armed: length of the faulting instruction, 0 = not armed
        beqz    a3, .Lfatal
        rsr.exccause a4
        s32i    a4, a0, 4
        rsr.excvaddr a4
        s32i    a4, a0, 8
        rsr.epc1 a4
        s32i    a4, a0, 12
        add     a4, a4, a3
        wsr.epc1 a4
        l32i    a4, a0, 16
        addi    a4, a4, 1
        s32i    a4, a0, 16       # exc_count
        movi    a4, 0
        s32i    a4, a0, 0        # disarm
        l32i    a2, a0, 20
        l32i    a3, a0, 24
        l32i    a4, a0, 28
        rsr.excsave1 a0
        rfe

.Lfatal_double:
        rsr.depc a8
        l32r    a2, .Lv_s_double
        call0   rt_puts
        j       .Lfatal_common
.Lfatal:
        rsr.epc1 a8
.Lfatal_common:
        l32r    a2, .Lv_s_fatal
        call0   rt_puts
        rsr.exccause a2
        l32r    a3, .Lv_numbuf
        call0   rt_hex8
        l32r    a2, .Lv_numbuf
        call0   rt_puts
        l32r    a2, .Lv_s_pc
        call0   rt_puts
        mov     a2, a8
        l32r    a3, .Lv_numbuf
        call0   rt_hex8
        l32r    a2, .Lv_numbuf
        call0   rt_puts
        l32r    a2, .Lv_s_vaddr
        call0   rt_puts
        rsr.excvaddr a2
        l32r    a3, .Lv_numbuf
        call0   rt_hex8
        l32r    a2, .Lv_numbuf
        call0   rt_puts
        l32r    a2, .Lv_s_nl
        call0   rt_puts
        rsr.exccause a3
        movi    a4, 0x80
        add     a3, a3, a4
.Lfatal_exit:
        movi    a2, SYS_EXIT
        simcall
        j       .Lfatal_exit

# ---- data ---------------------------------------------------------------------------------------
        .data
        .align  4
        .global exc_armed
        .global exc_cause
        .global exc_vaddr
        .global exc_epc
        .global exc_count
exc_armed:
        .word   0                # +0
exc_cause:
        .word   0                # +4
exc_vaddr:
        .word   0                # +8
exc_epc:
        .word   0                # +12
exc_count:
        .word   0                # +16
exc_save:
        .word   0, 0, 0          # +20 a2..a4 of the interrupted code
checks_passed:
        .word   0
pow10:
        .word   1000000000, 100000000, 10000000, 1000000, 100000, 10000, 1000, 100, 10, 1
num_buf:
        .space  16
str_fail:
        .asciz  ": FAIL check "
str_got:
        .asciz  ": got 0x"
str_expected:
        .asciz  ", expected 0x"
str_colon:
        .asciz  ": "
str_passed:
        .asciz  " checks passed\n"
str_nl:
        .asciz  "\n"
str_fatal:
        .asciz  "fatal exception: cause 0x"
str_double:
        .asciz  "double exception\n"
str_pc:
        .asciz  ", pc 0x"
str_vaddr:
        .asciz  ", vaddr 0x"
msg_bad_wb:
        .asciz  "start-up: WINDOWBASE is not 0 after main\n"
msg_bad_ws:
        .asciz  "start-up: WINDOWSTART is not 1 after main\n"
