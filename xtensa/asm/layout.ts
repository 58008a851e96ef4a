// Section layout: merges input sections into output sections and gives every section an address.
// The standard outputs follow each other in the order .literal, .text, .rodata, .data, .bss from
// the base address, each aligned; `sectionStart` fixes the address of any of them (the ones that
// follow continue after it, the ones before the first fixed section are packed just below it) or of
// a named input section, which then becomes an output section of its own.
// Function sections (`.text.NAME`, as -ffunction-sections or a large unit's split code give) keep
// their literal pool (`.literal.NAME`) just before them inside .text, as Xtensa ld's script
// interleaves `.literal.* .text.*`: their L32Rs then reach a pool however large the code before them
// is. They follow the plain .text inputs, whose pools stay in .literal ahead of all code.

import { SHF_ALLOC, SHF_EXECINSTR, SHF_WRITE, SHT_NOBITS, SHT_PROGBITS } from '../elf/types';
import { InputSection, OUTPUT_ORDER, outputSectionOf } from './sections';

export interface OutputSection {
  readonly name: string;
  type: number;
  flags: number;
  addr: number;
  size: number;
  align: number;
  readonly inputs: InputSection[];
  /** Offset of each input inside this section, parallel to `inputs`. */
  readonly offsets: number[];
}

const STANDARD: Record<string, { type: number; flags: number }> = {
  '.literal': { type: SHT_PROGBITS, flags: SHF_ALLOC },
  '.text': { type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_EXECINSTR },
  '.rodata': { type: SHT_PROGBITS, flags: SHF_ALLOC },
  '.data': { type: SHT_PROGBITS, flags: SHF_ALLOC | SHF_WRITE },
  '.bss': { type: SHT_NOBITS, flags: SHF_ALLOC | SHF_WRITE },
};

const alignUp = (v: number, a: number) => Math.ceil(v / a) * a;
const alignDown = (v: number, a: number) => Math.floor(v / a) * a;
const hex = (v: number) => '0x' + (v >>> 0).toString(16);

function group(inputs: readonly InputSection[], sectionStart: Readonly<Record<string, number>>): OutputSection[] {
  const own = new Set(Object.keys(sectionStart).filter((n) => !(OUTPUT_ORDER as readonly string[]).includes(n)));
  const byName = new Map<string, OutputSection>();
  const interleaved = interleavedPools(inputs, own);
  for (const s of inputs) {
    const name = interleaved.has(s) ? '.text' : outputSectionOf(s, own);
    let out = byName.get(name);
    if (!out) {
      const std = STANDARD[name];
      out = { name, type: std?.type ?? s.type, flags: std?.flags ?? s.flags, addr: 0, size: 0, align: 1, inputs: [], offsets: [] };
      byName.set(name, out);
    }
    if (!STANDARD[name]) {
      out.flags |= s.flags;
      if (s.type !== SHT_NOBITS) out.type = s.type;
    }
    out.inputs.push(s);
  }
  const text = byName.get('.text');
  if (text && interleaved.size) orderFunctionSections(text, interleaved);
  const standard = OUTPUT_ORDER.map((n) => byName.get(n)).filter((o): o is OutputSection => o !== undefined);
  const others = [...byName.values()].filter((o) => !STANDARD[o.name]);
  const alloc = others.filter((o) => o.flags & SHF_ALLOC);
  const nonAlloc = others.filter((o) => !(o.flags & SHF_ALLOC));
  return [...standard, ...alloc, ...nonAlloc];
}

const isFunctionSection = (s: InputSection) => s.name.startsWith('.text.') && !s.isLiteralPool;

/** The literal pools of function sections merged into .text, each mapped to its section. */
function interleavedPools(inputs: readonly InputSection[], own: ReadonlySet<string>): Map<InputSection, InputSection> {
  const pools = new Map<InputSection, InputSection>();
  for (const s of inputs) {
    if (s.literalPool && s.literalPool !== s && isFunctionSection(s) && !own.has(s.name) && !own.has(s.literalPool.name) && outputSectionOf(s, own) === '.text') pools.set(s.literalPool, s);
  }
  return pools;
}

/** .text: the plain inputs in input order, then each function section after its own literal pool. */
function orderFunctionSections(text: OutputSection, pools: ReadonlyMap<InputSection, InputSection>): void {
  const poolOf = new Map([...pools].map(([pool, s]) => [s, pool]));
  const plain = text.inputs.filter((s) => !pools.has(s) && !isFunctionSection(s));
  const functions = text.inputs.filter((s) => isFunctionSection(s)).flatMap((s) => (poolOf.has(s) ? [poolOf.get(s)!, s] : [s]));
  text.inputs.splice(0, text.inputs.length, ...plain, ...functions);
}

function placeInputs(out: OutputSection): void {
  let off = 0;
  for (const s of out.inputs) {
    off = alignUp(off, s.align);
    out.offsets.push(off);
    off += s.size;
    out.align = Math.max(out.align, s.align);
  }
  out.size = off;
}

function assignStandard(standard: OutputSection[], base: number, starts: Readonly<Record<string, number>>): void {
  const firstFixed = standard.findIndex((o) => starts[o.name] !== undefined);
  if (firstFixed > 0) {
    let end = starts[standard[firstFixed].name];
    for (let i = firstFixed - 1; i >= 0; i--) {
      standard[i].addr = alignDown(end - standard[i].size, standard[i].align);
      end = standard[i].addr;
    }
  }
  let next = base;
  for (let i = Math.max(firstFixed, 0); i < standard.length; i++) {
    const o = standard[i];
    o.addr = starts[o.name] ?? alignUp(next, o.align);
    next = o.addr + o.size;
  }
}

/** Lays out `inputs`; returns the output sections (standard, then own, then non-allocated) and any problems. */
export function layoutSections(
  inputs: readonly InputSection[],
  base: number,
  sectionStart: Readonly<Record<string, number>>,
): { outputs: OutputSection[]; problems: string[] } {
  const outputs = group(inputs, sectionStart);
  outputs.forEach(placeInputs);
  const standard = outputs.filter((o) => STANDARD[o.name]);
  assignStandard(standard, base, sectionStart);
  for (const o of outputs) {
    if (!STANDARD[o.name]) o.addr = o.flags & SHF_ALLOC ? (sectionStart[o.name] ?? 0) : 0;
    o.inputs.forEach((s, i) => (s.addr = o.addr + o.offsets[i]));
  }
  return { outputs, problems: checkPlacement(outputs) };
}

function checkPlacement(outputs: readonly OutputSection[]): string[] {
  const problems: string[] = [];
  const placed = outputs.filter((o) => o.flags & SHF_ALLOC && o.size > 0);
  for (const o of placed) {
    if (o.addr < 0 || o.addr + o.size > 2 ** 32) problems.push(`section ${o.name} (${o.size} bytes at ${hex(o.addr)}) does not fit in the 32-bit address space`);
    if (o.addr % o.align !== 0) problems.push(`section ${o.name} at ${hex(o.addr)} is not ${o.align}-byte aligned`);
  }
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const a = placed[i];
      const b = placed[j];
      if (a.addr < b.addr + b.size && b.addr < a.addr + a.size) {
        problems.push(
          `sections ${a.name} (${hex(a.addr)}..${hex(a.addr + a.size - 1)}) and ${b.name} (${hex(b.addr)}..${hex(b.addr + b.size - 1)}) overlap`,
        );
      }
    }
  }
  return problems;
}
