/* Q7 Studio ROM: the XEA2 register-window exception handlers (xtensa-ivp-spec.md §7.4).

   Place this section at VECBASE (1 KiB aligned). The emulator vectors WindowOverflow4/8/12 and
   WindowUnderflow4/8/12 to VECBASE + 0x000/0x080/0x100 and 0x040/0x0c0/0x140 after rotating the
   window onto the frame to spill (overflow) or to reload (underflow); PS.EXCM is set and EPC1
   holds the instruction to re-execute, which RFWO/RFWU return to.

   Save-area layout (the standard one compiled windowed code relies on):
     - base save area: a frame's a0..a3 go to the 16 bytes below the stack pointer of the frame
       it called (the next frame's a1), [sp - 16 .. sp - 4];
     - extra save area: a4..a7 (8-register frame) or a4..a11 (12-register frame) go below the
       stack pointer of the frame's caller, [caller sp - 32 .. - 20] or [caller sp - 48 .. - 20];
       the caller's sp is read from the caller's base save area, [own sp - 12], which holds it
       because frames are spilled oldest first.
   Only a0..a3 of the spilled frame and the next frame's sp are touched before being saved. */

        .section .window_vectors, "ax"
        .global _window_vectors
        .align  1024
_window_vectors:

/* VECBASE + 0x000: spill a 4-register frame; a5 is the next frame's sp. */
        .org    _window_vectors + 0x000
_WindowOverflow4:
        s32e    a0, a5, -16
        s32e    a1, a5, -12
        s32e    a2, a5, -8
        s32e    a3, a5, -4
        rfwo

/* VECBASE + 0x040: reload a 4-register frame from below the returning frame's sp (a5). */
        .org    _window_vectors + 0x040
_WindowUnderflow4:
        l32e    a0, a5, -16
        l32e    a1, a5, -12
        l32e    a2, a5, -8
        l32e    a3, a5, -4
        rfwu

/* VECBASE + 0x080: spill an 8-register frame; a9 is the next frame's sp. */
        .org    _window_vectors + 0x080
_WindowOverflow8:
        s32e    a0, a9, -16
        l32e    a0, a1, -12             /* a0 = caller's sp */
        s32e    a1, a9, -12
        s32e    a2, a9, -8
        s32e    a3, a9, -4
        s32e    a4, a0, -32
        s32e    a5, a0, -28
        s32e    a6, a0, -24
        s32e    a7, a0, -20
        rfwo

/* VECBASE + 0x0c0: reload an 8-register frame. */
        .org    _window_vectors + 0x0c0
_WindowUnderflow8:
        l32e    a1, a9, -12
        l32e    a0, a9, -16
        l32e    a7, a1, -12             /* a7 = caller's sp */
        l32e    a2, a9, -8
        l32e    a4, a7, -32
        l32e    a3, a9, -4
        l32e    a5, a7, -28
        l32e    a6, a7, -24
        l32e    a7, a7, -20
        rfwu

/* VECBASE + 0x100: spill a 12-register frame; a13 is the next frame's sp. */
        .org    _window_vectors + 0x100
_WindowOverflow12:
        s32e    a0, a13, -16
        l32e    a0, a1, -12             /* a0 = caller's sp */
        s32e    a1, a13, -12
        s32e    a2, a13, -8
        s32e    a3, a13, -4
        s32e    a4, a0, -48
        s32e    a5, a0, -44
        s32e    a6, a0, -40
        s32e    a7, a0, -36
        s32e    a8, a0, -32
        s32e    a9, a0, -28
        s32e    a10, a0, -24
        s32e    a11, a0, -20
        rfwo

/* VECBASE + 0x140: reload a 12-register frame. */
        .org    _window_vectors + 0x140
_WindowUnderflow12:
        l32e    a1, a13, -12
        l32e    a0, a13, -16
        l32e    a11, a1, -12            /* a11 = caller's sp */
        l32e    a2, a13, -8
        l32e    a4, a11, -48
        l32e    a8, a11, -32
        l32e    a3, a13, -4
        l32e    a5, a11, -44
        l32e    a9, a11, -28
        l32e    a6, a11, -40
        l32e    a10, a11, -24
        l32e    a7, a11, -36
        l32e    a11, a11, -20
        rfwu
