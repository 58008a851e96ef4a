# loops.S — zero-overhead loops (LOOP option): LOOP / LOOPNEZ / LOOPGTZ and LBEG / LEND / LCOUNT.
# Run on dc233c (and de233_fpu). Exit code = number of the first failed check (see rt/start.S).
# Semantics (xtensa-ivp-spec.md §8): LOOP* as, L sets LCOUNT = as - 1, LBEG = the next instruction,
# LEND = L; LOOPNEZ skips to LEND when as == 0, LOOPGTZ when (int)as <= 0 (LBEG/LEND/LCOUNT are
# still written). After an instruction that is not a taken branch and whose next PC is LEND, a
# non-zero LCOUNT is decremented and execution goes back to LBEG. A taken branch to LEND leaves
# the loop. LOOP with as == 0 iterates 2^32 times. Checks 37-38 take an exception (DIV32's
# IntegerDivideByZero, skipped by the rt/start.S handler) inside a loop body.

        .data
        .global test_name
test_name:
        .asciz  "loops"
        .align  4
call_counter:
        .word   0

        .text
        .align  4
.La_l1_beg:
        .word   .Ll1_beg
.La_l1_end:
        .word   .Ll1_end
.La_l2_beg:
        .word   .Ll2_beg
.La_l2_end:
        .word   .Ll2_end
.La_l3_beg:
        .word   .Ll3_beg
.La_l3_end:
        .word   .Ll3_end
.La_l4_end:
        .word   .Ll4_end
.La_m_beg:
        .word   .Lm_beg
.La_m_end:
        .word   .Lm_end
.Lp_call_counter:
        .word   call_counter
.Lp_exc_count:
        .word   exc_count

        .global main
        .align  4
main:
        entry   a1, 48
# ---- 1-4: LOOP with a one-instruction body ------------------------------------------------------
        movi    a2, 5
        movi    a3, 0
        loop    a2, .Ll1_end
.Ll1_beg:
        addi    a3, a3, 2
.Ll1_end:
        rsr.lcount a5
        rsr.lbeg a6
        rsr.lend a7
        movi    a10, 1
        mov     a11, a3
        movi    a12, 10
        call8   check
        movi    a10, 2
        mov     a11, a5
        movi    a12, 0
        call8   check
        movi    a10, 3
        mov     a11, a6
        l32r    a12, .La_l1_beg
        call8   check
        movi    a10, 4
        mov     a11, a7
        l32r    a12, .La_l1_end
        call8   check

# ---- 5-7: LOOP, three-instruction body, registers read inside the body ---------------------------
        movi    a2, 4
        movi    a3, 0
        movi    a4, 0
        loop    a2, .Ll2_end
.Ll2_beg:
        rsr.lcount a5                    # 3, 2, 1, 0 in turn
        add     a4, a4, a5
        addi    a3, a3, 1
.Ll2_end:
        movi    a10, 5
        mov     a11, a3
        movi    a12, 4
        call8   check
        movi    a10, 6
        mov     a11, a4                  # 3 + 2 + 1 + 0
        movi    a12, 6
        call8   check
        rsr.lbeg a11
        movi    a10, 7
        l32r    a12, .La_l2_beg
        call8   check

# ---- 8-12: LOOPNEZ with 0 skips the body but still sets LCOUNT/LBEG/LEND ------------------------
        movi    a2, 0
        movi    a3, 0
        loopnez a2, .Ll3_end
.Ll3_beg:
        addi    a3, a3, 1
        addi    a3, a3, 1
.Ll3_end:
        rsr.lcount a5
        rsr.lbeg a6
        rsr.lend a7
        movi    a10, 8
        mov     a11, a3
        movi    a12, 0
        call8   check
        movi    a10, 9
        mov     a11, a5
        movi    a12, -1
        call8   check
        movi    a10, 10
        mov     a11, a6
        l32r    a12, .La_l3_beg
        call8   check
        movi    a10, 11
        mov     a11, a7
        l32r    a12, .La_l3_end
        call8   check
        movi    a2, 3                    # LOOPNEZ with 3 iterates 3 times
        movi    a3, 0
        loopnez a2, .Ll5_end
        addi    a3, a3, 7
.Ll5_end:
        movi    a10, 12
        mov     a11, a3
        movi    a12, 21
        call8   check

# ---- 13-18: LOOPGTZ with negative, zero and positive counts ------------------------------------
        movi    a2, -5
        movi    a3, 0
        loopgtz a2, .Ll4_end
        addi    a3, a3, 1
.Ll4_end:
        rsr.lcount a5
        rsr.lend a7
        movi    a10, 13
        mov     a11, a3
        movi    a12, 0
        call8   check
        movi    a10, 14
        mov     a11, a5
        movi    a12, -6
        call8   check
        movi    a10, 15
        mov     a11, a7
        l32r    a12, .La_l4_end
        call8   check
        movi    a2, 0
        movi    a3, 0
        loopgtz a2, .Ll6_end
        addi    a3, a3, 1
.Ll6_end:
        rsr.lcount a5
        movi    a10, 16
        mov     a11, a3
        movi    a12, 0
        call8   check
        movi    a10, 17
        mov     a11, a5
        movi    a12, -1
        call8   check
        movi    a2, 7
        movi    a3, 0
        loopgtz a2, .Ll7_end
        addi    a3, a3, 3
.Ll7_end:
        movi    a10, 18
        mov     a11, a3
        movi    a12, 21
        call8   check

# ---- 19-20: LOOP with a count of 1 runs the body once ----------------------------------------
        movi    a2, 1
        movi    a3, 0
        loop    a2, .Ll8_end
        addi    a3, a3, 1
        addi    a3, a3, 10
.Ll8_end:
        rsr.lcount a5
        movi    a10, 19
        mov     a11, a3
        movi    a12, 11
        call8   check
        movi    a10, 20
        mov     a11, a5
        movi    a12, 0
        call8   check

# ---- 21-22: a taken branch to LEND leaves the loop (no loop-back), LCOUNT stays -----------------
        movi    a2, 10
        movi    a3, 0
        movi    a9, 1
        loop    a2, .Ll9_end
        addi    a3, a3, 1
        bnez    a9, .Ll9_end             # taken, target = LEND
        addi    a3, a3, 100
.Ll9_end:
        rsr.lcount a5
        movi    a10, 21
        mov     a11, a3
        movi    a12, 1
        call8   check
        movi    a10, 22
        mov     a11, a5
        movi    a12, 9
        call8   check

# ---- 23-24: a branch that is not taken as the last body instruction still loops back ---------
        movi    a2, 6
        movi    a3, 0
        movi    a9, 1
        loop    a2, .Ll10_end
        addi    a3, a3, 1
        beqz    a9, .Ll10_out            # never taken
.Ll10_end:
        movi    a10, 23
        mov     a11, a3
        movi    a12, 6
        call8   check
        rsr.lcount a11
        movi    a10, 24
        movi    a12, 0
        call8   check
        j       .Ll10_done
.Ll10_out:
        movi    a10, 23                  # reached only if the branch was wrongly taken
        movi    a11, -1
        movi    a12, 6
        call8   check
.Ll10_done:

# ---- 25-26: LOOP with a count of 0 iterates 2^32 times: leave it after 4 iterations --------------
        movi    a2, 0
        movi    a3, 0
        loop    a2, .Ll11_end
        addi    a3, a3, 1
        beqi    a3, 4, .Ll11_out
        nop
.Ll11_end:
        movi    a3, 1000                 # reached only if the loop ended by itself
.Ll11_out:
        rsr.lcount a5
        movi    a10, 25
        mov     a11, a3
        movi    a12, 4
        call8   check
        movi    a10, 26
        mov     a11, a5
        movi    a12, -4                  # 0xffffffff, then three loop-backs
        call8   check
        movi    a5, 0
        wsr.lcount a5

# ---- 27: the body ends with a 16-bit instruction ------------------------------------------------
        movi    a2, 6
        movi    a3, 0
        loop    a2, .Ll12_end
        addi    a3, a3, 2
        addi.n  a3, a3, 1
.Ll12_end:
        movi    a10, 27
        mov     a11, a3
        movi    a12, 18
        call8   check

# ---- 28-29: WSR LCOUNT inside the body ends the loop after the current iteration --------------
        movi    a2, 10
        movi    a3, 0
        movi    a4, 0
        loop    a2, .Ll13_end
        addi    a3, a3, 1
        bnei    a3, 2, .Ll13_skip
        wsr.lcount a4
        isync
.Ll13_skip:
        nop
.Ll13_end:
        rsr.lcount a5
        movi    a10, 28
        mov     a11, a3
        movi    a12, 2
        call8   check
        movi    a10, 29
        mov     a11, a5
        movi    a12, 0
        call8   check

# ---- 30-31: a loop set up by writing LBEG, LEND and LCOUNT directly ----------------------------
        l32r    a5, .La_m_beg
        wsr.lbeg a5
        l32r    a5, .La_m_end
        wsr.lend a5
        movi    a5, 2
        wsr.lcount a5
        isync
        movi    a3, 0
.Lm_beg:
        addi    a3, a3, 5
        addi    a3, a3, 1
.Lm_end:
        rsr.lcount a5
        movi    a10, 30
        mov     a11, a3
        movi    a12, 18                  # 3 iterations of +6
        call8   check
        movi    a10, 31
        mov     a11, a5
        movi    a12, 0
        call8   check

# ---- 32-33: a call inside the body ---------------------------------------------------------------
        l32r    a6, .Lp_call_counter
        movi    a5, 0
        s32i    a5, a6, 0
        movi    a2, 5
        movi    a3, 0
        loop    a2, .Ll14_end
        call8   bump_counter
        addi    a3, a3, 1
.Ll14_end:
        l32i    a11, a6, 0
        movi    a10, 32
        movi    a12, 5
        call8   check
        movi    a10, 33
        mov     a11, a3
        movi    a12, 5
        call8   check

# ---- 34-36: a loop inside a called function; the caller's registers survive -------------------
        movi    a7, 77
        movi    a10, 9
        call8   sum_to                   # 1 + 2 + ... + 9
        mov     a11, a10
        movi    a10, 34
        movi    a12, 45
        call8   check
        movi    a10, 0
        call8   sum_to                   # LOOPNEZ with 0: 0
        mov     a11, a10
        movi    a10, 35
        movi    a12, 0
        call8   check
        movi    a10, 36
        mov     a11, a7
        movi    a12, 77
        call8   check

# ---- 37-38: an exception inside the body (handled, skipped) does not disturb the loop --------------
        l32r    a6, .Lp_exc_count
        l32i    a7, a6, 0                # exceptions so far (0)
        movi    a2, 3
        movi    a3, 0
        loop    a2, .Ll15_end
        movi    a10, 3
        call8   exc_arm
        movi    a8, 0
        quou    a9, a3, a8               # IntegerDivideByZero, skipped by the handler
        addi    a3, a3, 1
.Ll15_end:
        movi    a10, 37
        mov     a11, a3
        movi    a12, 3
        call8   check
        l32i    a11, a6, 0
        sub     a11, a11, a7
        movi    a10, 38
        movi    a12, 3
        call8   check

        call8   report
        movi    a2, 0
        retw

# bump_counter(): call_counter += 1 (no loop of its own)
        .align  4
bump_counter:
        entry   a1, 32
        l32r    a2, .Lp_call_counter
        l32i    a3, a2, 0
        addi    a3, a3, 1
        s32i    a3, a2, 0
        retw

# sum_to(a2 = n): 1 + 2 + ... + n using LOOPNEZ
        .align  4
sum_to:
        entry   a1, 32
        movi    a3, 0
        movi    a4, 0
        loopnez a2, .Lsum_end
        addi    a4, a4, 1
        add     a3, a3, a4
.Lsum_end:
        mov     a2, a3
        retw
