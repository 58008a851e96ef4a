# Q7 Studio ROM, program mode (a file with main), first file of the image: the start of .bss, the
# ROM's literals, and the reset entry, which puts the stack at the top of local data RAM. The ROM
# continues with start.S, launch-program.S, exit.S, write-program.S and printf.S (compiler/runtime/rom.ts
# lists the files of each mode).
#include <q7/abi.h>

        .section .bss
        .align  4
        .global __q7_bss_start
__q7_bss_start:

        .text
        .literal .Lrom_stack_top, Q7_DRAM_END
        .weak   __q7_init_globals
        .weak   __q7_fini_globals
        .literal .Lrom_bss_start, __q7_bss_start
        .literal .Lrom_bss_end, __q7_bss_end
        .literal .Lrom_init_globals, __q7_init_globals
        .literal .Lrom_fini_globals, __q7_fini_globals

/* reset entry (program mode): stack at the top of local data RAM */
        .align  4
        .global _start
        .type   _start, @function
_start:
        l32r    a1, .Lrom_stack_top
        movi    a0, 0                   /* ends the call chain for debuggers */
        call4   __q7_start
        .size   _start, . - _start
