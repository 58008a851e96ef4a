// The Q7 core's local memory map as Q7 Studio models it (the core configuration in emulator/config/q7.ts
// and the linker in compiler/link.ts both take it from here):
//   0x3FE00000–0x3FFFFFFF  DRAM  local data RAM, 2 MiB (stack grows down from 0x40000000)
//   0x40000000–0x400FFFFF  IRAM  instruction RAM, 1 MiB (VECBASE resets to its start)
//   0x80000000–0xFFFFFFFF  reserved for the HBM aperture
// The device's finer division of DRAM (slow memory, CSR page, device heap, local RAM) is in abi.ts.

export const Q7_DRAM_BASE = 0x3fe00000;
export const Q7_DRAM_SIZE = 0x200000;
/** Exclusive end of DRAM: a program's stack starts here and grows down. */
export const Q7_DRAM_END = Q7_DRAM_BASE + Q7_DRAM_SIZE;
export const Q7_IRAM_BASE = 0x40000000;
export const Q7_IRAM_SIZE = 0x100000;
export const Q7_HBM_APERTURE = 0x80000000;
/** VECBASE at reset: the start of IRAM, where the ROM's window vectors are placed. */
export const Q7_RESET_VECBASE = Q7_IRAM_BASE;
