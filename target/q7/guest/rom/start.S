# Q7 Studio ROM, both modes: __q7_start, which the reset entry calls.
#include <q7/abi.h>

/* void __q7_start(void): CP0 (FP) enabled, .bss cleared, the globals constructed, the launcher run, the globals destroyed; never returns */
        .align  4
        .global __q7_start
        .type   __q7_start, @function
__q7_start:
        entry   a1, 32
        movi    a8, 1
        wsr     a8, cpenable
        rsync
        l32r    a8, .Lrom_bss_start
        l32r    a9, .Lrom_bss_end
        movi    a10, 0
.Lrom_clear:
        bgeu    a8, a9, .Lrom_cleared
        s32i    a10, a8, 0
        addi    a8, a8, 4
        j       .Lrom_clear
.Lrom_cleared:
        l32r    a8, .Lrom_init_globals
        beqz    a8, .Lrom_no_init       /* weak: 0 when the image has no such globals */
        callx8  a8
.Lrom_no_init:
        call8   __q7_launch
        mov     a6, a10                 /* the launcher's result (a2..a7 survive a call8) */
        l32r    a8, .Lrom_fini_globals
        beqz    a8, .Lrom_no_fini
        callx8  a8
.Lrom_no_fini:
        mov     a10, a6
        call8   __q7_exit               /* with the launcher's result */
        .size   __q7_start, . - __q7_start
