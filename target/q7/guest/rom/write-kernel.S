# Q7 Studio ROM, kernel mode: __q7_write appends to the mailbox's log ring (the runtime's
# __q7_log_write), for both descriptors.
#include <q7/abi.h>

/* int __q7_write(int fd, const void *buf, unsigned len): into the log ring (both descriptors) */
        .align  4
        .global __q7_write
        .type   __q7_write, @function
__q7_write:
        entry   a1, 32
        mov     a10, a3
        mov     a11, a4
        call8   __q7_log_write
        mov     a2, a10
        retw
        .size   __q7_write, . - __q7_write
