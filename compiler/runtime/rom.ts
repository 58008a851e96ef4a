// The ROM linked into every image: our own assembly in target/q7/guest/rom/, put together per mode.
// - program mode (a file with `main`): `_start` sets the stack at the top of local data RAM, the
//   launcher runs `main` and exits with its result, `__q7_write` is SIMCALL write;
// - kernel mode (no `main`): `_start` takes the stack top from the launch block, the launcher is the
//   dispatcher (LAUNCH.opcode looked up in .kernel_info_table, the record's thunk called with CALLX8,
//   a10 = LAUNCH.argv, a11 = LAUNCH.result, then exit 0), `__q7_write` appends to the log ring, and
//   the device calls of target/q7/abi.ts (`__q7_device_call`, `neuron_translate`, `neuron_memcpy`,
//   `get_cpu_id`) follow.
// Both: `_start` enters the first windowed frame with CALL4; `__q7_start` enables the FP coprocessor,
// clears .bss, calls `__q7_init_globals` (weak: the user's start-up constructors, lower/startup.ts), the
// launcher, then `__q7_fini_globals`; `__q7_exit`; the printf entry. The files of a mode are one
// assembler input (they share the ROM's literals), with a line marker before each so that errors name
// the file and line; the ABI's names (`Q7_LAUNCH_STACK_TOP`...) are replaced by their values first.
// The window overflow/underflow handlers (target/q7/window-vectors.ts) are placed at VECBASE by the linker.

import { NEURON_MEMCPY_SYMBOL, NEURON_TRANSLATE_SYMBOL } from '../../target/q7/abi';
import { expandAbiMacros } from '../../target/q7/abi-macros';
import { guestFile, guestSourceName } from '../../target/q7/guest';
import { Q7_DRAM_END } from '../../target/q7/memory-map';

export type RomMode = 'program' | 'kernel';

/** Highest stack address (exclusive) in program mode: the top of the q7 core's local data RAM. */
export const STACK_TOP = Q7_DRAM_END;

/** The ROM's files of a mode, in order (the first names the assembler input). */
function startupFiles(mode: RomMode, printf: boolean): string[] {
  if (mode === 'program') return ['startup-program.S', 'start.S', 'launch-program.S', 'exit.S', 'write-program.S', 'printf.S'];
  return ['startup-kernel.S', 'start.S', 'launch-kernel.S', 'exit.S', 'write-kernel.S', ...(printf ? ['printf.S'] : []), 'device-calls.S'];
}

function endFiles(mode: RomMode): string[] {
  return mode === 'kernel' ? ['end.S', 'end-kernel.S'] : ['end.S'];
}

const joined = new Map<string, string>();
/** Files of guest/rom/ joined into one assembler input, each after a line marker naming it. */
function join(files: readonly string[]): string {
  const key = files.join(' ');
  let text = joined.get(key);
  if (text === undefined) joined.set(key, (text = joinFiles(files)));
  return text;
}

function joinFiles(files: readonly string[]): string {
  return files
    .map((f) => {
      const name = guestSourceName(`rom/${f}`);
      const text = expandAbiMacros(guestFile(`rom/${f}`), name);
      return `# 1 "${name}"\n${text.endsWith('\n') ? text : `${text}\n`}`;
    })
    .join('');
}

/** The assembler input name of the ROM's start-up part in a mode (its first file). */
export function romStartupName(mode: RomMode): string {
  return guestSourceName(`rom/${startupFiles(mode, true)[0]}`);
}

/** The assembler input name of the ROM's end part. */
export const ROM_END_NAME = guestSourceName('rom/end.S');

/**
 * The ROM's start-up part for a mode (the first input of the image). A kernel image whose code never
 * calls printf leaves out the printf entry (and with it the formatting core of the runtime library).
 */
export function romStartupSource(mode: RomMode, printf = true): string {
  return join(startupFiles(mode, printf));
}

/** The last input of the image: marks the end of .bss (and of the kernel table). */
export function romEndSource(mode: RomMode): string {
  return join(endFiles(mode));
}

/** ROM functions only kernel images have: they talk to the device. */
export const KERNEL_ROM_FUNCTIONS = ['__q7_device_call', NEURON_TRANSLATE_SYMBOL, NEURON_MEMCPY_SYMBOL, 'get_cpu_id'];

/** Functions the ROM defines that compiled code may call (the kernel-only ones in kernel images only). */
export const ROM_FUNCTIONS = ['printf', 'snprintf', '__q7_write', '__q7_exit', ...KERNEL_ROM_FUNCTIONS];

/** Runtime-library functions the ROM of a mode calls. */
export function romNeeds(mode: RomMode, printf = true): string[] {
  if (mode === 'program') return ['__q7_vprintf', '__q7_vsnprintf'];
  return printf ? ['__q7_vprintf', '__q7_vsnprintf', '__q7_log_write'] : ['__q7_log_write'];
}
