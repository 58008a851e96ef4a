// The device SDK as a virtual include directory: `#include <torch/torch.h>` and friends resolve here.
// The headers are real files of the Q7 target (target/q7/guest/sdk/include/), embedded at build time.

import type { FileHost } from '../host';
import { GUEST_FILES } from '../../target/q7/guest-files.generated';

/** The virtual directory holding the SDK headers (searched after the user's include paths). */
export const SDK_INCLUDE_DIR = '/q7-sdk/include';

/** Where the headers live under the target's guest files. */
const GUEST_PREFIX = 'sdk/include/';

const HEADERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GUEST_FILES)
    .filter(([path]) => path.startsWith(GUEST_PREFIX))
    .map(([path, text]) => [path.slice(GUEST_PREFIX.length), text]),
);

/** Relative path (e.g. `torch/torch.h`) → header text. */
export function sdkHeaders(): ReadonlyMap<string, string> {
  return new Map(Object.entries(HEADERS));
}

/** A host serving the SDK headers under SDK_INCLUDE_DIR. */
export const sdkHost: FileHost = {
  readFile(path: string): string | undefined {
    const prefix = `${SDK_INCLUDE_DIR}/`;
    return path.startsWith(prefix) && Object.hasOwn(HEADERS, path.slice(prefix.length)) ? HEADERS[path.slice(prefix.length)] : undefined;
  },
};

export function isSdkFile(path: string): boolean {
  return path.startsWith(`${SDK_INCLUDE_DIR}/`);
}
