// The numbers of abi.ts and memory-map.ts as macros for the guest sources: `Q7_CSR_BASE`,
// `Q7_LAUNCH_STACK_TOP` (object LAUNCH, key stackTop), `Q7_DRAM_END`... The runtime library's C++
// includes them as the header <q7/abi.h>; the ROM's assembly names them and expandAbiMacros puts in
// the values before it is assembled (what cpp does for a .S file). So each number is stated once,
// in TypeScript, and both the device and the guest read it from there.

import * as abi from './abi';
import * as memoryMap from './memory-map';

/** The include path of the generated header (`#include <q7/abi.h>`). */
export const ABI_HEADER_PATH = 'q7/abi.h';

const snake = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

function collect(): Map<string, number | string> {
  const out = new Map<string, number | string>();
  const add = (name: string, value: unknown) => {
    if (typeof value === 'number' || typeof value === 'string') out.set(name, value);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${name}_${snake(k)}`, v);
  };
  for (const [name, value] of Object.entries(memoryMap)) add(name, value);
  for (const [name, value] of Object.entries(abi)) add(`Q7_${name}`, value);
  return out;
}

let macros: ReadonlyMap<string, number | string> | undefined;
/** Every macro, by name. */
export function abiMacros(): ReadonlyMap<string, number | string> {
  return (macros ??= collect());
}

const cValue = (v: number | string) => (typeof v === 'string' ? JSON.stringify(v) : v >= 0x10000 ? `0x${v.toString(16)}u` : String(v));

/** The text of <q7/abi.h>. */
export function abiHeader(): string {
  const lines = [...abiMacros()].map(([name, v]) => `#define ${name} ${cValue(v)}`);
  return `// Generated from target/q7/abi.ts and memory-map.ts (abi-macros.ts): the device contract's numbers.\n#pragma once\n${lines.join('\n')}\n`;
}

export class AbiMacroError extends Error {}

/** An assembly source with its `Q7_*` names replaced by their values; an unknown name is an error at its file and line. */
export function expandAbiMacros(text: string, file: string): string {
  const known = abiMacros();
  return text
    .split('\n')
    .map((line, i) =>
      line.replace(/\bQ7_[A-Z][A-Z0-9_]*\b/g, (name) => {
        const v = known.get(name);
        if (v === undefined) throw new AbiMacroError(`${file}:${i + 1}: unknown ABI name '${name}' (target/q7/abi.ts defines none such)`);
        return String(v);
      }),
    )
    .join('\n');
}
