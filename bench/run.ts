// npm run bench: prints each benchmark's figures side by side with its yardstick, as ratios.
// Options: --full (the long settings, e.g. 10^9 emulated instructions), --only NAME.

import { benchEmulator, EngineFigure } from './emulator';

function fmt(n: number, digits = 2): string {
  return n.toFixed(digits);
}

function row(f: EngineFigure): string {
  return `  ${f.engine.padEnd(32)} ${f.instructions.toExponential(3).padStart(10)} insns ${fmt(f.seconds, 3).padStart(8)} s ${fmt(f.mips, 1).padStart(8)} M insn/s`;
}

function emulatorSection(full: boolean): void {
  const target = full ? 1.05e9 : 2e8;
  console.log(`\n== Scalar core: compute-bound lx106 program (bench/programs/compute.c, -O2) ==`);
  const r = benchEmulator(target);
  console.log(row(r.ours));
  console.log(row(r.interpreter));
  if (r.qemu && r.ratio !== undefined && r.interpreterRatio !== undefined) {
    console.log(row(r.qemu));
    console.log(`  ratio to QEMU: compiled blocks ${fmt(r.ratio, 3)}x, interpreter only ${fmt(r.interpreterRatio, 3)}x  (floor 0.1x; goal 1x)`);
    console.log(`  output (identical on all engines): ${r.ours.output.trim()}`);
  } else {
    console.log('  (qemu-system-xtensa not installed: no yardstick)');
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const full = args.includes('--full');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const sections: Record<string, (full: boolean) => void> = { emulator: emulatorSection };
  for (const [name, fn] of Object.entries(sections)) {
    if (only && only !== name) continue;
    fn(full);
  }
}

main();
