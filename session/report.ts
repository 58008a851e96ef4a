// The run report as text: one line per fault (`file:line:col: fault <kind>: message [core, tensor,
// index]`), the verdict, and per-core figures (instructions, translates and window hit rate, DMA
// bytes, TCM and stack high-water). `q7 run` prints it; the debug adapter shows it in its console.

import { type DeviceResult, formatFault } from '../emulator/device';

export function formatReport(res: DeviceResult, file: string, fnName: string): string {
  let s = '';
  for (const f of res.faults) s += formatFault(f, file) + '\n';
  const cores = res.cores.length;
  s += `${fnName} on ${cores} core${cores > 1 ? 's' : ''}: ${res.faults.filter((f) => f.fatal).length ? 'FAULT' : 'ok'}\n`;
  for (const c of res.cores) {
    const hits = c.translates > 0 ? `${(((c.translates - c.windowMaps) / c.translates) * 100).toFixed(1)}%` : 'n/a';
    s += `  core ${c.core}: ${c.instructions} instructions, ${c.translates} translates, window hit rate ${hits} (${c.windowMaps} maps), DMA ${c.dmaBytes} bytes, TCM high-water ${c.tcmHighWater} bytes, stack high-water ${c.stackHighWater} bytes\n`;
  }
  return s;
}
