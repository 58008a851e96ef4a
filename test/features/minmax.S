# minmax.S — MIN/MAX/MINU/MAXU (MINMAX option), SEXT, CLAMPS, NSA/NSAU.
# Run on dc233c (and de233_fpu). Exit code = number of the first failed check (see rt/start.S).
# Semantics: xtensa-ivp-spec.md §4 (rows min..clamps) and §6:
#   MIN/MAX signed, MINU/MAXU unsigned; SEXT ar, as, b sign-extends from bit b (7..22);
#   CLAMPS ar, as, b clamps to [-2^b, 2^b - 1]; NSA = redundant sign bits (NSA(0) = NSA(-1) = 31);
#   NSAU = leading zeros (NSAU(0) = 32).
# Checks 1-32 min/max table, 33-37 register aliasing, 38-49 sext, 50-65 clamps, 66-89 nsa/nsau.

        .data
        .global test_name
test_name:
        .asciz  "minmax"
        .align  4
# a, b, min, max, minu, maxu
mm_table:
        .word   0x00000001, 0x00000002, 0x00000001, 0x00000002, 0x00000001, 0x00000002
        .word   0xffffffff, 0x00000001, 0xffffffff, 0x00000001, 0x00000001, 0xffffffff
        .word   0x80000000, 0x7fffffff, 0x80000000, 0x7fffffff, 0x7fffffff, 0x80000000
        .word   0xfffffffb, 0xfffffffd, 0xfffffffb, 0xfffffffd, 0xfffffffb, 0xfffffffd
        .word   0x00000007, 0x00000007, 0x00000007, 0x00000007, 0x00000007, 0x00000007
        .word   0x00000000, 0xffffffff, 0xffffffff, 0x00000000, 0x00000000, 0xffffffff
        .word   0x80000000, 0x00000000, 0x80000000, 0x00000000, 0x00000000, 0x80000000
        .word   0x12345678, 0xedcba988, 0xedcba988, 0x12345678, 0x12345678, 0xedcba988
        .equ    MM_ROWS, 8
# value, expected — consumed in order by the hand-written SEXT and CLAMPS checks below
sext_table:
        .word   0x000000ff, 0xffffffff   # sext 7
        .word   0x0000007f, 0x0000007f   # sext 7
        .word   0x12345680, 0xffffff80   # sext 7
        .word   0x000001ff, 0xffffffff   # sext 8
        .word   0xfffffe0f, 0x0000000f   # sext 8
        .word   0x000000ff, 0x000000ff   # sext 8
        .word   0x00008000, 0xffff8000   # sext 15
        .word   0xabcd7fff, 0x00007fff   # sext 15
        .word   0x00018000, 0xffff8000   # sext 16
        .word   0x0000ffff, 0x0000ffff   # sext 16
        .word   0x00400000, 0xffc00000   # sext 22
        .word   0xff3fffff, 0x003fffff   # sext 22
clamps_table:
        .word   200, 127                 # clamps 7
        .word   -200, -128               # clamps 7
        .word   100, 100                 # clamps 7
        .word   -128, -128               # clamps 7
        .word   0x80000000, -128         # clamps 7
        .word   0x7fffffff, 127          # clamps 7
        .word   256, 255                 # clamps 8
        .word   -257, -256               # clamps 8
        .word   40000, 32767             # clamps 15
        .word   -40000, -32768           # clamps 15
        .word   -32768, -32768           # clamps 15
        .word   32767, 32767             # clamps 15
        .word   0x00400000, 0x003fffff   # clamps 22
        .word   -0x400001, -0x400000     # clamps 22
        .word   0x003fffff, 0x003fffff   # clamps 22
        .word   -0x400000, -0x400000     # clamps 22
# value, nsa, nsau
nsa_table:
        .word   0x00000000, 31, 32
        .word   0xffffffff, 31, 0
        .word   0x00000001, 30, 31
        .word   0x80000000, 0, 0
        .word   0x7fffffff, 0, 1
        .word   0x40000000, 0, 1
        .word   0xc0000000, 1, 0
        .word   0x00010000, 14, 15
        .word   0xffff8000, 16, 0
        .word   0xffff7fff, 15, 0
        .word   0x00000080, 23, 24
        .word   0xfffffffe, 30, 0
        .equ    NSA_ROWS, 12

        .text
        .align  4
.Lp_mm_table:
        .word   mm_table
.Lp_sext_table:
        .word   sext_table
.Lp_clamps_table:
        .word   clamps_table
.Lp_nsa_table:
        .word   nsa_table
.Lk_big:
        .word   0x89abcdef

        .global main
        .align  4
main:
        entry   a1, 48
# ---- checks 1-32: MIN, MAX, MINU, MAXU over the table -------------------------------------------
        l32r    a2, .Lp_mm_table
        movi    a3, MM_ROWS
        movi    a4, 1                    # number of the next check
.Lmm_row:
        l32i    a5, a2, 0
        l32i    a6, a2, 4
        min     a11, a5, a6
        l32i    a12, a2, 8
        mov     a10, a4
        call8   check
        max     a11, a5, a6
        l32i    a12, a2, 12
        addi    a10, a4, 1
        call8   check
        minu    a11, a5, a6
        l32i    a12, a2, 16
        addi    a10, a4, 2
        call8   check
        maxu    a11, a5, a6
        l32i    a12, a2, 20
        addi    a10, a4, 3
        call8   check
        addi    a4, a4, 4
        addi    a2, a2, 24
        addi    a3, a3, -1
        bnez    a3, .Lmm_row

# ---- checks 33-37: destination equal to a source -----------------------------------------------
        movi    a5, -7
        movi    a6, 5
        min     a5, a5, a6               # -7
        movi    a10, 33
        mov     a11, a5
        movi    a12, -7
        call8   check
        movi    a5, -7
        maxu    a6, a5, a6               # 0xfffffff9
        movi    a10, 34
        mov     a11, a6
        movi    a12, -7
        call8   check
        movi    a6, 9
        max     a6, a6, a6               # same register twice
        movi    a10, 35
        mov     a11, a6
        movi    a12, 9
        call8   check
        l32r    a5, .Lk_big
        movi    a6, 3
        minu    a11, a6, a5
        movi    a10, 36
        movi    a12, 3
        call8   check
        min     a11, a6, a5              # 0x89abcdef is negative
        movi    a10, 37
        mov     a12, a5
        call8   check

# ---- checks 38-49: SEXT -------------------------------------------------------------------------
        l32r    a2, .Lp_sext_table
        l32i    a5, a2, 0
        sext    a11, a5, 7
        l32i    a12, a2, 4
        movi    a10, 38
        call8   check
        l32i    a5, a2, 8
        sext    a11, a5, 7
        l32i    a12, a2, 12
        movi    a10, 39
        call8   check
        l32i    a5, a2, 16
        sext    a11, a5, 7
        l32i    a12, a2, 20
        movi    a10, 40
        call8   check
        l32i    a5, a2, 24
        sext    a11, a5, 8
        l32i    a12, a2, 28
        movi    a10, 41
        call8   check
        l32i    a5, a2, 32
        sext    a11, a5, 8
        l32i    a12, a2, 36
        movi    a10, 42
        call8   check
        l32i    a5, a2, 40
        sext    a11, a5, 8
        l32i    a12, a2, 44
        movi    a10, 43
        call8   check
        l32i    a5, a2, 48
        sext    a11, a5, 15
        l32i    a12, a2, 52
        movi    a10, 44
        call8   check
        l32i    a5, a2, 56
        sext    a11, a5, 15
        l32i    a12, a2, 60
        movi    a10, 45
        call8   check
        l32i    a5, a2, 64
        sext    a11, a5, 16
        l32i    a12, a2, 68
        movi    a10, 46
        call8   check
        l32i    a5, a2, 72
        sext    a11, a5, 16
        l32i    a12, a2, 76
        movi    a10, 47
        call8   check
        l32i    a5, a2, 80
        sext    a11, a5, 22
        l32i    a12, a2, 84
        movi    a10, 48
        call8   check
        l32i    a5, a2, 88
        sext    a11, a5, 22
        l32i    a12, a2, 92
        movi    a10, 49
        call8   check

# ---- checks 50-65: CLAMPS -----------------------------------------------------------------------
        l32r    a2, .Lp_clamps_table
        l32i    a5, a2, 0
        clamps  a11, a5, 7
        l32i    a12, a2, 4
        movi    a10, 50
        call8   check
        l32i    a5, a2, 8
        clamps  a11, a5, 7
        l32i    a12, a2, 12
        movi    a10, 51
        call8   check
        l32i    a5, a2, 16
        clamps  a11, a5, 7
        l32i    a12, a2, 20
        movi    a10, 52
        call8   check
        l32i    a5, a2, 24
        clamps  a11, a5, 7
        l32i    a12, a2, 28
        movi    a10, 53
        call8   check
        l32i    a5, a2, 32
        clamps  a11, a5, 7
        l32i    a12, a2, 36
        movi    a10, 54
        call8   check
        l32i    a5, a2, 40
        clamps  a11, a5, 7
        l32i    a12, a2, 44
        movi    a10, 55
        call8   check
        l32i    a5, a2, 48
        clamps  a11, a5, 8
        l32i    a12, a2, 52
        movi    a10, 56
        call8   check
        l32i    a5, a2, 56
        clamps  a11, a5, 8
        l32i    a12, a2, 60
        movi    a10, 57
        call8   check
        l32i    a5, a2, 64
        clamps  a11, a5, 15
        l32i    a12, a2, 68
        movi    a10, 58
        call8   check
        l32i    a5, a2, 72
        clamps  a11, a5, 15
        l32i    a12, a2, 76
        movi    a10, 59
        call8   check
        l32i    a5, a2, 80
        clamps  a11, a5, 15
        l32i    a12, a2, 84
        movi    a10, 60
        call8   check
        l32i    a5, a2, 88
        clamps  a11, a5, 15
        l32i    a12, a2, 92
        movi    a10, 61
        call8   check
        l32i    a5, a2, 96
        clamps  a11, a5, 22
        l32i    a12, a2, 100
        movi    a10, 62
        call8   check
        l32i    a5, a2, 104
        clamps  a11, a5, 22
        l32i    a12, a2, 108
        movi    a10, 63
        call8   check
        l32i    a5, a2, 112
        clamps  a11, a5, 22
        l32i    a12, a2, 116
        movi    a10, 64
        call8   check
        l32i    a5, a2, 120
        clamps  a11, a5, 22
        l32i    a12, a2, 124
        movi    a10, 65
        call8   check

# ---- checks 66-89: NSA and NSAU over the table ------------------------------------------------
        l32r    a2, .Lp_nsa_table
        movi    a3, NSA_ROWS
        movi    a4, 66
.Lnsa_row:
        l32i    a5, a2, 0
        nsa     a11, a5
        l32i    a12, a2, 4
        mov     a10, a4
        call8   check
        nsau    a11, a5
        l32i    a12, a2, 8
        addi    a10, a4, 1
        call8   check
        addi    a4, a4, 2
        addi    a2, a2, 12
        addi    a3, a3, -1
        bnez    a3, .Lnsa_row

        call8   report
        movi    a2, 0
        retw
