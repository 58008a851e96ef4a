# Q7 Studio ROM, program mode: the launcher runs main, by a long call (L32R + CALLX8: CALL8 reaches
# ±512 KiB, and main may sit at the end of a large program).
#include <q7/abi.h>

        .literal .Lrom_main, main

/* int __q7_launch(void): the program's entry, main */
        .align  4
        .global __q7_launch
        .type   __q7_launch, @function
__q7_launch:
        entry   a1, 32
        l32r    a8, .Lrom_main
        callx8  a8
        mov     a2, a10
        retw
        .size   __q7_launch, . - __q7_launch
