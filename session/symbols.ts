// Symbolisation for the device: PC → file:line through the image's DWARF, fault locations in the
// user's own source (the innermost frame there, else the innermost frame with a position), function
// names and kernel declarations. The device reads no DWARF; it is handed this.

import { DebugInfo, type SourceLocation } from '../debuginfo';
import type { DeviceSymbols } from '../emulator/device';
import type { ElfImage } from '../xtensa/elf';

const baseName = (f: string) => f.split('/').pop();

/** The image's debug information, or undefined when it has none (or it is malformed). */
export function readDebugInfo(image: ElfImage): DebugInfo | undefined {
  try {
    return DebugInfo.fromElf(image);
  } catch {
    return undefined;
  }
}

/** DeviceSymbols over `debug`; faults are attributed to `userFile` (default: the first compile unit). */
export function deviceSymbols(debug: DebugInfo | undefined, userFile?: string): DeviceSymbols {
  const user = userFile ?? debug?.unitNames[0];
  return {
    locate(framePcs: readonly number[]): SourceLocation | undefined {
      if (!debug) return undefined;
      let any: SourceLocation | undefined;
      for (const pc of framePcs) {
        const loc = debug.locate(pc);
        if (!loc) continue;
        if (user && baseName(loc.file) === baseName(user)) return loc;
        any ??= loc;
      }
      return any;
    },
    functionName: (pc) => debug?.functionAt(pc)?.name,
    kernelDeclaration(name: string): SourceLocation | undefined {
      const f = debug?.functionsNamed(name)[0];
      return f?.declFile ? { file: f.declFile, line: f.declLine ?? 0, column: 1 } : undefined;
    },
  };
}
