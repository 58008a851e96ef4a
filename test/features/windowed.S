# windowed.S — windowed registers: CALL4/8/12, CALLX4/8/12, ENTRY, RETW, window overflow and
# underflow through the handlers of rt/start.S, ROTW, MOVSP, WINDOWBASE / WINDOWSTART.
# Run on dc233c (and de233_fpu): 32 physical AREGs = 8 panes of 4.
# Exit code = number of the first failed check (see rt/start.S).
# Semantics: xtensa-ivp-spec.md §7. The recursions below keep values in every register their frame
# owns across the call (a2..a3 for CALL4 frames, a2..a7 for CALL8, a2..a11 for CALL12) and fold all
# of them, and the window increment in a0[31:30], into the result, so a register lost or swapped by a
# spill/fill changes the result. Expected results were computed from the same arithmetic by a model
# (comments give the formulas).
#
# Checks
#   1-2   WINDOWBASE = 1, WINDOWSTART = 0b11 on entry to main (start-up frame at pane 0, main at 1)
#   3-6   chain8, chain12, cycle (call4/call8/call12/callx4/callx8/callx12), c4sum results
#   7-8   WINDOWBASE = 1, WINDOWSTART = 0b10 afterwards (the start-up frame stayed spilled)
#   9-20  a0[31:30] and PS.CALLINC seen by the callee for each of the six call forms
#   21    PS & (WOE|UM|EXCM|INTLEVEL) in a callee = WOE|UM|INTLEVEL 15
#   22-23 MOVSP with the caller's frame live: no exception, SP moved by -16
#   24-26 MOVSP with the caller's frame spilled: Alloca (EXCCAUSE 5) at the MOVSP
#   27-36 ROTW 1, ROTW 1, ROTW -2: registers seen through the rotated window, WINDOWBASE values
#   37-46 save-area layout written by WindowOverflow8 (xtensa-ivp-spec.md §7.4)
#   47-48 main's own a6/a7 survived everything
#   49    exactly one exception (the Alloca) was taken through the user vector

        .data
        .global test_name
test_name:
        .asciz  "windowed"
        .align  4
rotw_buf:
        .space  48
layout_buf:
        .space  48

        .text
        .align  4
.Lk_chain8:
        .word   0x492f413f               # chain8(40, 7)
.Lk_chain12:
        .word   0xffffdb70               # chain12(25, 0x1000)
.Lk_cycle:
        .word   0x24bcada3               # f0(30, 0x1234) entered with CALL8
.Lk_c4sum:
        .word   0xc7f7d625               # c4sum(40)
.La_probe:
        .word   probe
.La_f0:
        .word   f0
.La_f4:
        .word   f4
.La_f5:
        .word   f5
.Lp_rotw_buf:
        .word   rotw_buf
.Lp_layout_buf:
        .word   layout_buf
.Lp_exc_cause:
        .word   exc_cause
.Lp_exc_epc:
        .word   exc_epc
.Lp_exc_count:
        .word   exc_count
.La_alloca_insn:
        .word   .Lalloca_insn
.La_layout_ret:
        .word   .Llayout_ret
.Lk_ra_top:
        .word   0x40000000
.Lk_ps_mask:
        .word   0x0004003f
.Lk_ps_run:
        .word   0x0004002f
.Lk_sentinel6:
        .word   0x6666aaaa
.Lk_sentinel7:
        .word   0x7777bbbb

        .global main
        .align  4
main:
        entry   a1, 48
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
# ---- 1-2 ----------------------------------------------------------------------------------------
        rsr.windowbase a11
        movi    a10, 1
        movi    a12, 1
        call8   check
        rsr.windowstart a11
        movi    a10, 2
        movi    a12, 3
        call8   check
# ---- 3-6: deep recursions -----------------------------------------------------------------------
        movi    a10, 40
        movi    a11, 7
        call8   chain8
        mov     a11, a10
        movi    a10, 3
        l32r    a12, .Lk_chain8
        call8   check
        movi    a10, 25
        movi    a11, 1
        slli    a11, a11, 12
        call8   chain12
        mov     a11, a10
        movi    a10, 4
        l32r    a12, .Lk_chain12
        call8   check
        movi    a10, 30
        movi    a11, 0x123
        slli    a11, a11, 4
        addi    a11, a11, 4
        call8   f0
        mov     a11, a10
        movi    a10, 5
        l32r    a12, .Lk_cycle
        call8   check
        movi    a10, 40
        call8   c4sum
        mov     a11, a10
        movi    a10, 6
        l32r    a12, .Lk_c4sum
        call8   check
# ---- 7-8 ----------------------------------------------------------------------------------------
        rsr.windowbase a11
        movi    a10, 7
        movi    a12, 1
        call8   check
        rsr.windowstart a11
        movi    a10, 8
        movi    a12, 2
        call8   check
# ---- 9-20: what the callee sees of each call form: a0[31:30] | PS.CALLINC << 4 ---------------
        call4   probe
        mov     a11, a6                  # result of a CALL4 callee arrives in a6
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
        movi    a10, 9
        movi    a12, 0x11
        call8   check
        call8   probe
        mov     a11, a10
        movi    a10, 10
        movi    a12, 0x22
        call8   check
        call12  probe
        mov     a11, a14
        movi    a10, 11
        movi    a12, 0x33
        call8   check
        l32r    a8, .La_probe
        callx4  a8
        mov     a11, a6
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
        movi    a10, 12
        movi    a12, 0x11
        call8   check
        l32r    a8, .La_probe
        callx8  a8                       # target register = the register CALLX8 links through
        mov     a11, a10
        movi    a10, 13
        movi    a12, 0x22
        call8   check
        l32r    a12, .La_probe
        callx12 a12
        mov     a11, a14
        movi    a10, 14
        movi    a12, 0x33
        call8   check
        l32r    a4, .La_probe            # CALLX4 through a4, which it also writes
        callx4  a4
        mov     a11, a6
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
        movi    a10, 15
        movi    a12, 0x11
        call8   check
        movi    a10, 0                   # probe2 returns PS.CALLINC only
        call8   probe2
        mov     a11, a10
        movi    a10, 16
        movi    a12, 2
        call8   check
        movi    a14, 0
        call12  probe2
        mov     a11, a14
        movi    a10, 17
        movi    a12, 3
        call8   check
        movi    a6, 0
        call4   probe2
        mov     a11, a6
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
        movi    a10, 18
        movi    a12, 1
        call8   check
        l32r    a8, .La_probe
        callx12 a8
        mov     a11, a14
        movi    a10, 19
        movi    a12, 0x33
        call8   check
        l32r    a8, .La_probe
        callx4  a8
        mov     a11, a6
        l32r    a6, .Lk_sentinel6
        l32r    a7, .Lk_sentinel7
        movi    a10, 20
        movi    a12, 0x11
        call8   check
# ---- 21 -----------------------------------------------------------------------------------------
        movi    a10, 1                   # probe2(1) returns PS & (WOE | UM | EXCM | INTLEVEL)
        call8   probe2
        mov     a11, a10
        movi    a10, 21
        l32r    a12, .Lk_ps_run
        call8   check
# ---- 22-23: MOVSP with the caller live ----------------------------------------------------------
        call8   movsp_probe
        mov     a11, a10
        movi    a10, 22
        movi    a12, -16
        call8   check
        l32r    a11, .Lp_exc_count
        l32i    a11, a11, 0
        movi    a10, 23
        movi    a12, 0
        call8   check
# ---- 24-26: MOVSP with the caller spilled raises Alloca ------------------------------------------
        call8   alloca_probe
        l32r    a11, .Lp_exc_cause
        l32i    a11, a11, 0
        movi    a10, 24
        movi    a12, 5
        call8   check
        l32r    a11, .Lp_exc_epc
        l32i    a11, a11, 0
        movi    a10, 25
        l32r    a12, .La_alloca_insn
        call8   check
        l32r    a11, .Lp_exc_count
        l32i    a11, a11, 0
        movi    a10, 26
        movi    a12, 1
        call8   check
# ---- 27-36: ROTW ---------------------------------------------------------------------------------
        l32r    a10, .Lp_rotw_buf
        call8   rotw_probe
        l32r    a2, .Lp_rotw_buf
        l32i    a11, a2, 0               # WINDOWBASE in rotw_probe: main's 1 + 2
        movi    a10, 27
        movi    a12, 3
        call8   check
        l32i    a11, a2, 4
        movi    a10, 28
        movi    a12, 0x44
        call8   check
        l32i    a11, a2, 8
        movi    a10, 29
        movi    a12, 0x55
        call8   check
        l32i    a11, a2, 12
        movi    a10, 30
        movi    a12, 0x66
        call8   check
        l32i    a11, a2, 16
        movi    a10, 31
        movi    a12, 4
        call8   check
        l32i    a11, a2, 20
        movi    a10, 32
        movi    a12, 0x88
        call8   check
        l32i    a11, a2, 24
        movi    a10, 33
        movi    a12, 0x99
        call8   check
        l32i    a11, a2, 28
        movi    a10, 34
        movi    a12, 0xaa
        call8   check
        l32i    a11, a2, 32
        movi    a10, 35
        movi    a12, 5
        call8   check
        l32i    a11, a2, 36
        movi    a10, 36
        movi    a12, 3
        call8   check
# ---- 37-46: the save areas written by WindowOverflow8 ----------------------------------------------
        l32r    a2, .Lp_layout_buf
        mov     a10, a2
        call8   layout_outer
.Llayout_ret:
        mov     a3, a10                  # layout_outer's result
        l32i    a11, a2, 4               # layout_outer's a0: return address into main, bits 31:30 = 2
        l32r    a12, .La_layout_ret
        l32r    a13, .Lk_ra_top
        xor     a12, a12, a13            # 0xfe...... -> 0xbe......
        movi    a10, 37
        call8   check
        l32i    a11, a2, 8               # layout_outer's a1 = layout_inner's a1 + 48
        l32i    a12, a2, 0
        addi    a12, a12, 48
        movi    a10, 38
        call8   check
        l32i    a11, a2, 12
        movi    a10, 39
        movi    a12, 0xa2
        call8   check
        l32i    a11, a2, 16
        movi    a10, 40
        movi    a12, 0xa3
        call8   check
        l32i    a11, a2, 20              # main's a1, read from [layout_outer's a1 - 12]
        movi    a10, 41
        mov     a12, a1
        call8   check
        l32i    a11, a2, 24
        movi    a10, 42
        movi    a12, 0xa4
        call8   check
        l32i    a11, a2, 28
        movi    a10, 43
        movi    a12, 0xa5
        call8   check
        l32i    a11, a2, 32
        movi    a10, 44
        movi    a12, 0xa6
        call8   check
        l32i    a11, a2, 36
        movi    a10, 45
        movi    a12, 0xa7
        call8   check
        mov     a11, a3                  # layout_outer's registers after the call: 0xa2 + ... + 0xa7
        movi    a10, 46
        movi    a12, 0x3db
        call8   check
# ---- 47-49 --------------------------------------------------------------------------------------
        mov     a11, a6
        movi    a10, 47
        l32r    a12, .Lk_sentinel6
        call8   check
        mov     a11, a7
        movi    a10, 48
        l32r    a12, .Lk_sentinel7
        call8   check
        l32r    a11, .Lp_exc_count
        l32i    a11, a11, 0
        movi    a10, 49
        movi    a12, 1
        call8   check

        call8   report
        movi    a2, 0
        retw

# ---------------------------------------------------------------------------------------------------
# chain8(n, x): CALL8 recursion; 0 -> x, else
#   r = chain8(n-1, x+5); r = ((((r + (n+11)) - (x^n)) ^ (n<<3)) + 2x + x) * n; return r ^ x
        .align  4
chain8:
        entry   a1, 48
        beqz    a2, .Lc8_leaf
        addi    a4, a2, 11
        xor     a5, a3, a2
        slli    a6, a2, 3
        add     a7, a3, a3
        s32i    a3, a1, 0                # x in the frame's local area too
        addi    a10, a2, -1
        addi    a11, a3, 5
        call8   chain8
        l32i    a8, a1, 0
        add     a10, a10, a4
        sub     a10, a10, a5
        xor     a10, a10, a6
        add     a10, a10, a7
        add     a10, a10, a8
        mull    a10, a10, a2
        xor     a2, a10, a3
        retw
.Lc8_leaf:
        mov     a2, a3
        retw

# chain12(n, x): CALL12 recursion; 0 -> x, else
#   r = chain12(n-1, x+3n); fold r with 3n, x+n, x-n, n^0x55, x<<1, x>>1, 4n+x, ~x by + and ^
#   alternately; return r - n + x
        .align  4
chain12:
        entry   a1, 64
        beqz    a2, .Lc12_leaf
        addx2   a4, a2, a2
        add     a5, a3, a2
        sub     a6, a3, a2
        movi    a7, 0x55
        xor     a7, a7, a2
        slli    a8, a3, 1
        srli    a9, a3, 1
        addx4   a10, a2, a3
        movi    a11, -1
        xor     a11, a11, a3
        addi    a14, a2, -1
        add     a15, a3, a4
        call12  chain12
        add     a14, a14, a4
        xor     a14, a14, a5
        add     a14, a14, a6
        xor     a14, a14, a7
        add     a14, a14, a8
        xor     a14, a14, a9
        add     a14, a14, a10
        xor     a14, a14, a11
        sub     a14, a14, a2
        add     a2, a14, a3
        retw
.Lc12_leaf:
        mov     a2, a3
        retw

# The cycle f0 -> f1 -> f2 -> f3 -> f4 -> f5 -> f0 uses CALL4, CALL8, CALL12, CALLX4, CALLX8,
# CALLX12 in turn. fi(n, acc): 0 -> acc ^ (a0[31:30] << si), else the fold below; si = 8, 12, 16,
# 20, 24, 28 for f0..f5.
        .align  4
f0:                                      # CALL4 frame: keeps a2, a3
        entry   a1, 32
        beqz    a2, .Lf0_leaf
        addi    a6, a2, -1
        addi    a7, a3, 1
        call4   f1
        extui   a4, a0, 30, 2
        slli    a4, a4, 8
        xor     a6, a6, a4
        add     a6, a6, a2
        xor     a2, a6, a3
        retw
.Lf0_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 8
        xor     a2, a3, a4
        retw

        .align  4
f1:                                      # CALL8 frame: keeps a2..a7
        entry   a1, 48
        beqz    a2, .Lf1_leaf
        addi    a4, a3, 3
        xor     a5, a2, a3
        slli    a6, a3, 5
        addi    a7, a2, 100
        addi    a10, a2, -1
        add     a11, a3, a2
        call8   f2
        add     a10, a10, a4
        xor     a10, a10, a5
        add     a10, a10, a6
        xor     a10, a10, a7
        extui   a4, a0, 30, 2
        slli    a4, a4, 12
        xor     a10, a10, a4
        sub     a2, a10, a3
        retw
.Lf1_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 12
        xor     a2, a3, a4
        retw

        .align  4
f2:                                      # CALL12 frame: keeps a2..a11
        entry   a1, 64
        beqz    a2, .Lf2_leaf
        addi    a4, a2, 1
        addi    a5, a3, 2
        xor     a6, a2, a3
        add     a7, a2, a3
        slli    a8, a2, 4
        srli    a9, a3, 3
        sub     a10, a3, a2
        addx8   a11, a2, a3
        addi    a14, a2, -1
        xor     a15, a3, a4
        call12  f3
        add     a14, a14, a4
        xor     a14, a14, a5
        add     a14, a14, a6
        xor     a14, a14, a7
        add     a14, a14, a8
        xor     a14, a14, a9
        add     a14, a14, a10
        xor     a14, a14, a11
        extui   a4, a0, 30, 2
        slli    a4, a4, 16
        xor     a14, a14, a4
        sub     a2, a14, a2
        retw
.Lf2_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 16
        xor     a2, a3, a4
        retw

        .align  4
f3:                                      # CALLX4 frame: keeps a2, a3
        entry   a1, 32
        beqz    a2, .Lf3_leaf
        l32r    a4, .La_f4
        addi    a6, a2, -1
        xor     a7, a3, a2
        callx4  a4
        extui   a4, a0, 30, 2
        slli    a4, a4, 20
        xor     a6, a6, a4
        add     a6, a6, a3
        xor     a2, a6, a2
        retw
.Lf3_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 20
        xor     a2, a3, a4
        retw

        .align  4
f4:                                      # CALLX8 frame: keeps a2..a7
        entry   a1, 48
        beqz    a2, .Lf4_leaf
        addi    a4, a2, 7
        slli    a5, a3, 2
        xor     a6, a3, a4
        addi    a7, a3, -9
        l32r    a8, .La_f5
        addi    a10, a2, -1
        add     a11, a3, a5
        callx8  a8
        add     a10, a10, a4
        xor     a10, a10, a5
        add     a10, a10, a6
        xor     a10, a10, a7
        extui   a4, a0, 30, 2
        slli    a4, a4, 24
        xor     a10, a10, a4
        xor     a2, a10, a2
        retw
.Lf4_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 24
        xor     a2, a3, a4
        retw

        .align  4
f5:                                      # CALLX12 frame: keeps a2..a11
        entry   a1, 64
        beqz    a2, .Lf5_leaf
        addi    a4, a3, -1
        xor     a5, a3, a2
        addx2   a6, a3, a2
        slli    a7, a2, 9
        addi    a8, a2, 33
        srli    a9, a3, 7
        sub     a10, a2, a3
        addx4   a11, a3, a3
        l32r    a12, .La_f0
        addi    a14, a2, -1
        add     a15, a3, a8
        callx12 a12
        xor     a14, a14, a4
        add     a14, a14, a5
        xor     a14, a14, a6
        add     a14, a14, a7
        xor     a14, a14, a8
        add     a14, a14, a9
        xor     a14, a14, a10
        add     a14, a14, a11
        extui   a4, a0, 30, 2
        slli    a4, a4, 28
        xor     a14, a14, a4
        add     a2, a14, a3
        retw
.Lf5_leaf:
        extui   a4, a0, 30, 2
        slli    a4, a4, 28
        xor     a2, a3, a4
        retw

# c4sum(n): CALL4 recursion, 0 -> 1, else 3 * c4sum(n-1) + n. With 1-pane frames the window
# fills after 7 levels, so the argument writes to a6 themselves raise WindowOverflow4.
        .align  4
c4sum:
        entry   a1, 32
        beqz    a2, .Lc4_leaf
        addi    a6, a2, -1
        call4   c4sum
        addx2   a6, a6, a6
        add     a2, a6, a2
        retw
.Lc4_leaf:
        movi    a2, 1
        retw

# probe(): a0[31:30] | PS.CALLINC << 4 as seen right after ENTRY
        .align  4
probe:
        entry   a1, 32
        rsr.ps  a3
        extui   a3, a3, 16, 2
        slli    a3, a3, 4
        extui   a2, a0, 30, 2
        or      a2, a2, a3
        retw

# probe2(sel): sel = 0 -> PS.CALLINC; sel = 1 -> PS & 0x4003f
        .align  4
probe2:
        entry   a1, 32
        rsr.ps  a3
        bnez    a2, .Lprobe2_ps
        extui   a2, a3, 16, 2
        retw
.Lprobe2_ps:
        l32r    a4, .Lk_ps_mask
        and     a2, a3, a4
        retw

# movsp_probe(): moves the stack pointer down by 16 with MOVSP and back; returns new - old
        .align  4
movsp_probe:
        entry   a1, 32
        mov     a4, a1
        addi    a3, a1, -16
        movsp   a1, a3
        sub     a2, a1, a4
        movsp   a1, a4
        retw

# alloca_probe(): spills every older frame with a deep chain8, then executes MOVSP, which must
# raise Alloca because the caller's frame is no longer in the register file.
        .align  4
alloca_probe:
        entry   a1, 48
        movi    a10, 12
        movi    a11, 1
        call8   chain8
        movi    a10, 3
        call8   exc_arm
        mov     a4, a1
.Lalloca_insn:
        movsp   a1, a4
        retw

# rotw_probe(buf): see checks 27-36
        .align  4
rotw_probe:
        entry   a1, 32
        rsr.windowbase a3
        s32i    a3, a2, 0
        movi    a4, 0x44
        movi    a5, 0x55
        movi    a6, 0x66
        mov     a7, a2
        movi    a8, 0x88
        movi    a9, 0x99
        movi    a10, 0xaa
        mov     a11, a2
        rotw    1                        # a0..a3 are now the old a4..a7
        s32i    a0, a3, 4
        s32i    a1, a3, 8
        s32i    a2, a3, 12
        rsr.windowbase a0
        s32i    a0, a3, 16
        rotw    1                        # a0..a3 are now the old a8..a11
        s32i    a0, a3, 20
        s32i    a1, a3, 24
        s32i    a2, a3, 28
        rsr.windowbase a0
        s32i    a0, a3, 32
        rotw    -2
        rsr.windowbase a3
        s32i    a3, a2, 36
        retw

# layout_outer(buf): puts 0xa2..0xa7 in a2..a7 and calls layout_inner with CALL8; returns the sum
# of its a2..a7 after the call (0x3db).
        .align  4
layout_outer:
        entry   a1, 48
        mov     a10, a2
        movi    a2, 0xa2
        movi    a3, 0xa3
        movi    a4, 0xa4
        movi    a5, 0xa5
        movi    a6, 0xa6
        movi    a7, 0xa7
        call8   layout_inner
        add     a2, a2, a3
        add     a2, a2, a4
        add     a2, a2, a5
        add     a2, a2, a6
        add     a2, a2, a7
        retw

# layout_inner(buf): spills layout_outer (and everything older), then copies out of memory
#   buf[0] = own a1, buf[1..4] = the 16 bytes below own a1 (layout_outer's a0..a3),
#   buf[5] = the word at layout_outer's a1 - 12 (main's a1), buf[6..9] = the 16 bytes at main's
#   a1 - 32 (layout_outer's a4..a7).
        .align  4
layout_inner:
        entry   a1, 48
        movi    a10, 12
        movi    a11, 3
        call8   chain8
        s32i    a1, a2, 0
        addi    a4, a1, -16
        l32i    a5, a4, 0
        s32i    a5, a2, 4
        l32i    a5, a4, 4
        s32i    a5, a2, 8
        l32i    a5, a4, 8
        s32i    a5, a2, 12
        l32i    a5, a4, 12
        s32i    a5, a2, 16
        l32i    a6, a4, 4
        addi    a6, a6, -16
        l32i    a6, a6, 4
        s32i    a6, a2, 20
        addi    a6, a6, -32
        l32i    a5, a6, 0
        s32i    a5, a2, 24
        l32i    a5, a6, 4
        s32i    a5, a2, 28
        l32i    a5, a6, 8
        s32i    a5, a2, 32
        l32i    a5, a6, 12
        s32i    a5, a2, 36
        retw
