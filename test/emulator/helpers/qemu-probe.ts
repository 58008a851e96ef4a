// Runs a probe ELF on qemu-system-xtensa (`-M sim -semihosting`) and returns its raw stdout bytes
// and exit status. Used by the differential tests; callers gate on requireTool('qemu-system-xtensa').

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElfImage } from '../../../xtensa/elf/types';
import { elfBytes } from './elf-image';

export interface QemuOutcome {
  readonly exitCode: number;
  readonly stdout: Uint8Array;
}

export function runImageOnQemu(image: ElfImage, cpu: string, timeoutMs = 10000): QemuOutcome {
  const dir = mkdtempSync(join(tmpdir(), 'q7-probe-'));
  try {
    const file = join(dir, 'probe.elf');
    writeFileSync(file, elfBytes(image));
    const r = spawnSync(
      'qemu-system-xtensa',
      ['-M', 'sim', '-cpu', cpu, '-semihosting', '-display', 'none', '-monitor', 'none', '-serial', 'none', '-kernel', file],
      { timeout: timeoutMs, maxBuffer: 1 << 24 },
    );
    if (r.error) throw r.error;
    return { exitCode: r.status ?? -1, stdout: new Uint8Array(r.stdout) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
