// The file access the front-end is given: it never touches the disk itself, so the CLI can pass the
// file system and the language server can pass its open editor buffers.

export interface FileHost {
  /** Contents of the file at `path`, or undefined when there is no such file. */
  readFile(path: string): string | undefined;
}

/** A host over an in-memory map of path → text (tests, fixtures, the SDK headers). */
export function memoryHost(files: Record<string, string> | Map<string, string>): FileHost {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  return { readFile: (p) => map.get(p) };
}

/** Looks in `first`, then in `second`. */
export function layeredHost(first: FileHost, second: FileHost): FileHost {
  return { readFile: (p) => first.readFile(p) ?? second.readFile(p) };
}
