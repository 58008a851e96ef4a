// Test helper: wraps built program pieces into an ElfImage (PT_LOAD segments) and serialises it as a
// minimal ELF32 executable that QEMU's `-kernel` accepts, so the same bytes run on both machines.

import { ElfImage, ElfSegment, EM_XTENSA, ET_EXEC, PT_LOAD } from '../../../xtensa/elf/types';

export interface Piece {
  readonly addr: number;
  readonly bytes: Uint8Array;
  /** Extra zero-filled bytes after `bytes` (memsz > filesz). */
  readonly zeroFill?: number;
}

export function imageOf(pieces: Piece[], entry: number): ElfImage {
  const segments: ElfSegment[] = pieces.map((p) => ({
    type: PT_LOAD,
    vaddr: p.addr >>> 0,
    paddr: p.addr >>> 0,
    data: p.bytes,
    memsz: p.bytes.length + (p.zeroFill ?? 0),
    flags: 7,
    align: 4,
  }));
  return { type: ET_EXEC, machine: EM_XTENSA, entry: entry >>> 0, flags: 0x300, sections: [], symbols: [], segments };
}

/** Serialises the segments of `image` as an ELF32 little-endian executable (no sections). */
export function elfBytes(image: ElfImage): Uint8Array {
  const segs = image.segments;
  const headerSize = 52 + 32 * segs.length;
  let offset = (headerSize + 15) & ~15;
  const offsets = segs.map((s) => {
    const o = offset;
    offset = (offset + s.data.length + 15) & ~15;
    return o;
  });
  const buf = new Uint8Array(offset);
  const dv = new DataView(buf.buffer);
  buf.set([0x7f, 0x45, 0x4c, 0x46, 1, 1, 1], 0);
  dv.setUint16(16, image.type, true);
  dv.setUint16(18, image.machine, true);
  dv.setUint32(20, 1, true);
  dv.setUint32(24, image.entry, true);
  dv.setUint32(28, 52, true); // e_phoff
  dv.setUint32(32, 0, true); // e_shoff
  dv.setUint32(36, image.flags, true);
  dv.setUint16(40, 52, true);
  dv.setUint16(42, 32, true);
  dv.setUint16(44, segs.length, true);
  dv.setUint16(46, 40, true);
  segs.forEach((s, k) => {
    const p = 52 + 32 * k;
    dv.setUint32(p, s.type, true);
    dv.setUint32(p + 4, offsets[k], true);
    dv.setUint32(p + 8, s.vaddr, true);
    dv.setUint32(p + 12, s.paddr, true);
    dv.setUint32(p + 16, s.data.length, true);
    dv.setUint32(p + 20, s.memsz, true);
    dv.setUint32(p + 24, s.flags, true);
    dv.setUint32(p + 28, s.align, true);
    buf.set(s.data, offsets[k]);
  });
  return buf;
}
