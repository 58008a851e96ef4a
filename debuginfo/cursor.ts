// A little-endian byte cursor over a DWARF section: fixed-size integers, LEB128, C strings, and the
// DWARF32 initial length. Reads past the end throw DwarfError naming the section and offset.

export class DwarfError extends Error {}

export class Cursor {
  pos: number;
  private readonly view: DataView;

  constructor(readonly bytes: Uint8Array, readonly section: string, pos = 0) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
  }

  get atEnd(): boolean {
    return this.pos >= this.bytes.length;
  }

  private need(n: number): void {
    if (this.pos + n > this.bytes.length) throw new DwarfError(`${this.section}: truncated at offset 0x${this.pos.toString(16)}`);
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++];
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos, true);
    this.pos += 2;
    return v;
  }

  u24(): number {
    return this.u16() | (this.u8() << 16);
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  /** A 64-bit value as a number (exact below 2^53). */
  u64(): number {
    const lo = this.u32();
    return this.u32() * 2 ** 32 + lo;
  }

  sized(n: number): number {
    switch (n) {
      case 1: return this.u8();
      case 2: return this.u16();
      case 4: return this.u32();
      case 8: return this.u64();
    }
    throw new DwarfError(`${this.section}: unsupported size ${n}`);
  }

  uleb(): number {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.u8();
      result += (b & 0x7f) * mul;
      mul *= 128;
      if ((b & 0x80) === 0) return result;
    }
  }

  sleb(): number {
    let result = 0;
    let mul = 1;
    let b: number;
    do {
      b = this.u8();
      result += (b & 0x7f) * mul;
      mul *= 128;
    } while (b & 0x80);
    if (b & 0x40) result -= mul;
    return result;
  }

  cstr(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length && this.bytes[this.pos] !== 0) this.pos++;
    this.need(1);
    const s = new TextDecoder().decode(this.bytes.subarray(start, this.pos));
    this.pos++;
    return s;
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  /** The unit length (DWARF32 only); returns the offset just past the unit. */
  initialLength(): number {
    const len = this.u32();
    if (len >= 0xfffffff0) throw new DwarfError(`${this.section}: 64-bit DWARF is not supported (offset 0x${(this.pos - 4).toString(16)})`);
    return this.pos + len;
  }
}

/** The NUL-terminated string at `offset` of a string section. */
export function stringAt(section: Uint8Array | undefined, offset: number, name: string): string {
  if (!section || offset >= section.length) throw new DwarfError(`${name}: string offset 0x${offset.toString(16)} out of range`);
  return new Cursor(section, name, offset).cstr();
}
