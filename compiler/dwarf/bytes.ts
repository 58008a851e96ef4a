// A growable little-endian byte buffer with the encodings DWARF uses (LEB128, C strings).

export class ByteWriter {
  private buf = new Uint8Array(256);
  length = 0;

  private ensure(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  u8(v: number): this {
    this.ensure(1);
    this.buf[this.length++] = v & 0xff;
    return this;
  }

  u16(v: number): this {
    return this.u8(v).u8(v >>> 8);
  }

  u32(v: number): this {
    return this.u16(v & 0xffff).u16(v >>> 16);
  }

  /** Overwrites a 32-bit value at `at` (for lengths known only at the end). */
  patch32(at: number, v: number): void {
    for (let i = 0; i < 4; i++) this.buf[at + i] = (v >>> (8 * i)) & 0xff;
  }

  uleb(v: number): this {
    let x = BigInt(v);
    if (x < 0n) throw new Error('uleb128 of a negative value');
    do {
      const byte = Number(x & 0x7fn);
      x >>= 7n;
      this.u8(x ? byte | 0x80 : byte);
    } while (x);
    return this;
  }

  sleb(v: number | bigint): this {
    let x = BigInt(v);
    for (;;) {
      const byte = Number(x & 0x7fn);
      x >>= 7n;
      const done = (x === 0n && !(byte & 0x40)) || (x === -1n && (byte & 0x40) !== 0);
      this.u8(done ? byte : byte | 0x80);
      if (done) return this;
    }
  }

  cstr(s: string): this {
    for (const b of new TextEncoder().encode(s)) this.u8(b);
    return this.u8(0);
  }

  bytes(b: Uint8Array): this {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
    return this;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export function ulebSize(v: number): number {
  let n = 1;
  let x = BigInt(v);
  while (x >= 0x80n) {
    x >>= 7n;
    n++;
  }
  return n;
}

export function slebSize(v: number | bigint): number {
  return new ByteWriter().sleb(v).length;
}
