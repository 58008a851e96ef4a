# div32.S — QUOU/QUOS/REMU/REMS (DIV32 option).
# Run on dc233c (and de233_fpu). Exit code = number of the first failed check (see rt/start.S).
# Semantics (xtensa-ivp-spec.md §6): unsigned / signed 32-bit division truncating toward zero;
# REMS takes the sign of the dividend; QUOS(0x80000000, -1) = 0x80000000, REMS(0x80000000, -1) = 0;
# a zero divisor raises IntegerDivideByZero (EXCCAUSE 6) with EPC1 = the dividing instruction and
# the destination register left unchanged.
# Checks 1-76 table (4 per row), 77-80 destination = source, 81-92 divide by zero, 93 exception count.

        .data
        .global test_name
test_name:
        .asciz  "div32"
        .align  4
# a, b, quou, quos, remu, rems
div_table:
        .word   0x00000007, 0x00000002, 0x00000003, 0x00000003, 0x00000001, 0x00000001
        .word   0xfffffff9, 0x00000002, 0x7ffffffc, 0xfffffffd, 0x00000001, 0xffffffff
        .word   0x00000007, 0xfffffffe, 0x00000000, 0xfffffffd, 0x00000007, 0x00000001
        .word   0xfffffff9, 0xfffffffe, 0x00000000, 0x00000003, 0xfffffff9, 0xffffffff
        .word   0x80000000, 0xffffffff, 0x00000000, 0x80000000, 0x80000000, 0x00000000
        .word   0x80000000, 0x00000001, 0x80000000, 0x80000000, 0x00000000, 0x00000000
        .word   0xffffffff, 0x00000001, 0xffffffff, 0xffffffff, 0x00000000, 0x00000000
        .word   0xffffffff, 0xffffffff, 0x00000001, 0x00000001, 0x00000000, 0x00000000
        .word   0x00000000, 0x00000005, 0x00000000, 0x00000000, 0x00000000, 0x00000000
        .word   0x00000005, 0x00000007, 0x00000000, 0x00000000, 0x00000005, 0x00000005
        .word   0x075bcd15, 0x000003e8, 0x0001e240, 0x0001e240, 0x00000315, 0x00000315
        .word   0xf8a432eb, 0x000003e8, 0x003fa6f6, 0xfffe1dc0, 0x000001fb, 0xfffffceb
        .word   0x7fffffff, 0x80000000, 0x00000000, 0x00000000, 0x7fffffff, 0x7fffffff
        .word   0x80000000, 0x80000000, 0x00000001, 0x00000001, 0x00000000, 0x00000000
        .word   0x80000000, 0x7fffffff, 0x00000001, 0xffffffff, 0x00000001, 0xffffffff
        .word   0xdeadbeef, 0x00000010, 0x0deadbee, 0xfdeadbef, 0x0000000f, 0xffffffff
        .word   0x000f4240, 0xfffffffd, 0x00000000, 0xfffae9eb, 0x000f4240, 0x00000001
        .word   0xfff0bdc0, 0x00000003, 0x55503f40, 0xfffae9eb, 0x00000000, 0xffffffff
        .word   0xfffffffe, 0x7fffffff, 0x00000002, 0x00000000, 0x00000000, 0xfffffffe
        .equ    DIV_ROWS, 19

        .text
        .align  4
.Lp_div_table:
        .word   div_table
.Lp_exc_cause:
        .word   exc_cause
.Lp_exc_epc:
        .word   exc_epc
.Lp_exc_count:
        .word   exc_count
.La_dz_quou:
        .word   .Ldz_quou
.La_dz_quos:
        .word   .Ldz_quos
.La_dz_remu:
        .word   .Ldz_remu
.La_dz_rems:
        .word   .Ldz_rems
.Lk_m100:
        .word   -100000
.Lk_m14285:
        .word   -14285

        .global main
        .align  4
main:
        entry   a1, 48
# ---- checks 1-76: the table -----------------------------------------------------------------------
        l32r    a2, .Lp_div_table
        movi    a3, DIV_ROWS
        movi    a4, 1
.Ldiv_row:
        l32i    a5, a2, 0
        l32i    a6, a2, 4
        quou    a11, a5, a6
        l32i    a12, a2, 8
        mov     a10, a4
        call8   check
        quos    a11, a5, a6
        l32i    a12, a2, 12
        addi    a10, a4, 1
        call8   check
        remu    a11, a5, a6
        l32i    a12, a2, 16
        addi    a10, a4, 2
        call8   check
        rems    a11, a5, a6
        l32i    a12, a2, 20
        addi    a10, a4, 3
        call8   check
        addi    a4, a4, 4
        addi    a2, a2, 24
        addi    a3, a3, -1
        bnez    a3, .Ldiv_row

# ---- checks 77-80: destination is one of the sources -------------------------------------------
        l32r    a5, .Lk_m100             # -100000
        movi    a6, 7
        quos    a5, a5, a6               # -14285
        movi    a10, 77
        mov     a11, a5
        l32r    a12, .Lk_m14285
        call8   check
        movi    a5, 100
        movi    a6, 7
        rems    a6, a5, a6               # 2
        movi    a10, 78
        mov     a11, a6
        movi    a12, 2
        call8   check
        movi    a5, -9
        remu    a5, a5, a5               # x % x = 0
        movi    a10, 79
        mov     a11, a5
        movi    a12, 0
        call8   check
        movi    a5, -9
        quou    a5, a5, a5               # x / x = 1
        movi    a10, 80
        mov     a11, a5
        movi    a12, 1
        call8   check

# ---- checks 81-92: division by zero --------------------------------------------------------------
        movi    a10, 3
        call8   exc_arm
        movi    a5, 77
        movi    a6, 100
        movi    a7, 0
.Ldz_quou:
        quou    a5, a6, a7
        movi    a10, 81
        mov     a11, a5                  # destination unchanged
        movi    a12, 77
        call8   check
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 82
        movi    a12, 6
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        l32r    a12, .La_dz_quou
        movi    a10, 83
        call8   check

        movi    a10, 3
        call8   exc_arm
        movi    a5, 78
        movi    a6, -100
        movi    a7, 0
.Ldz_quos:
        quos    a5, a6, a7
        movi    a10, 84
        mov     a11, a5
        movi    a12, 78
        call8   check
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 85
        movi    a12, 6
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        l32r    a12, .La_dz_quos
        movi    a10, 86
        call8   check

        movi    a10, 3
        call8   exc_arm
        movi    a5, 79
        movi    a6, 0
        movi    a7, 0
.Ldz_remu:
        remu    a5, a6, a7
        movi    a10, 87
        mov     a11, a5
        movi    a12, 79
        call8   check
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 88
        movi    a12, 6
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        l32r    a12, .La_dz_remu
        movi    a10, 89
        call8   check

        movi    a10, 3
        call8   exc_arm
        movi    a5, 80
        movi    a6, 0
        addi    a6, a6, -1
        movi    a7, 0
.Ldz_rems:
        rems    a5, a6, a7
        movi    a10, 90
        mov     a11, a5
        movi    a12, 80
        call8   check
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 91
        movi    a12, 6
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        l32r    a12, .La_dz_rems
        movi    a10, 92
        call8   check

# ---- check 93: exactly the four divisions by zero raised -------------------------------------
        l32r    a11, .Lp_exc_count
        l32i    a11, a11, 0
        movi    a10, 93
        movi    a12, 4
        call8   check

        call8   report
        movi    a2, 0
        retw
