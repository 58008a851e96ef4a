// Whole builds in the build cache: the entries of a successful build (the files it read; the image:
// ELF bytes as the payload, the assembly, kernel records and registrations in the header) and the
// lookup that returns it when the source, the options, the compiler and every file read are the same.
// A lookup needs no front-end, so a hit skips loading the C++ grammar too.

import type { FileHost, Registration } from '../../language';
import { readElf } from '../../xtensa/elf';
import type { CompileOptions, CompileResult, KernelInfo } from '../compile-options';
import { runtimeSource } from '../runtime/library';
import { type BuildCache, buildKey, compilerIdentity, digest, packEntry, safeGet, unpackEntry } from '.';

/** The image entry's header (the ELF bytes are the payload). */
interface Header {
  readonly assembly?: string;
  readonly kernels?: KernelInfo[];
  readonly registrations?: Registration[];
  readonly elfLength: number;
  readonly elfDigest: string;
}

/** Two levels: the source's key (`files-…`: file, text, options, compiler) names the files the last
 *  build of it read; their digests now, with that key, name the image (`image-…`). A header edited
 *  back and forth finds each version's image. */
function sourceKey(file: string, textDigest: string, o: CompileOptions): string {
  return `files-${buildKey(compilerIdentity(runtimeSource), file, textDigest, o).slice('image-'.length)}`;
}

function imageKey(source: string, reads: readonly (readonly [string, string | null])[]): string {
  return `image-${digest(source, JSON.stringify(reads))}`;
}

/** The entries to store for a successful build: the read list and the image. */
export function buildEntries(file: string, reads: ReadonlyMap<string, string | null>, o: CompileOptions, r: CompileResult): { key: string; bytes: Uint8Array }[] {
  const main = reads.get(file);
  if (!r.elf || main === undefined || main === null) return [];
  const source = sourceKey(file, main, o);
  const header: Header = { assembly: r.assembly, kernels: r.kernels, registrations: r.registrations, elfLength: r.elf.length, elfDigest: digest(r.elf) };
  return [
    { key: source, bytes: packEntry({ files: [...reads.keys()] }) },
    { key: imageKey(source, [...reads]), bytes: packEntry(header, r.elf) },
  ];
}

/** The cached result of building `file` with `o`, if there is one for the files as they read now. */
export function cachedBuild(store: BuildCache, file: string, host: FileHost, o: CompileOptions): CompileResult | undefined {
  const text = host.readFile(file);
  if (text === undefined) return undefined;
  const source = sourceKey(file, digest(text), o);
  const list = unpackEntry(safeGet(store, source) ?? new Uint8Array(0))?.header as { files?: unknown } | undefined;
  if (!list || !Array.isArray(list.files) || !list.files.every((f) => typeof f === 'string')) return undefined;
  const reads = (list.files as string[]).map((p) => {
    const now = host.readFile(p);
    return [p, now === undefined ? null : digest(now)] as const;
  });
  const bytes = safeGet(store, imageKey(source, reads));
  const entry = bytes && unpackEntry(bytes);
  if (!entry) return undefined;
  const h = entry.header as Header;
  if (!h || h.elfLength !== entry.payload.length || digest(entry.payload) !== h.elfDigest) return undefined;
  const elf = entry.payload.slice();
  let image;
  try {
    image = readElf(elf, file);
  } catch {
    return undefined;
  }
  return { diagnostics: [], assembly: h.assembly, image, elf, kernels: h.kernels, registrations: h.registrations, cache: 'hit' };
}
