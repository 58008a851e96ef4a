// Where a launch of an edited kernel spends its time (the runtime library cached, the image not): run
// as a fresh process (`node out/bench/launch-phases.js FILE CACHE_DIR`, cold JIT as in the debug
// adapter), it builds FILE phase by phase as compiler/index.ts does and prints the wall times as JSON:
// grammar load, runtime library from the cache, the front-end on the SDK headers alone (their
// preprocessed and parsed form from the SDK snapshot in the cache) (what every
// kernel including <torch/torch.h> pays), then on the file (the SDK layer reused), lowering and code
// generation, linking (the assembler; the ROM and runtime parts as relocatable objects from the cache),
// DWARF and ELF writing. bench/debugger.ts prints them.

import * as fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Frontend, locateGrammarFiles, memoryHost } from '../language';
import { addDebugInfo, findKernels, kernelAssembly, link, referencedSymbols, romNeeds, runtimeLibrary, THUNKS_NAME, translateUnit } from '../compiler/phases';
import { writeElf } from '../xtensa/elf';
import { kernelDefines } from '../session';
import { diskCache, snapshotStore } from '../diskcache';

export interface LaunchPhases {
  grammar: number;
  runtime: number;
  sdkHeaders: number;
  analysis: number;
  lowering: number;
  link: number;
  dwarf: number;
}

async function main(file: string, cacheDir: string): Promise<LaunchPhases> {
  let t = performance.now();
  const lap = () => {
    const now = performance.now();
    const d = now - t;
    t = now;
    return d;
  };
  const read = (p: string) => {
    try {
      return fs.readFileSync(p);
    } catch {
      return undefined;
    }
  };
  const found = locateGrammarFiles(read, `${__dirname}/../../dist`, (s) => require.resolve(s));
  if (typeof found === 'string') throw new Error(found);
  const fe = await Frontend.create(found, { snapshots: snapshotStore(diskCache({ dir: cacheDir })) });
  const grammar = lap();
  const store = diskCache({ dir: cacheDir });
  const rt = runtimeLibrary(fe, 0, store);
  const runtime = lap();
  const text = fs.readFileSync(file, 'utf8');
  const defines = kernelDefines({});
  const includes = text.split('\n').filter((l) => /^\s*#\s*include\s*</.test(l)).join('\n');
  fe.analyze('/bench/includes-only.cpp', memoryHost({ '/bench/includes-only.cpp': `${includes}\n` }), { defines });
  const sdkHeaders = lap();
  const host = memoryHost({ [file]: text });
  fe.analyze(file, host, { defines });
  const analysis = lap();
  const unit = translateUnit(fe, file, host, { defines, runtime: rt.functions, prefix: 'u' });
  if (!unit.emitted) throw new Error(`${file} does not build`);
  const units = [{ name: file.replace(/\.[^./]*$/, '.s'), text: unit.emitted.writer.text() }];
  const kernels = findKernels(unit.model!, file, unit.symbolOf!);
  units.push({ name: THUNKS_NAME, text: kernelAssembly(kernels) });
  const refs = units.flatMap((u) => [...referencedSymbols(u.text)]);
  const rtText = rt.textFor(new Set([...refs, ...romNeeds('kernel', false)]));
  const lowering = lap();
  const linked = link([{ name: 'runtime/runtime.s', text: rtText, library: true }, ...units], 'kernel', kernels.length, false, store);
  const linkMs = lap();
  addDebugInfo(linked.image, linked.listing, { asmName: units[0].name, unit, sourceFile: file, model: unit.model! });
  writeElf(linked.image);
  const dwarf = lap();
  return { grammar, runtime, sdkHeaders, analysis, lowering, link: linkMs, dwarf };
}

if (require.main === module) {
  main(process.argv[2], process.argv[3]).then(
    (r) => process.stdout.write(JSON.stringify(r)),
    (e) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
