# Q7 Studio ROM, kernel mode, after end.S: marks the end of the kernel table.
#include <q7/abi.h>

        .section Q7_KERNEL_INFO_SECTION, "a"
        .global __q7_kernel_info_end
__q7_kernel_info_end:
