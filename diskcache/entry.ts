// One cache entry's framing (a file of the build cache, an entry of the shipped SDK snapshot): the magic
// `Q7CACHE1`, the payload's length (u32 LE), its SHA-256, the payload. An entry that does not check
// (truncated, altered) reads as undefined.

import { createHash } from 'node:crypto';

const MAGIC = Buffer.from('Q7CACHE1', 'latin1');
const HEAD = MAGIC.length + 4 + 32;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();

/** The file's payload if it is a whole, unaltered entry. */
export function decodeEntry(file: Buffer): Uint8Array | undefined {
  if (file.length < HEAD || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const n = file.readUInt32LE(MAGIC.length);
  if (file.length !== HEAD + n) return undefined;
  const payload = file.subarray(HEAD);
  return sha(payload).equals(file.subarray(MAGIC.length + 4, HEAD)) ? new Uint8Array(payload.buffer, payload.byteOffset, payload.length) : undefined;
}

export function encodeEntry(payload: Uint8Array): Buffer {
  const head = Buffer.alloc(HEAD);
  MAGIC.copy(head, 0);
  head.writeUInt32LE(payload.length, MAGIC.length);
  sha(payload).copy(head, MAGIC.length + 4);
  return Buffer.concat([head, payload]);
}
