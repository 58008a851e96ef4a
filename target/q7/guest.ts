// The guest software of the Q7 target: the files under target/q7/guest/ (the ROM's assembly, the
// runtime library's C++, the SDK headers), embedded at build time by scripts/embed-guest.mjs so that
// nothing is read from disk at run time. Sources compiled or assembled from here carry their real
// names (`target/q7/guest/...`) into error messages and debug information.

import { GUEST_FILES } from './guest-files.generated';

/** The folder of the guest files, as the names given to the compiler and the assembler start. */
export const GUEST_SOURCE_DIR = 'target/q7/guest';

/** The name a guest file is compiled or assembled under (`rom/window-vectors.S` → `target/q7/guest/rom/window-vectors.S`). */
export function guestSourceName(path: string): string {
  return `${GUEST_SOURCE_DIR}/${path}`;
}

/** The text of a guest file by its path under guest/; a missing file is a build defect, named. */
export function guestFile(path: string): string {
  if (!Object.hasOwn(GUEST_FILES, path)) throw new Error(`target/q7: no guest file '${path}' (is ${GUEST_SOURCE_DIR}/${path} embedded? run npm run build)`);
  return GUEST_FILES[path];
}

/** The text of a source named by debug information or an error, when it is a guest file (objdump -S). */
export function guestSourceText(name: string): string | undefined {
  const at = name.replace(/\\/g, '/').lastIndexOf(`${GUEST_SOURCE_DIR}/`);
  if (at < 0) return undefined;
  const path = name.slice(at + GUEST_SOURCE_DIR.length + 1);
  return Object.hasOwn(GUEST_FILES, path) ? GUEST_FILES[path] : undefined;
}
