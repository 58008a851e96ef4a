// ORACLE: our assembler vs GNU as on gcc's own output. For every corpus program at -O0 and -O2,
// the `gcc -S` text (call0 ABI, with -g debug directives) is assembled twice:
//   GNU:  xtensa-lx106-elf-as --no-transform, then xtensa-lx106-elf-ld --no-relax with a linker
//         script that lays sections out the way our assembler does (.literal at 0x50000000, then
//         .text, .rodata, .data, .bss; every input section named in file order) and --defsym for
//         every symbol the program leaves undefined (libc, libgcc), at fixed 4-aligned addresses;
//   ours: assemble() with the same base address and the same defsyms.
// Why the comparison is exact and sound: both assemblers read the identical source with the same
// "assemble what is written" semantics (GNU's --no-transform; our only mode), both resolve every
// symbol at the same final addresses, and nothing is left for a later link. Two rewrites make the
// source acceptable to both, and both get the rewritten text (gcc-rewrite.ts):
//  - gcc relies on GNU's transformations, which --no-transform turns off: the lines GNU as rejects
//    (out-of-range conditional branches, `slli a, b, 0`, `srli a, b, 16..31`) are rewritten on the
//    same line into what the transformation would mean (inverted branch over a `j`, `mov`, `extui`);
//  - mergeable-string sections (`"aMS",@progbits,1`) lose their M/S flags: ld would otherwise merge
//    duplicate and tail-shared strings, a link-time optimisation that moves data and is no business
//    of an assembler; the section contents are unchanged by this.
// Then .literal and .text must be byte-identical; so must .rodata and .data (so literal words that
// hold data addresses agree) and gcc's DWARF sections except the line program, the size of .bss,
// the set of symbol names, and the value, size, type and binding of every symbol (compare.ts).

import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { assemblyOf, listPrograms, OptLevel, OPT_LEVELS } from '../../../harness/oracle/build';
import { requireTool } from '../../../harness/oracle/tools';
import { Comparison, compareWithGnu } from './compare';
import { withoutMergeFlags } from './gcc-rewrite';

function compareProgram(name: string, opt: OptLevel): Comparison {
  const source = withoutMergeFlags(fs.readFileSync(assemblyOf(name, opt), 'utf8'));
  return compareWithGnu(source, `${name}${opt}.s`);
}

describe('ORACLE: assembling gcc -S output, ours vs GNU as --no-transform + ld', function () {
  this.timeout(120_000);
  const totals = { programs: 0, text: 0, literal: 0, debug: 0, rewritten: 0, symbols: 0 };

  before(function () {
    requireTool(this, ['xtensa-lx106-elf-gcc', 'xtensa-lx106-elf-as', 'xtensa-lx106-elf-ld', 'xtensa-lx106-elf-nm', 'picolibc']);
  });

  for (const name of listPrograms()) {
    for (const opt of OPT_LEVELS) {
      it(`${name} ${opt}: identical sections and symbols`, function () {
        const r = compareProgram(name, opt);
        assert.ok(r.textBytes > 0, 'no code assembled');
        assert.ok(r.symbols > 0, 'no symbols compared');
        totals.programs++;
        totals.text += r.textBytes;
        totals.literal += r.literalBytes;
        totals.debug += r.debugBytes;
        totals.rewritten += r.rewritten;
        totals.symbols += r.symbols;
      });
    }
  }

  after(function () {
    if (totals.programs > 0) {
      console.log(
        `      compared ${totals.programs} programs: ${totals.text} bytes of .text, ${totals.literal} of .literal, ` +
          `${totals.debug} of DWARF, ${totals.symbols} symbols; ${totals.rewritten} lines rewritten`,
      );
    }
  });
});
