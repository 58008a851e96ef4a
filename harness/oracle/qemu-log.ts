// Oracle harness: parses QEMU 7.2's `-d in_asm,cpu,nochain -singlestep` log of an Xtensa core into
// one step per executed instruction (PC, disassembly, registers BEFORE it executes), reading the
// file in chunks so memory stays bounded however large the log is.
//
// Log shape (one block per executed instruction; `----`/`IN:`/address lines only when the
// instruction's translation block is first translated):
//   ----------------
//   IN: <symbol>
//   0x50000010:  l32r<TAB>a1, 0x50000004
//   <blank>
//   PC=50000010
//   <blank>
//           MMID=00000000          DDR=00000000 ...  SAR=00000000 ...  PS=0000001f ...
//   <blank>
//    A00=00000000  A01=00000000  A02=00000000  A03=00000000        (current window, a0..a15)
//    ...
//   AR00=00000000 AR01=00000000 AR02=00000000 AR03=00000000  =     (physical register file)
//    ...
import * as fs from 'fs';

export interface TraceStep {
  /** Address of the instruction. */
  pc: number;
  /** QEMU's disassembly of the instruction (tabs replaced by a space), when QEMU printed one. */
  asm?: string;
  /** Register values before the instruction executes, lower-case names (a0..a15, sar, ps, ...). */
  regs: Record<string, number>;
}

/** Special registers kept by default, when the core has them. */
export const DEFAULT_SPECIAL_REGS: readonly string[] = [
  'sar',
  'ps',
  'windowbase',
  'windowstart',
  'lbeg',
  'lend',
  'lcount',
  'br',
];

export type RegisterSelection = 'default' | 'all';

const PC_LINE = /^PC=([0-9a-fA-F]{8})/;
const ASM_LINE = /^0x([0-9a-fA-F]+):\s+(.*)$/;
const REG_PAIR = /([A-Za-z0-9_]+)=([0-9a-fA-F]{8})\b/g;

/** Special registers QEMU prints by number only: CONFIGID0 (SR 176) and CONFIGID1 (SR 208). */
const NUMBERED_SRS: Record<string, string> = { '176': 'configid0', '208': 'configid1' };

/** Maps a register name as printed by QEMU to ours: A05 → a5, AR12 → ar12, SAR → sar, 176 → configid0. */
export function registerName(raw: string): string {
  const m = /^(A|AR|F)(\d+)$/.exec(raw);
  if (m) return `${m[1].toLowerCase()}${Number(m[2])}`;
  return NUMBERED_SRS[raw] ?? raw.toLowerCase();
}

function keepRegister(name: string, selection: RegisterSelection): boolean {
  if (selection === 'all') return true;
  if (/^a\d+$/.test(name)) return true;
  return DEFAULT_SPECIAL_REGS.includes(name);
}

/** Incremental parser: feed it log lines; it emits each step once its register dump is complete. */
export class CpuLogParser {
  private readonly asmByPc = new Map<number, string>();
  private current: TraceStep | undefined;

  constructor(
    private readonly onStep: (step: TraceStep) => boolean | void,
    private readonly selection: RegisterSelection = 'default',
  ) {}

  /** Feeds one line (without newline). Returns false once the consumer asked to stop. */
  push(line: string): boolean {
    const pc = PC_LINE.exec(line);
    if (pc) return this.startStep(parseInt(pc[1], 16));
    const asm = ASM_LINE.exec(line);
    if (asm) {
      this.recordAsm(parseInt(asm[1], 16), asm[2]);
      return true;
    }
    if (this.current) this.readRegisters(line, this.current.regs);
    return true;
  }

  /** Ends the input: emits the last step if its dump is complete. */
  finish(): void {
    this.flush();
  }

  private startStep(pc: number): boolean {
    if (!this.flush()) return false;
    this.current = { pc, regs: {} };
    const asm = this.asmByPc.get(pc);
    if (asm !== undefined) this.current.asm = asm;
    return true;
  }

  /** Emits the pending step (only if a15 was seen, i.e. the dump was not cut off). */
  private flush(): boolean {
    const step = this.current;
    this.current = undefined;
    if (!step || !('a15' in step.regs)) return true;
    return this.onStep(step) !== false;
  }

  private recordAsm(pc: number, text: string): void {
    if (!this.asmByPc.has(pc)) this.asmByPc.set(pc, text.replace(/\t/g, ' ').trim());
  }

  private readRegisters(line: string, regs: Record<string, number>): void {
    for (const m of line.matchAll(REG_PAIR)) {
      const name = registerName(m[1]);
      if (keepRegister(name, this.selection)) regs[name] = parseInt(m[2], 16);
    }
  }
}

/**
 * Calls `onLine` for every line of a file, reading it in fixed-size chunks. Stops early when
 * `onLine` returns false. Returns true when the whole file was read.
 */
export function forEachLineSync(file: string, onLine: (line: string) => boolean, chunkSize = 1 << 20): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const buf = Buffer.alloc(chunkSize);
    let rest = '';
    for (;;) {
      const n = fs.readSync(fd, buf, 0, chunkSize, null);
      if (n === 0) break;
      const lines = (rest + buf.toString('latin1', 0, n)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (!onLine(line)) return false;
    }
    return rest === '' || onLine(rest);
  } finally {
    fs.closeSync(fd);
  }
}

/** Parses up to `maxSteps` steps of a QEMU cpu log file. `complete` is false if steps were left unread. */
export function parseCpuLogFile(
  file: string,
  maxSteps: number,
  selection: RegisterSelection = 'default',
): { steps: TraceStep[]; complete: boolean } {
  const steps: TraceStep[] = [];
  let complete = true;
  const parser = new CpuLogParser((step) => {
    if (steps.length >= maxSteps) {
      complete = false;
      return false;
    }
    steps.push(step);
    return true;
  }, selection);
  if (forEachLineSync(file, (line) => parser.push(line))) parser.finish();
  return { steps, complete };
}
