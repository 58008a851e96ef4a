# Q7 Studio ROM, kernel mode: the launcher is the dispatcher. LAUNCH.opcode is looked up in
# .kernel_info_table (records of a big-endian opcode, assembled byte by byte, and the thunk's
# address); the record's thunk is called with a10 = LAUNCH.argv, a11 = LAUNCH.result.
#include <q7/abi.h>

/* int __q7_launch(void): the dispatcher (LAUNCH.opcode → the record → its thunk) */
        .align  4
        .global __q7_launch
        .type   __q7_launch, @function
__q7_launch:
        entry   a1, 32
        l32r    a8, .Lrom_launch
        l32i    a9, a8, Q7_LAUNCH_OPCODE
        l32r    a10, .Lrom_kit_start
        l32r    a11, .Lrom_kit_end
.Lrom_scan:
        bgeu    a10, a11, .Lrom_no_kernel
        l8ui    a12, a10, 0
        slli    a12, a12, 24
        l8ui    a13, a10, 1
        slli    a13, a13, 16
        or      a12, a12, a13
        l8ui    a13, a10, 2
        slli    a13, a13, 8
        or      a12, a12, a13
        l8ui    a13, a10, 3
        or      a12, a12, a13
        beq     a12, a9, .Lrom_found
        addi    a10, a10, Q7_KERNEL_INFO_RECORD_SIZE
        j       .Lrom_scan
.Lrom_found:
        l32i    a12, a10, 4
        l32i    a10, a8, Q7_LAUNCH_ARGV
        l32i    a11, a8, Q7_LAUNCH_RESULT
        callx8  a12
        movi    a2, 0
        retw
.Lrom_no_kernel:
        movi    a2, Q7_EXIT_UNKNOWN_OPCODE
        retw
        .size   __q7_launch, . - __q7_launch
