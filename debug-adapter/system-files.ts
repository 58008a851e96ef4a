// The sources the user did not write but may see in a stop: the SDK headers and the target's guest
// files (the ROM's assembly, the runtime library's C++). They are served read-only by sourceReference (their text is built in),
// stepped over by default (`stepOverSdk`), and their frames are shown as subtle.

import { isSdkFile, sdkHeaders, SDK_INCLUDE_DIR } from '../language/sdk';
import { guestSourceText } from '../target/q7/guest';

/** Whether `path` (as a line table names it) is an SDK header or a guest file of the target. */
export function isSystemFile(path: string): boolean {
  return isSdkFile(path) || guestSourceText(path) !== undefined;
}

/** The built-in text of a system file; undefined for any other path. */
export function systemFileText(path: string): string | undefined {
  if (isSdkFile(path)) return sdkHeaders().get(path.slice(SDK_INCLUDE_DIR.length + 1));
  return guestSourceText(path);
}

/** The DAP `origin` of a system file: the SDK, the ROM's assembly or the runtime library. */
export function systemFileOrigin(path: string): string {
  if (isSdkFile(path)) return 'Q7 SDK';
  return /\/guest\/runtime\//.test(path.replace(/\\/g, '/')) ? 'Q7 runtime' : 'Q7 ROM';
}

/** The DAP mime type of a source: assembly for `.S`/`.s`, else C++. */
export function sourceMimeType(path: string): string {
  return /\.[sS]$/.test(path) ? 'text/x-asm' : 'text/x-c++';
}
