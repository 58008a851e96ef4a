# Q7 Studio ROM, program mode: the launcher runs main.
#include <q7/abi.h>

/* int __q7_launch(void): the program's entry, main */
        .align  4
        .global __q7_launch
        .type   __q7_launch, @function
__q7_launch:
        entry   a1, 32
        call8   main
        mov     a2, a10
        retw
        .size   __q7_launch, . - __q7_launch
