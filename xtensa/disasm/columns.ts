// The columns of an objdump listing line: the right-aligned address and the hex bytes, grouped in
// chunks printed most-significant byte first (ELF little-endian) and padded to a fixed width.

/** Address digits objdump leaves out for a whole section: leading zeros of its end address, in fours, minus one. */
export function skippedAddressChars(vma: number, size: number): number {
  const text = hex8(vma + size);
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '0') zeros++;
  if (zeros === text.length && vma !== 0) return 0;
  return zeros === 0 ? 0 : (zeros - 1) & ~3;
}

export function hex8(value: number): string {
  return (value >>> 0).toString(16).padStart(8, '0');
}

/** `  1c` / `40100000`: the address with `skip` leading digits dropped and other leading zeros blanked. */
export function addressColumn(addr: number, skip: number): string {
  const text = hex8(addr).slice(skip);
  const digits = text.replace(/^0+/, '');
  return (digits === '' ? '0' : digits).padStart(text.length, ' ');
}

/**
 * The hex column: `count` bytes from `at` in chunks of `chunk` bytes (each printed most significant
 * byte first, then a space; a chunk reaching past `limit` prints only its space), then blank chunks
 * until `lineBytes` bytes are accounted for.
 */
export function hexColumn(
  data: Uint8Array,
  at: number,
  count: number,
  chunk: number,
  limit: number,
  lineBytes: number,
): string {
  let text = '';
  for (let j = at; j < at + count; j += chunk) {
    if (j + chunk <= limit) {
      for (let k = chunk - 1; k >= 0; k--) text += data[j + k].toString(16).padStart(2, '0');
    }
    text += ' ';
  }
  for (let done = count; done < lineBytes; done += chunk) text += '  '.repeat(chunk) + ' ';
  return text;
}

/** The character column of a data line: printable ASCII as is, everything else as `.`. */
export function asciiColumn(data: Uint8Array, at: number, count: number): string {
  let text = '';
  for (let j = at; j < at + count; j++) {
    const c = data[j];
    text += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.';
  }
  return text;
}
