# fp.S — single-precision FP coprocessor (CP0) with booleans: loads/stores, arithmetic and rounding
# modes, fused multiply-add, sign operations, conversions, compares, conditional moves, CONST.S,
# RFR/WFR, FCR/FSR. Run on de233_fpu. Exit code = number of the first failed check.
# Semantics: xtensa-ivp-spec.md §10 (FCR.RM [1:0]: 0 nearest-even, 1 toward 0, 2 toward +inf,
# 3 toward -inf; FSR flags Inexact 7, Underflow 8, Overflow 9, DivZero 10, Invalid 11) and §9.4
# (Coprocessor0Disabled = EXCCAUSE 32 while CPENABLE bit 0 is clear).
# The r = 8/12 forms of op0 = 3 and LSCX op2 = 1/5 are the post-increment LSIP/SSIP/LSXP/SSXP on
# this core: QEMU's de233_fpu accesses [as] and then adds the offset (checks 14-21).
# Arithmetic expectations come from an exact (big-integer) rounding model. Out-of-range conversions
# saturate and a NaN converts like +infinity (§10); the NaN bit patterns (default NaN 0x7fc00000 for
# inf - inf, a signalling NaN operand quieted with its payload kept) and UTRUNC.S(-1.0) = 0xffffffff
# are what QEMU's de233_fpu produces, which the reference leaves open.
#
# Checks
#   1-8     CPENABLE = 0: ADD.S, LSI, WFR, RUR.FCR raise Coprocessor0Disabled at the instruction
#   9       CPENABLE reads back 1
#   10-21   LSI/SSI, LSX/SSX, LSIP/SSIP, LSXP/SSXP (value and updated base)
#   22-60   ADD.S/SUB.S/MUL.S table under the four rounding modes (overflow, -0, subnormal)
#   61-64   MADD.S/MSUB.S are fused
#   65-70   NEG.S/ABS.S/MOV.S are bit operations (-0, NaNs untouched)
#   71-74   CONST.S 0..3
#   75-81   FLOAT.S/UFLOAT.S with scale and rounding mode
#   82-103  TRUNC.S/UTRUNC.S/ROUND.S/FLOOR.S/CEIL.S with scale, saturation, NaN (FCR.RM ignored)
#   104-110 UN/OEQ/UEQ/OLT/ULT/OLE/ULE.S into b0..b6 (ordered, equal, reversed, NaN, -0/+0, inf)
#   111-112 compare flags: quiet compares leave FSR alone, OLT.S with a NaN sets Invalid
#   113-120 MOVEQZ.S/MOVNEZ.S/MOVLTZ.S/MOVGEZ.S/MOVF.S/MOVT.S
#   121-126 FSR after inexact, exact, overflowing and invalid operations; NaN results
#   127     FCR keeps RM and the enable bits written to it

        .data
        .global test_name
test_name:
        .asciz  "fp"
        .align  4
fbuf:
        .word   0x11111111, 0x22222222, 0x33333333, 0, 0, 0, 0, 0, 0, 0
# a, b, FCR.RM, a + b, a - b, a * b
arith_table:
        .word   0x3f800000, 0x33c00000, 0, 0x3f800001, 0x3f7ffffe, 0x33c00000
        .word   0x3f800000, 0x33c00000, 1, 0x3f800000, 0x3f7ffffe, 0x33c00000
        .word   0x3f800000, 0x33c00000, 2, 0x3f800001, 0x3f7fffff, 0x33c00000
        .word   0x3f800000, 0x33c00000, 3, 0x3f800000, 0x3f7ffffe, 0x33c00000
        .word   0xbf800000, 0x33c00000, 1, 0xbf7ffffe, 0xbf800000, 0xb3c00000
        .word   0xbf800000, 0x33c00000, 3, 0xbf7fffff, 0xbf800001, 0xb3c00000
        .word   0x3faaaaab, 0x40490fdb, 0, 0x408f3298, 0xbfe7750b, 0x40860a92
        .word   0x3faaaaab, 0x40490fdb, 2, 0x408f3299, 0xbfe7750b, 0x40860a93
        .word   0x7f7fffff, 0x7f7fffff, 0, 0x7f800000, 0x00000000, 0x7f800000
        .word   0x7f7fffff, 0x7f7fffff, 1, 0x7f7fffff, 0x00000000, 0x7f7fffff
        .word   0x7f7fffff, 0x7f7fffff, 2, 0x7f800000, 0x00000000, 0x7f800000
        .word   0x7f7fffff, 0x7f7fffff, 3, 0x7f7fffff, 0x80000000, 0x7f7fffff
        .word   0x0d800000, 0x2b800000, 0, 0x2b800000, 0xab800000, 0x00000200
        .equ    ARITH_ROWS, 13
# input bits, expected — consumed in order by the conversion checks 75-103
conv_table:
        .word   3, 0x40400000            # 75 float.s  3, 0
        .word   -5, 0xbfa00000           # 76 float.s  -5, 2
        .word   0x7fffffff, 0x4f000000   # 77 float.s  max int, 0, RM nearest
        .word   0x7fffffff, 0x4effffff   # 78 float.s  max int, 0, RM toward 0
        .word   0x80000000, 0xc7800000   # 79 float.s  min int, 15
        .word   0xffffffff, 0x4f800000   # 80 ufloat.s 0xffffffff, 0
        .word   0x80000000, 0x47800000   # 81 ufloat.s 0x80000000, 15
        .word   0x40300000, 2            # 82 trunc.s  2.75, 0
        .word   0xc0300000, -2           # 83 trunc.s  -2.75, 0
        .word   0x40300000, 11           # 84 trunc.s  2.75, 2
        .word   0x501502f9, 0x7fffffff   # 85 trunc.s  1e10
        .word   0xd01502f9, 0x80000000   # 86 trunc.s  -1e10
        .word   0x7fc00000, 0x7fffffff   # 87 trunc.s  NaN
        .word   0xff800000, 0x80000000   # 88 trunc.s  -inf
        .word   0x3f000000, 16384        # 89 trunc.s  0.5, 15
        .word   0x4f509dc3, 0xd09dc300   # 90 utrunc.s 3.5e9
        .word   0x4f9502f9, 0xffffffff   # 91 utrunc.s 5e9
        .word   0x40200000, 5            # 92 utrunc.s 2.5, 1
        .word   0xbf800000, 0xffffffff   # 93 utrunc.s -1.0
        .word   0x40200000, 2            # 94 round.s  2.5
        .word   0x40600000, 4            # 95 round.s  3.5
        .word   0xc0200000, -2           # 96 round.s  -2.5
        .word   0x3fa00000, 2            # 97 round.s  1.25, 1
        .word   0xc0200000, -3           # 98 floor.s  -2.5
        .word   0x40200000, 2            # 99 floor.s  2.5
        .word   0x3fe00000, 7            # 100 floor.s 1.75, 2
        .word   0x40066666, 3            # 101 ceil.s  2.1
        .word   0xc0200000, -2           # 102 ceil.s  -2.5
        .word   0x3e800000, 1            # 103 ceil.s  0.25, 1
# a, b, BR after un b0 / oeq b1 / ueq b2 / olt b3 / ult b4 / ole b5 / ule b6 (b7 = 1 is preset)
cmp_table:
        .word   0x3f800000, 0x40000000, 0xf8     # 1 < 2
        .word   0x40000000, 0x40000000, 0xe6     # 2 = 2
        .word   0x40000000, 0x3f800000, 0x80     # 2 > 1
        .word   0x7fc00000, 0x3f800000, 0xd5     # NaN, 1
        .word   0x3f800000, 0x7fc00000, 0xd5     # 1, NaN
        .word   0x80000000, 0x00000000, 0xe6     # -0 = +0
        .word   0xff800000, 0x7f800000, 0xf8     # -inf < +inf
        .equ    CMP_ROWS, 7

        .text
        .align  4
.Lp_fbuf:
        .word   fbuf
.Lp_arith:
        .word   arith_table
.Lp_conv:
        .word   conv_table
.Lp_cmp:
        .word   cmp_table
.Lp_exc_cause:
        .word   exc_cause
.Lp_exc_epc:
        .word   exc_epc
.Lp_exc_count:
        .word   exc_count
.La_cp_add:
        .word   .Lcp_add
.La_cp_lsi:
        .word   .Lcp_lsi
.Lk_madd_b:
        .word   0x3f800800               # 1 + 2^-12
.Lk_madd_a:
        .word   0xbf801000               # -(1 + 2^-11)
.Lk_msub_a:
        .word   0x3f801000               # 1 + 2^-11
.Lk_madd_r:
        .word   0x33800000               # 2^-24: fused; the unfused result would be 0
.Lk_msub_r:
        .word   0xb3800000
.Lk_one:
        .word   0x3f800000
.Lk_one_ulp:
        .word   0x3f800001
.Lk_2p1:
        .word   0x40000001
.Lk_2p2:
        .word   0x40000002
.Lk_neg_one:
        .word   0xbf800000
.Lk_neg_zero:
        .word   0x80000000
.Lk_neg_two:
        .word   0xc0000000
.Lk_two:
        .word   0x40000000
.Lk_nan_neg:
        .word   0xffc00001
.Lk_nan_pos:
        .word   0x7fc00001
.Lk_snan:
        .word   0x7f800001
.Lk_snan_neg:
        .word   0xff800001
.Lk_half:
        .word   0x3f000000
.Lk_pi:
        .word   0x40490fdb
.Lk_tiny:
        .word   0x30800000               # 2^-30
.Lk_max:
        .word   0x7f7fffff
.Lk_inf:
        .word   0x7f800000
.Lk_qnan:
        .word   0x7fc00000

        .global main
        .align  4
main:
        entry   a1, 48
# ---- 1-8: coprocessor 0 disabled --------------------------------------------------------------
        rsr.cpenable a11
        movi    a10, 1
        movi    a12, 0
        call8   check
        movi    a10, 3
        call8   exc_arm
.Lcp_add:
        add.s   f0, f1, f2
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 2
        movi    a12, 32
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        movi    a10, 3
        l32r    a12, .La_cp_add
        call8   check
        movi    a10, 3
        call8   exc_arm
        l32r    a2, .Lp_fbuf
.Lcp_lsi:
        lsi     f0, a2, 0
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 4
        movi    a12, 32
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        movi    a10, 5
        l32r    a12, .La_cp_lsi
        call8   check
        movi    a10, 3
        call8   exc_arm
        movi    a5, 1
        wfr     f0, a5
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 6
        movi    a12, 32
        call8   check
        movi    a10, 3
        call8   exc_arm
        rur.fcr a5
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 7
        movi    a12, 32
        call8   check
        l32r    a11, .Lp_exc_count
        l32i    a11, a11, 0
        movi    a10, 8
        movi    a12, 4
        call8   check
# ---- 9: enable ------------------------------------------------------------------------------------
        movi    a5, 1
        wsr.cpenable a5
        rsync
        rsr.cpenable a11
        movi    a10, 9
        movi    a12, 1
        call8   check
        movi    a5, 0
        wur.fcr a5
        wur.fsr a5
# ---- 10-21: loads and stores -----------------------------------------------------------------------
        l32r    a2, .Lp_fbuf
        lsi     f0, a2, 8
        rfr     a11, f0
        movi    a10, 10
        l32i    a12, a2, 8
        call8   check
        ssi     f0, a2, 12
        l32i    a11, a2, 12
        movi    a10, 11
        l32i    a12, a2, 8
        call8   check
        movi    a3, 4
        lsx     f1, a2, a3
        rfr     a11, f1
        movi    a10, 12
        l32i    a12, a2, 4
        call8   check
        movi    a3, 16
        ssx     f1, a2, a3
        l32i    a11, a2, 16
        movi    a10, 13
        l32i    a12, a2, 4
        call8   check
        mov     a4, a2
        lsip    f2, a4, 4                # loads [a4], then a4 += 4
        rfr     a11, f2
        movi    a10, 14
        l32i    a12, a2, 0
        call8   check
        sub     a11, a4, a2
        movi    a10, 15
        movi    a12, 4
        call8   check
        addi    a4, a2, 20
        ssip    f2, a4, 8                # stores to [a4], then a4 += 8
        l32i    a11, a2, 20
        movi    a10, 16
        l32i    a12, a2, 0
        call8   check
        sub     a11, a4, a2
        movi    a10, 17
        movi    a12, 28
        call8   check
        addi    a4, a2, 8
        movi    a5, -8
        lsxp    f3, a4, a5               # loads [a4], then a4 += a5
        rfr     a11, f3
        movi    a10, 18
        l32i    a12, a2, 8
        call8   check
        sub     a11, a4, a2
        movi    a10, 19
        movi    a12, 0
        call8   check
        addi    a4, a2, 24
        movi    a5, 8
        ssxp    f3, a4, a5               # stores to [a4], then a4 += a5
        l32i    a11, a2, 24
        movi    a10, 20
        l32i    a12, a2, 8
        call8   check
        sub     a11, a4, a2
        movi    a10, 21
        movi    a12, 32
        call8   check
# ---- 22-60: ADD.S / SUB.S / MUL.S under each rounding mode ------------------------------------
        l32r    a2, .Lp_arith
        movi    a3, ARITH_ROWS
        movi    a4, 22
.Larith_row:
        l32i    a5, a2, 0
        wfr     f1, a5
        l32i    a5, a2, 4
        wfr     f2, a5
        l32i    a5, a2, 8
        wur.fcr a5
        add.s   f3, f1, f2
        sub.s   f4, f1, f2
        mul.s   f5, f1, f2
        rfr     a11, f3
        l32i    a12, a2, 12
        mov     a10, a4
        call8   check
        rfr     a11, f4
        l32i    a12, a2, 16
        addi    a10, a4, 1
        call8   check
        rfr     a11, f5
        l32i    a12, a2, 20
        addi    a10, a4, 2
        call8   check
        addi    a4, a4, 3
        addi    a2, a2, 24
        addi    a3, a3, -1
        bnez    a3, .Larith_row
        movi    a5, 0
        wur.fcr a5
# ---- 61-64: MADD.S / MSUB.S round once ------------------------------------------------------------
        l32r    a5, .Lk_madd_a
        wfr     f6, a5
        l32r    a5, .Lk_madd_b
        wfr     f7, a5
        madd.s  f6, f7, f7               # -(1 + 2^-11) + (1 + 2^-12)^2 = 2^-24
        rfr     a11, f6
        movi    a10, 61
        l32r    a12, .Lk_madd_r
        call8   check
        l32r    a5, .Lk_msub_a
        wfr     f6, a5
        msub.s  f6, f7, f7               # (1 + 2^-11) - (1 + 2^-12)^2 = -2^-24
        rfr     a11, f6
        movi    a10, 62
        l32r    a12, .Lk_msub_r
        call8   check
        movi    a5, 2                    # toward +inf: 1 + (1 + 2^-23)^2 = 2 + 2^-22 + 2^-46
        wur.fcr a5
        l32r    a5, .Lk_one
        wfr     f6, a5
        l32r    a5, .Lk_one_ulp
        wfr     f7, a5
        madd.s  f6, f7, f7
        rfr     a11, f6
        movi    a10, 63
        l32r    a12, .Lk_2p2
        call8   check
        movi    a5, 3                    # toward -inf
        wur.fcr a5
        l32r    a5, .Lk_one
        wfr     f6, a5
        madd.s  f6, f7, f7
        rfr     a11, f6
        movi    a10, 64
        l32r    a12, .Lk_2p1
        call8   check
        movi    a5, 0
        wur.fcr a5
# ---- 65-70: NEG.S / ABS.S / MOV.S ------------------------------------------------------------------
        l32r    a5, .Lk_one
        wfr     f1, a5
        neg.s   f2, f1
        rfr     a11, f2
        movi    a10, 65
        l32r    a12, .Lk_neg_one
        call8   check
        l32r    a5, .Lk_neg_zero
        wfr     f1, a5
        neg.s   f2, f1
        rfr     a11, f2
        movi    a10, 66
        movi    a12, 0
        call8   check
        l32r    a5, .Lk_neg_two
        wfr     f1, a5
        abs.s   f2, f1
        rfr     a11, f2
        movi    a10, 67
        l32r    a12, .Lk_two
        call8   check
        l32r    a5, .Lk_nan_neg
        wfr     f1, a5
        abs.s   f2, f1                   # sign cleared, payload kept
        rfr     a11, f2
        movi    a10, 68
        l32r    a12, .Lk_nan_pos
        call8   check
        l32r    a5, .Lk_snan
        wfr     f1, a5
        neg.s   f2, f1                   # a signalling NaN is not quieted
        rfr     a11, f2
        movi    a10, 69
        l32r    a12, .Lk_snan_neg
        call8   check
        mov.s   f3, f1
        rfr     a11, f3
        movi    a10, 70
        l32r    a12, .Lk_snan
        call8   check
# ---- 71-74: CONST.S ---------------------------------------------------------------------------------
        const.s f4, 0
        rfr     a11, f4
        movi    a10, 71
        movi    a12, 0
        call8   check
        const.s f4, 1
        rfr     a11, f4
        movi    a10, 72
        l32r    a12, .Lk_one
        call8   check
        const.s f4, 2
        rfr     a11, f4
        movi    a10, 73
        l32r    a12, .Lk_two
        call8   check
        const.s f4, 3
        rfr     a11, f4
        movi    a10, 74
        l32r    a12, .Lk_half
        call8   check
# ---- 75-81: FLOAT.S / UFLOAT.S --------------------------------------------------------------------
        l32r    a2, .Lp_conv
        l32i    a5, a2, 0
        float.s f1, a5, 0
        rfr     a11, f1
        l32i    a12, a2, 4
        movi    a10, 75
        call8   check
        l32i    a5, a2, 8
        float.s f1, a5, 2
        rfr     a11, f1
        l32i    a12, a2, 12
        movi    a10, 76
        call8   check
        l32i    a5, a2, 16
        float.s f1, a5, 0
        rfr     a11, f1
        l32i    a12, a2, 20
        movi    a10, 77
        call8   check
        movi    a6, 1
        wur.fcr a6
        l32i    a5, a2, 24
        float.s f1, a5, 0
        rfr     a11, f1
        l32i    a12, a2, 28
        movi    a10, 78
        call8   check
        movi    a6, 0
        wur.fcr a6
        l32i    a5, a2, 32
        float.s f1, a5, 15
        rfr     a11, f1
        l32i    a12, a2, 36
        movi    a10, 79
        call8   check
        l32i    a5, a2, 40
        ufloat.s f1, a5, 0
        rfr     a11, f1
        l32i    a12, a2, 44
        movi    a10, 80
        call8   check
        l32i    a5, a2, 48
        ufloat.s f1, a5, 15
        rfr     a11, f1
        l32i    a12, a2, 52
        movi    a10, 81
        call8   check
# ---- 82-103: float -> integer; FCR.RM = toward -inf must not matter --------------------------------
        movi    a6, 3
        wur.fcr a6
        l32i    a5, a2, 56
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 60
        movi    a10, 82
        call8   check
        l32i    a5, a2, 64
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 68
        movi    a10, 83
        call8   check
        l32i    a5, a2, 72
        wfr     f1, a5
        trunc.s a11, f1, 2
        l32i    a12, a2, 76
        movi    a10, 84
        call8   check
        l32i    a5, a2, 80
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 84
        movi    a10, 85
        call8   check
        l32i    a5, a2, 88
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 92
        movi    a10, 86
        call8   check
        l32i    a5, a2, 96
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 100
        movi    a10, 87
        call8   check
        l32i    a5, a2, 104
        wfr     f1, a5
        trunc.s a11, f1, 0
        l32i    a12, a2, 108
        movi    a10, 88
        call8   check
        l32i    a5, a2, 112
        wfr     f1, a5
        trunc.s a11, f1, 15
        l32i    a12, a2, 116
        movi    a10, 89
        call8   check
        l32i    a5, a2, 120
        wfr     f1, a5
        utrunc.s a11, f1, 0
        l32i    a12, a2, 124
        movi    a10, 90
        call8   check
        addi    a2, a2, 64
        addi    a2, a2, 64
        l32i    a5, a2, 0
        wfr     f1, a5
        utrunc.s a11, f1, 0
        l32i    a12, a2, 4
        movi    a10, 91
        call8   check
        l32i    a5, a2, 8
        wfr     f1, a5
        utrunc.s a11, f1, 1
        l32i    a12, a2, 12
        movi    a10, 92
        call8   check
        l32i    a5, a2, 16
        wfr     f1, a5
        utrunc.s a11, f1, 0
        l32i    a12, a2, 20
        movi    a10, 93
        call8   check
        l32i    a5, a2, 24
        wfr     f1, a5
        round.s a11, f1, 0
        l32i    a12, a2, 28
        movi    a10, 94
        call8   check
        l32i    a5, a2, 32
        wfr     f1, a5
        round.s a11, f1, 0
        l32i    a12, a2, 36
        movi    a10, 95
        call8   check
        l32i    a5, a2, 40
        wfr     f1, a5
        round.s a11, f1, 0
        l32i    a12, a2, 44
        movi    a10, 96
        call8   check
        l32i    a5, a2, 48
        wfr     f1, a5
        round.s a11, f1, 1
        l32i    a12, a2, 52
        movi    a10, 97
        call8   check
        l32i    a5, a2, 56
        wfr     f1, a5
        floor.s a11, f1, 0
        l32i    a12, a2, 60
        movi    a10, 98
        call8   check
        l32i    a5, a2, 64
        wfr     f1, a5
        floor.s a11, f1, 0
        l32i    a12, a2, 68
        movi    a10, 99
        call8   check
        l32i    a5, a2, 72
        wfr     f1, a5
        floor.s a11, f1, 2
        l32i    a12, a2, 76
        movi    a10, 100
        call8   check
        l32i    a5, a2, 80
        wfr     f1, a5
        ceil.s  a11, f1, 0
        l32i    a12, a2, 84
        movi    a10, 101
        call8   check
        l32i    a5, a2, 88
        wfr     f1, a5
        ceil.s  a11, f1, 0
        l32i    a12, a2, 92
        movi    a10, 102
        call8   check
        l32i    a5, a2, 96
        wfr     f1, a5
        ceil.s  a11, f1, 1
        l32i    a12, a2, 100
        movi    a10, 103
        call8   check
        movi    a6, 0
        wur.fcr a6
# ---- 104-110: compares --------------------------------------------------------------------------
        l32r    a2, .Lp_cmp
        movi    a3, CMP_ROWS
        movi    a4, 104
.Lcmp_row:
        l32i    a5, a2, 0
        wfr     f1, a5
        l32i    a5, a2, 4
        wfr     f2, a5
        movi    a5, 0x80                 # b7 = 1 must survive
        wsr.br  a5
        un.s    b0, f1, f2
        oeq.s   b1, f1, f2
        ueq.s   b2, f1, f2
        olt.s   b3, f1, f2
        ult.s   b4, f1, f2
        ole.s   b5, f1, f2
        ule.s   b6, f1, f2
        rsr.br  a11
        l32i    a12, a2, 8
        mov     a10, a4
        call8   check
        addi    a4, a4, 1
        addi    a2, a2, 12
        addi    a3, a3, -1
        bnez    a3, .Lcmp_row
# ---- 111-112: compare flags ----------------------------------------------------------------------
        l32r    a5, .Lk_qnan
        wfr     f1, a5
        l32r    a5, .Lk_one
        wfr     f2, a5
        movi    a5, 0
        wur.fsr a5
        un.s    b0, f1, f2
        oeq.s   b1, f1, f2
        ueq.s   b2, f1, f2
        ult.s   b4, f2, f1
        ule.s   b6, f1, f2
        rur.fsr a11
        movi    a10, 111
        movi    a12, 0
        call8   check
        olt.s   b3, f1, f2
        rur.fsr a11
        movi    a10, 112
        movi    a12, 1
        slli    a12, a12, 11             # Invalid
        call8   check
        movi    a5, 0
        wur.fsr a5
# ---- 113-120: conditional moves ----------------------------------------------------------------
        l32r    a5, .Lk_pi
        wfr     f1, a5
        l32r    a6, .Lk_one
        movi    a7, 7
        movi    a8, -1
        movi    a9, 0
        wfr     f3, a6
        moveqz.s f3, f1, a9              # moves
        rfr     a11, f3
        movi    a10, 113
        l32r    a12, .Lk_pi
        call8   check
        movi    a7, 7
        wfr     f3, a6
        moveqz.s f3, f1, a7              # does not move
        rfr     a11, f3
        movi    a10, 114
        mov     a12, a6
        call8   check
        movi    a7, 7
        wfr     f3, a6
        movnez.s f3, f1, a7              # moves
        rfr     a11, f3
        movi    a10, 115
        l32r    a12, .Lk_pi
        call8   check
        movi    a7, -1
        wfr     f3, a6
        movltz.s f3, f1, a7              # moves
        rfr     a11, f3
        movi    a10, 116
        l32r    a12, .Lk_pi
        call8   check
        movi    a7, 0
        wfr     f3, a6
        movltz.s f3, f1, a7              # does not move
        rfr     a11, f3
        movi    a10, 117
        mov     a12, a6
        call8   check
        movi    a7, 0
        wfr     f3, a6
        movgez.s f3, f1, a7              # moves
        rfr     a11, f3
        movi    a10, 118
        l32r    a12, .Lk_pi
        call8   check
        movi    a7, 8                    # b3 = 1
        wsr.br  a7
        wfr     f3, a6
        movf.s  f3, f1, b3               # does not move
        rfr     a11, f3
        movi    a10, 119
        mov     a12, a6
        call8   check
        wfr     f3, a6
        movt.s  f3, f1, b3               # moves
        rfr     a11, f3
        movi    a10, 120
        l32r    a12, .Lk_pi
        call8   check
# ---- 121-126: FSR flags and NaN results ---------------------------------------------------------
        movi    a5, 0
        wur.fsr a5
        l32r    a5, .Lk_one
        wfr     f1, a5
        l32r    a5, .Lk_tiny
        wfr     f2, a5
        add.s   f3, f1, f2               # 1 + 2^-30: inexact
        rur.fsr a11
        movi    a10, 121
        movi    a12, 0x80
        call8   check
        movi    a5, 0
        wur.fsr a5
        add.s   f3, f1, f1               # 1 + 1: exact
        rur.fsr a11
        movi    a10, 122
        movi    a12, 0
        call8   check
        l32r    a5, .Lk_max
        wfr     f4, a5
        mul.s   f3, f4, f4               # overflow (and inexact)
        rur.fsr a11
        movi    a10, 123
        movi    a12, 0x280
        call8   check
        movi    a5, 0
        wur.fsr a5
        l32r    a5, .Lk_inf
        wfr     f4, a5
        sub.s   f3, f4, f4               # inf - inf: invalid, default NaN
        rfr     a11, f3
        movi    a10, 124
        l32r    a12, .Lk_qnan
        call8   check
        rur.fsr a11
        movi    a10, 125
        movi    a12, 1
        slli    a12, a12, 11             # Invalid
        call8   check
        l32r    a5, .Lk_snan
        wfr     f4, a5
        add.s   f3, f4, f1               # signalling NaN operand: quieted, payload kept
        rfr     a11, f3
        movi    a10, 126
        l32r    a12, .Lk_nan_pos
        call8   check
# ---- 127: FCR ----------------------------------------------------------------------------------
        movi    a5, 0x7f                 # RM = 3, enables [6:2] all set
        wur.fcr a5
        rur.fcr a11
        movi    a10, 127
        movi    a12, 0x7f
        call8   check
        movi    a5, 0
        wur.fcr a5

        call8   report
        movi    a2, 0
        retw
