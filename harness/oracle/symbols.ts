// Oracle harness: reads an ELF's symbol table with xtensa-lx106-elf-nm, so tests can name code
// addresses (e.g. "the trace ends inside _exit") instead of hard-coding them.
import { spawnSync } from 'child_process';

export interface ElfSymbol {
  name: string;
  address: number;
  size: number;
  /** nm's type letter (T, t, D, B, ...). */
  type: string;
}

/** Parses one line of `nm -S` output; undefined for symbols without a size. */
function parseNmLine(line: string): ElfSymbol | undefined {
  const m = /^([0-9a-fA-F]+) ([0-9a-fA-F]+) (\S) (\S+)$/.exec(line.trim());
  if (!m) return undefined;
  return { address: parseInt(m[1], 16), size: parseInt(m[2], 16), type: m[3], name: m[4] };
}

/** Sized symbols of an ELF, by name. */
export function readSymbols(elf: string): Map<string, ElfSymbol> {
  const r = spawnSync('xtensa-lx106-elf-nm', ['-S', elf], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0) throw new Error(`oracle: nm ${elf} failed: ${r.error ?? r.stderr}`);
  const symbols = new Map<string, ElfSymbol>();
  for (const line of r.stdout.split('\n')) {
    const sym = parseNmLine(line);
    if (sym) symbols.set(sym.name, sym);
  }
  return symbols;
}

/** The named symbol; throws when the ELF does not define it. */
export function symbol(elf: string, name: string): ElfSymbol {
  const sym = readSymbols(elf).get(name);
  if (!sym) throw new Error(`oracle: ${elf} has no sized symbol ${name}`);
  return sym;
}
