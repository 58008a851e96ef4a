# Q7 Studio ROM, kernel mode (no main), first file of the image: the start of .bss and of the kernel
# table, the ROM's literals, and the reset entry, which takes the stack top from the launch block. The
# ROM continues with start.S, launch-kernel.S, exit.S, write-kernel.S, printf.S (when the image calls
# printf) and device-calls.S.
#include <q7/abi.h>

        .section .bss
        .align  4
        .global __q7_bss_start
__q7_bss_start:

        .section Q7_KERNEL_INFO_SECTION, "a"
        .align  4
        .global __q7_kernel_info_start
__q7_kernel_info_start:

        .text
        .weak   __q7_init_globals
        .weak   __q7_fini_globals
        .literal .Lrom_bss_start, __q7_bss_start
        .literal .Lrom_bss_end, __q7_bss_end
        .literal .Lrom_init_globals, __q7_init_globals
        .literal .Lrom_fini_globals, __q7_fini_globals
        .literal .Lrom_launch, Q7_LAUNCH_BASE
        .literal .Lrom_call_map_window, Q7_DEVICE_CALL_MAP_WINDOW
        .literal .Lrom_call_dma, Q7_DEVICE_CALL_DMA
        .literal .Lrom_kit_start, __q7_kernel_info_start
        .literal .Lrom_kit_end, __q7_kernel_info_end

/* reset entry (kernel mode): stack top from the launch block */
        .align  4
        .global _start
        .type   _start, @function
_start:
        l32r    a1, .Lrom_launch
        l32i    a1, a1, Q7_LAUNCH_STACK_TOP
        movi    a0, 0                   /* ends the call chain for debuggers */
        call4   __q7_start
        .size   _start, . - _start
