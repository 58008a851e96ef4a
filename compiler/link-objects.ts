// The relocatable objects of the parts every image shares — the ROM's files, the window vectors,
// the linker's heap file and the runtime library's selected functions — so that a link assembles
// only the user's code. An object (xtensa/asm object.ts) is a pure function of the part's name and
// text under one assembler, so it is kept by them: in memory for the process (the last few), and in
// the build cache under `object-…`, keyed by the compiler identity (the bundle's build id, which
// covers the assembler), the name and the text. A cached object links to the same bytes as the text.

import { assembleObject, objectFromBytes, objectToBytes, type AsmObject, type AsmSource } from '../xtensa/asm';
import { compilerIdentity, digest, safeGet, safePut, type BuildCache } from './cache';
import { runtimeSource } from './runtime/library';

/** Objects kept in memory (most recent last). */
const MEMORY_LIMIT = 16;
const memory = new Map<string, AsmObject>();
const memoryKey = (source: AsmSource) => `${source.name}\0${source.text}`;

/** The build cache key of the object of `source`. */
export function objectKey(source: AsmSource): string {
  return `object-${digest(compilerIdentity(runtimeSource), 'asm-object', source.name, source.text)}`;
}

/** The relocatable object of `source`: from memory, else from `store`, else assembled (and stored). */
export function libraryObject(source: AsmSource, store?: BuildCache): AsmObject {
  const known = memory.get(memoryKey(source));
  if (known) {
    remember(source, known);
    return known;
  }
  const key = store && objectKey(source);
  const bytes = store && key ? safeGet(store, key) : undefined;
  let object = bytes && objectFromBytes(bytes);
  if (!object || object.file !== source.name) {
    object = assembleObject(source);
    if (store && key) safePut(store, key, objectToBytes(object));
  }
  remember(source, object);
  return object;
}

function remember(source: AsmSource, object: AsmObject): void {
  const key = memoryKey(source);
  memory.delete(key);
  memory.set(key, object);
  while (memory.size > MEMORY_LIMIT) memory.delete(memory.keys().next().value!);
}

/** Forgets the objects kept in memory (tests measure the cache on disk with it). */
export function clearLibraryObjects(): void {
  memory.clear();
}
