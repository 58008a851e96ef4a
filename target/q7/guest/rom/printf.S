# Q7 Studio ROM: printf(format, ...) and snprintf(buffer, size, format, ...), formatted by the
# runtime library (__q7_vprintf, __q7_vsnprintf). The six register words are stored next to each
# other and handed, with the address of the stack words, to the formatter (regs, stack); the frame
# keeps [sp+32, sp+64) free for the window save areas. A kernel image that never calls printf leaves
# this file out (and with it the formatting core of the runtime library).
#include <q7/abi.h>

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

        .align  4
        .global snprintf
        .type   snprintf, @function
snprintf:
        entry   a1, 64
        s32i    a2, a1, 0
        s32i    a3, a1, 4
        s32i    a4, a1, 8
        s32i    a5, a1, 12
        s32i    a6, a1, 16
        s32i    a7, a1, 20
        mov     a10, a1
        addi    a11, a1, 64
        call8   __q7_vsnprintf
        mov     a2, a10
        retw
        .size   snprintf, . - snprintf
