# Q7 Studio ROM, kernel mode: the device calls of target/q7/abi.ts. __q7_device_call is the one
# SIMCALL (labelled __q7_device_simcall); neuron_translate looks in its call site's cache slot, else
# walks the translation context's window entries (first seed §4a) and on a miss asks the device to map
# a window and walks again;
# neuron_memcpy is a DMA device call either way; get_cpu_id reads PRID.
#include <q7/abi.h>

/* int __q7_device_call(int number, a, b, c, d, e): SIMCALL with a2 = number, a3..a7 = arguments */
        .align  4
        .global __q7_device_call
        .type   __q7_device_call, @function
__q7_device_call:
        entry   a1, 32
        .global __q7_device_simcall
__q7_device_simcall:
        simcall
        retw
        .size   __q7_device_call, . - __q7_device_call

/* void* neuron_translate(void* ctx, uint64_t addr): ctx (a2), addr (a4 low, a5 high).
   First the call site's cache slot (a6; abi.ts TRANSLATE_CACHE_*, below ctx): when addr lies in the
   window the slot remembers, the result is addr + delta. Otherwise the window walk (a3 walks the
   entries, a7 = entries left); a hit fills the slot and returns through the same RETW (the one
   window-hits.ts watches), a miss asks the device to map a window (which empties every slot) and
   walks again. */
        .align  4
        .global Q7_NEURON_TRANSLATE_SYMBOL
        .type   Q7_NEURON_TRANSLATE_SYMBOL, @function
Q7_NEURON_TRANSLATE_SYMBOL:
        entry   a1, 32
        extui   a6, a0, 0, 6            /* the slot: the return address's low 6 bits */
        slli    a6, a6, 4
        add     a6, a6, a2
        addmi   a6, a6, -Q7_TRANSLATE_CACHE_SIZE
        l32i    a8, a6, Q7_TRANSLATE_CACHE_SLOT_MASK
        l32i    a9, a6, Q7_TRANSLATE_CACHE_SLOT_BASE
        l32i    a10, a6, Q7_TRANSLATE_CACHE_SLOT_BASE_HI
        and     a8, a8, a4
        xor     a8, a8, a9
        xor     a10, a10, a5
        or      a8, a8, a10
        bnez    a8, .Lrom_tr_walk
.Lrom_tr_cached:
        l32i    a9, a6, Q7_TRANSLATE_CACHE_SLOT_DELTA
        add     a2, a4, a9
        retw
.Lrom_tr_walk:
        l32r    a7, .Lrom_launch
        l32i    a7, a7, Q7_LAUNCH_WINDOW_COUNT
        mov     a3, a2
.Lrom_tr_entry:
        beqz    a7, .Lrom_tr_miss
        l32i    a8, a3, Q7_WINDOW_ENTRY_VALID
        beqz    a8, .Lrom_tr_next
        l32i    a8, a3, Q7_WINDOW_ENTRY_MASK
        l32i    a9, a3, Q7_WINDOW_ENTRY_MASK + 4
        and     a8, a8, a4
        and     a9, a9, a5
        l32i    a10, a3, Q7_WINDOW_ENTRY_BASE
        l32i    a11, a3, Q7_WINDOW_ENTRY_BASE + 4
        xor     a8, a8, a10
        xor     a9, a9, a11
        or      a8, a8, a9
        beqz    a8, .Lrom_tr_hit
.Lrom_tr_next:
        addi    a3, a3, Q7_WINDOW_ENTRY_SIZE
        addi    a7, a7, -1
        j       .Lrom_tr_entry
.Lrom_tr_hit:                           /* fill the slot from the entry (windows are smaller than 4 GiB) */
        l32i    a8, a3, Q7_WINDOW_ENTRY_MASK
        l32i    a9, a3, Q7_WINDOW_ENTRY_BASE
        l32i    a10, a3, Q7_WINDOW_ENTRY_BASE + 4
        l32i    a11, a3, Q7_WINDOW_ENTRY_LOCAL
        s32i    a8, a6, Q7_TRANSLATE_CACHE_SLOT_MASK
        s32i    a9, a6, Q7_TRANSLATE_CACHE_SLOT_BASE
        s32i    a10, a6, Q7_TRANSLATE_CACHE_SLOT_BASE_HI
        sub     a11, a11, a9
        s32i    a11, a6, Q7_TRANSLATE_CACHE_SLOT_DELTA
        j       .Lrom_tr_cached
.Lrom_tr_miss:
        l32r    a10, .Lrom_call_map_window
        mov     a11, a2
        mov     a12, a4
        mov     a13, a5
        call8   __q7_device_call
        j       .Lrom_tr_walk
        .size   Q7_NEURON_TRANSLATE_SYMBOL, . - Q7_NEURON_TRANSLATE_SYMBOL

/* void neuron_memcpy(void* local, void* ctx, uint64_t hbm, size_t n, int direction): DMA either way */
        .align  4
        .global Q7_NEURON_MEMCPY_SYMBOL
        .type   Q7_NEURON_MEMCPY_SYMBOL, @function
Q7_NEURON_MEMCPY_SYMBOL:
        entry   a1, 32
        l32r    a10, .Lrom_call_dma
        mov     a11, a2
        mov     a12, a4
        mov     a13, a5
        mov     a14, a6
        mov     a15, a7
        call8   __q7_device_call
        retw
        .size   Q7_NEURON_MEMCPY_SYMBOL, . - Q7_NEURON_MEMCPY_SYMBOL

/* uint32_t get_cpu_id(void): PRID */
        .align  4
        .global get_cpu_id
        .type   get_cpu_id, @function
get_cpu_id:
        entry   a1, 32
        rsr     a2, prid
        retw
        .size   get_cpu_id, . - get_cpu_id
