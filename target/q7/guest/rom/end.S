# Q7 Studio ROM, last file of the image: marks the end of .bss (end-kernel.S follows it in kernel mode).
#include <q7/abi.h>
        .section .bss
        .align  4
        .global __q7_bss_end
__q7_bss_end:
