// Links a program: the ROM start-up, the window vectors (at VECBASE), the runtime library, the
// user's assembly and the ROM's end marker are assembled together into one executable image for the
// q7 core. Code and literal pools go to IRAM after the vectors, data to the local data RAM. The parts
// every image shares (the ROM's, the heap file and inputs marked `library`: the runtime library) are
// linked as relocatable objects (link-objects.ts), assembled once and kept; the output is the same.

import { Q7_DRAM_BASE, Q7_RESET_VECBASE } from '../target/q7/memory-map';
import { WINDOW_VECTORS_NAME, WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from '../target/q7/window-vectors';
import { assemble, type AssembleOptions, type AssembleResult } from '../xtensa/asm';
import type { BuildCache } from './cache';
import { libraryObject } from './link-objects';
import { KERNEL_HEAP_LIMIT, KERNEL_INFO_SECTION } from '../target/q7/abi';
import { ROM_END_NAME, STACK_TOP, romEndSource, romStartupName, romStartupSource, type RomMode } from './runtime/rom';

/** Where code starts: right after the 1 KiB of window vectors at VECBASE. */
export const CODE_BASE = Q7_RESET_VECBASE + 0x400;
export const DATA_BASE = Q7_DRAM_BASE;

export interface LinkInput {
  readonly name: string;
  readonly text: string;
  /** Shared by many images (the runtime library): linked as a kept relocatable object. */
  readonly library?: boolean;
}

export const HEAP_BOUNDS_NAME = 'rom/heap-bounds.S';

/** Stack room a program keeps below STACK_TOP that its heap never reaches. */
export const PROGRAM_STACK_RESERVE = 0x40000;
/** Exclusive end of the malloc heap (which starts at the end of .bss) in an image of `mode`. */
export function heapLimit(mode: RomMode): number {
  return mode === 'kernel' ? KERNEL_HEAP_LIMIT : STACK_TOP - PROGRAM_STACK_RESERVE;
}

/** The heap's bounds for the runtime's malloc (target/q7/guest/runtime/heap.cpp): from the end of .bss to heapLimit. */
export function heapBoundsSource(mode: RomMode): string {
  const fn = (name: string, literal: string, value: string) => `
        .literal ${literal}, ${value}
        .align  4
        .global ${name}
        .type   ${name}, @function
${name}:
        entry   a1, 32
        l32r    a2, ${literal}
        retw
        .size   ${name}, . - ${name}
`;
  return `/* Q7 Studio ROM: bounds of the malloc heap (${mode} mode) */
        .text
${fn('__q7_heap_base', '.Lheap_base', '__q7_bss_end')}${fn('__q7_heap_limit', '.Lheap_limit', `0x${heapLimit(mode).toString(16)}`)}`;
}

/** In a kernel image the kernel_info_table opens the data memory; .rodata follows it. */
export function kernelTableBytes(kernels: number): number {
  return Math.ceil((8 * kernels) / 16) * 16;
}

/** The assembler inputs of an image of `mode`, in order: the ROM's start-up part, the window vectors,
 *  `units`, the heap file, the ROM's end. */
export function linkSources(units: readonly LinkInput[], mode: RomMode = 'program', printf = true): LinkInput[] {
  return [
    { name: romStartupName(mode), text: romStartupSource(mode, printf), library: true },
    { name: WINDOW_VECTORS_NAME, text: WINDOW_VECTORS_SOURCE, library: true },
    ...units,
    { name: HEAP_BOUNDS_NAME, text: heapBoundsSource(mode), library: true },
    { name: ROM_END_NAME, text: romEndSource(mode), library: true },
  ];
}

/** Where the sections of an image of `mode` with `kernels` kernel records go, and its entry. */
export function linkOptions(mode: RomMode = 'program', kernels = 0): AssembleOptions {
  const data: Record<string, number> =
    mode === 'kernel' ? { [KERNEL_INFO_SECTION]: DATA_BASE, '.rodata': DATA_BASE + kernelTableBytes(kernels) } : { '.rodata': DATA_BASE };
  return { base: CODE_BASE, sectionStart: { [WINDOW_VECTORS_SECTION]: Q7_RESET_VECBASE, '.literal': CODE_BASE, ...data }, entry: '_start' };
}

/**
 * Links `units` with the ROM of `mode` (in a kernel image, with the printf entry only if `printf`). A
 * kernel image (`kernels` records) has its .kernel_info_table as a section of its own at the start of
 * data memory. The shared parts are linked as objects; `store` keeps them between processes (the
 * build cache).
 */
export function link(units: readonly LinkInput[], mode: RomMode = 'program', kernels = 0, printf = true, store?: BuildCache): AssembleResult {
  const inputs = linkSources(units, mode, printf).map((u) => (u.library ? libraryObject({ name: u.name, text: u.text }, store) : { name: u.name, text: u.text }));
  return assemble(inputs, linkOptions(mode, kernels));
}
