# booleans.S — boolean registers b0..b15 (Boolean option): ANDB/ANDBC/ORB/ORBC/XORB,
# ANY4/ALL4/ANY8/ALL8, BF/BT, MOVF/MOVT, RSR/WSR/XSR BR.
# Run on de233_fpu (dc233c has no booleans). Exit code = number of the first failed check.
# Semantics (xtensa-ivp-spec.md §4 Boolean option, §9.1): BR (SR 4) holds b0..b15 in bits 0..15;
# ANDBC br = bs & !bt, ORBC br = bs | !bt; ANY4/ALL4 bt = OR/AND of b[bs..bs+3] (bs a multiple of
# 4), ANY8/ALL8 over eight (bs a multiple of 8); BT/BF branch if b[s] is 1/0; MOVT/MOVF ar = as if
# b[t] is 1/0.
# Checks 1-3 BR width, 4-7 truth tables, 8-10 other register numbers, 11-22 ANY/ALL table,
# 23-30 BT/BF, 31-34 MOVT/MOVF, 35-36 XSR.BR.

        .data
        .global test_name
test_name:
        .asciz  "booleans"
        .align  4
# BR in (b0 = x, b1 = y), BR out after andb b2 / andbc b3 / orb b4 / orbc b5 / xorb b6 (b0, b1)
logic_table:
        .word   0x0000, 0x0020
        .word   0x0001, 0x0079
        .word   0x0002, 0x0052
        .word   0x0003, 0x0037
# BR in, BR out after any4 b0,b4 / all4 b1,b4 / any8 b2,b8 / all8 b3,b8 (b0..b3 start at 1)
anyall_table:
        .word   0x000f, 0x0000
        .word   0x001f, 0x0011
        .word   0x008f, 0x0081
        .word   0x00ff, 0x00f3
        .word   0x007f, 0x0071
        .word   0x010f, 0x0104
        .word   0x800f, 0x8004
        .word   0xff0f, 0xff0c
        .word   0xfe0f, 0xfe04
        .word   0x7f0f, 0x7f04
        .word   0xffff, 0xffff
        .word   0x0f0f, 0x0f04

        .text
        .align  4
.Lp_logic_table:
        .word   logic_table
.Lp_anyall_table:
        .word   anyall_table
.Lk_ffff:
        .word   0xffff
.Lk_a5a5:
        .word   0x1234a5a5

        .global main
        .align  4
main:
        entry   a1, 48
# ---- 1-3: BR is 16 bits wide ----------------------------------------------------------------------
        movi    a5, -1
        wsr.br  a5
        rsr.br  a11
        movi    a10, 1
        l32r    a12, .Lk_ffff
        call8   check
        movi    a5, 0
        wsr.br  a5
        rsr.br  a11
        movi    a10, 2
        movi    a12, 0
        call8   check
        l32r    a5, .Lk_a5a5
        wsr.br  a5
        rsr.br  a11
        movi    a10, 3
        l32r    a12, .Lk_a5a5
        extui   a12, a12, 0, 16
        call8   check
# ---- 4-7: truth tables of the five two-input operations --------------------------------------------
        l32r    a2, .Lp_logic_table
        movi    a3, 4
        movi    a4, 4
.Llogic_row:
        l32i    a5, a2, 0
        wsr.br  a5
        andb    b2, b0, b1
        andbc   b3, b0, b1
        orb     b4, b0, b1
        orbc    b5, b0, b1
        xorb    b6, b0, b1
        rsr.br  a11
        l32i    a12, a2, 4
        mov     a10, a4
        call8   check
        addi    a4, a4, 1
        addi    a2, a2, 8
        addi    a3, a3, -1
        bnez    a3, .Llogic_row
# ---- 8-10: other register numbers, destination = source -------------------------------------------
        movi    a5, 0x408
        slli    a5, a5, 4                # b14 = b7 = 1: 0x4080
        wsr.br  a5
        andb    b15, b14, b7             # 1
        orbc    b0, b7, b14              # 1 | !1 = 1
        xorb    b14, b14, b7             # 0
        rsr.br  a11
        movi    a10, 8
        movi    a12, 0x404
        slli    a12, a12, 5
        addi    a12, a12, 1              # b15 | b7 | b0 = 0x8081
        call8   check
        movi    a5, 0x0c
        wsr.br  a5                       # b2 = b3 = 1
        andbc   b2, b2, b3               # 0
        orb     b9, b3, b0               # 1
        xorb    b3, b3, b3               # 0
        rsr.br  a11
        movi    a10, 9
        movi    a12, 0x200
        call8   check
        movi    a5, 0
        wsr.br  a5
        orbc    b12, b1, b1              # 0 | !0 = 1
        andbc   b13, b12, b1             # 1 & !0 = 1
        rsr.br  a11
        movi    a10, 10
        movi    a12, 0x300
        slli    a12, a12, 4              # b12 | b13 = 0x3000
        call8   check
# ---- 11-22: ANY4 / ALL4 / ANY8 / ALL8 ------------------------------------------------------------
        l32r    a2, .Lp_anyall_table
        movi    a3, 12
        movi    a4, 11
.Lanyall_row:
        l32i    a5, a2, 0
        wsr.br  a5
        any4    b0, b4
        all4    b1, b4
        any8    b2, b8
        all8    b3, b8
        rsr.br  a11
        l32i    a12, a2, 4
        mov     a10, a4
        call8   check
        addi    a4, a4, 1
        addi    a2, a2, 8
        addi    a3, a3, -1
        bnez    a3, .Lanyall_row
# ---- 23-30: BT / BF ---------------------------------------------------------------------------------
        movi    a5, 1
        slli    a5, a5, 15
        addi    a5, a5, 4                # b15 = b2 = 1, everything else 0
        wsr.br  a5
        movi    a3, 0                    # one bit per branch that was taken
        bt      b2, .Lbt1
        j       .Lbt1_done
.Lbt1:
        addi    a3, a3, 1
.Lbt1_done:
        bf      b2, .Lbf1
        j       .Lbf1_done
.Lbf1:
        addi    a3, a3, 2
.Lbf1_done:
        bt      b3, .Lbt2
        j       .Lbt2_done
.Lbt2:
        addi    a3, a3, 4
.Lbt2_done:
        bf      b3, .Lbf2
        j       .Lbf2_done
.Lbf2:
        addi    a3, a3, 8
.Lbf2_done:
        bt      b15, .Lbt3
        j       .Lbt3_done
.Lbt3:
        addi    a3, a3, 16
.Lbt3_done:
        bf      b0, .Lbf3
        j       .Lbf3_done
.Lbf3:
        addi    a3, a3, 32
.Lbf3_done:
        bf      b15, .Lbf4
        j       .Lbf4_done
.Lbf4:
        addi    a3, a3, 64
.Lbf4_done:
        mov     a11, a3
        movi    a10, 23
        movi    a12, 1 + 8 + 16 + 32     # taken: bt b2, bf b3, bt b15, bf b0
        call8   check
        # a backward BT and a loop on a boolean: count down b1 via XORB until it is 0
        movi    a5, 2                    # b1 = 1
        wsr.br  a5
        movi    a3, 0
.Lbt_back:
        addi    a3, a3, 1
        xorb    b1, b1, b1               # b1 = 0 after the first pass
        bt      b1, .Lbt_back
        movi    a10, 24
        mov     a11, a3
        movi    a12, 1
        call8   check
        movi    a5, 0                    # bf backwards: b4 becomes 1 on the third pass
        wsr.br  a5
        movi    a3, 0
.Lbf_back:
        addi    a3, a3, 1
        bnei    a3, 3, .Lbf_back_test
        orbc    b4, b4, b4               # b4 = 1
.Lbf_back_test:
        bf      b4, .Lbf_back
        movi    a10, 25
        mov     a11, a3
        movi    a12, 3
        call8   check
        # BT/BF after a compare-free write through WSR: every single bit of b0..b15 in turn
        movi    a4, 0                    # bit number
        movi    a3, 0                    # count of BT taken on the set bit
        movi    a6, 0                    # count of BF taken on the set bit (must stay 0)
.Lbit_loop:
        movi    a5, 1
        ssl     a4
        sll     a5, a5
        wsr.br  a5
        bt      b0, .Lbit_b0
        j       .Lbit_next0
.Lbit_b0:
        addi    a3, a3, 1                # bit 0 set
.Lbit_next0:
        bt      b15, .Lbit_b15
        j       .Lbit_next15
.Lbit_b15:
        addi    a3, a3, 16
.Lbit_next15:
        bf      b7, .Lbit_next7
        addi    a6, a6, 1                # b7 set
.Lbit_next7:
        addi    a4, a4, 1
        bnei    a4, 16, .Lbit_loop
        movi    a10, 26
        mov     a11, a3
        movi    a12, 17
        call8   check
        movi    a10, 27
        mov     a11, a6
        movi    a12, 1
        call8   check
        movi    a5, -1                   # all ones: BF never taken, BT always
        wsr.br  a5
        movi    a3, 0
        bf      b9, .Lbf_ones
        addi    a3, a3, 1
.Lbf_ones:
        bt      b9, .Lbt_ones
        addi    a3, a3, 2
.Lbt_ones:
        movi    a10, 28
        mov     a11, a3
        movi    a12, 1
        call8   check
        movi    a5, 0                    # all zeros: BT never taken, BF always
        wsr.br  a5
        movi    a3, 0
        bt      b9, .Lbt_zeros
        addi    a3, a3, 1
.Lbt_zeros:
        bf      b9, .Lbf_zeros
        addi    a3, a3, 2
.Lbf_zeros:
        movi    a10, 29
        mov     a11, a3
        movi    a12, 1
        call8   check
        rsr.br  a11                      # branches do not change BR
        movi    a10, 30
        movi    a12, 0
        call8   check
# ---- 31-34: MOVT / MOVF --------------------------------------------------------------------------
        movi    a5, 0x20                 # b5 = 1
        wsr.br  a5
        movi    a6, 111
        movi    a11, 5
        movt    a11, a6, b5              # moves
        movi    a10, 31
        movi    a12, 111
        call8   check
        movi    a11, 5
        movf    a11, a6, b5              # does not move
        movi    a10, 32
        movi    a12, 5
        call8   check
        movi    a11, 5
        movt    a11, a6, b6              # b6 = 0: does not move
        movi    a10, 33
        movi    a12, 5
        call8   check
        movi    a11, 5
        movf    a11, a6, b6              # moves
        movi    a10, 34
        movi    a12, 111
        call8   check
# ---- 35-36: XSR.BR swaps --------------------------------------------------------------------------
        movi    a5, 0x123
        wsr.br  a5
        movi    a11, 0x456
        xsr.br  a11
        movi    a10, 35
        movi    a12, 0x123
        call8   check
        rsr.br  a11
        movi    a10, 36
        movi    a12, 0x456
        call8   check

        call8   report
        movi    a2, 0
        retw

