# Q7 Studio ROM, program mode: __q7_write is the SIMCALL write of the semihosting host.
#include <q7/abi.h>

/* int __q7_write(int fd, const void *buf, unsigned len): SIMCALL write */
        .align  4
        .global __q7_write
        .type   __q7_write, @function
__q7_write:
        entry   a1, 32
        mov     a5, a4
        mov     a4, a3
        mov     a3, a2
        movi    a2, 4
        simcall
        retw
        .size   __q7_write, . - __q7_write
