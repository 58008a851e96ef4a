# Q7 Studio ROM, both modes: __q7_exit.
#include <q7/abi.h>

/* void __q7_exit(int code): SIMCALL exit */
        .align  4
        .global __q7_exit
        .type   __q7_exit, @function
__q7_exit:
        entry   a1, 32
        mov     a3, a2
        movi    a2, 1
        simcall
.Lrom_hang:
        j       .Lrom_hang
        .size   __q7_exit, . - __q7_exit
