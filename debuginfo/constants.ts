// DWARF numbers (tags, attributes, forms) from the DWARF 2–5 specifications: the one table both the
// reader (debuginfo/) and the writer (compiler/dwarf/) use.

export const TAG = {
  array_type: 0x01, class_type: 0x02, enumeration_type: 0x04, formal_parameter: 0x05, lexical_block: 0x0b,
  member: 0x0d, pointer_type: 0x0f, reference_type: 0x10, compile_unit: 0x11, structure_type: 0x13,
  subroutine_type: 0x15, typedef: 0x16, union_type: 0x17, inheritance: 0x1c, inlined_subroutine: 0x1d,
  subrange_type: 0x21, base_type: 0x24, const_type: 0x26, enumerator: 0x28, subprogram: 0x2e,
  template_type_parameter: 0x2f, template_value_parameter: 0x30, variable: 0x34, volatile_type: 0x35,
  namespace: 0x39, unspecified_type: 0x3b, rvalue_reference_type: 0x42, skeleton_unit: 0x4a,
  ptr_to_member_type: 0x1f, restrict_type: 0x37, atomic_type: 0x47, GNU_template_parameter_pack: 0x4107,
} as const;

export const AT = {
  location: 0x02, name: 0x03, byte_size: 0x0b, stmt_list: 0x10, low_pc: 0x11, high_pc: 0x12, language: 0x13,
  comp_dir: 0x1b, const_value: 0x1c, producer: 0x25, upper_bound: 0x2f, abstract_origin: 0x31, artificial: 0x34,
  count: 0x37, data_member_location: 0x38, decl_column: 0x39, decl_file: 0x3a, decl_line: 0x3b, declaration: 0x3c,
  encoding: 0x3e, external: 0x3f, frame_base: 0x40, specification: 0x47, type: 0x49, ranges: 0x55,
  linkage_name: 0x6e, str_offsets_base: 0x72, addr_base: 0x73, bit_size: 0x0d, data_bit_offset: 0x6b,
  bit_offset: 0x0c, lower_bound: 0x22, entry_pc: 0x52, call_file: 0x58, call_line: 0x59, rnglists_base: 0x74,
  loclists_base: 0x8c, MIPS_linkage_name: 0x2007, bit_stride: 0x2e, GNU_vector: 0x2107, inline: 0x20,
} as const;

export const FORM = {
  addr: 0x01, block2: 0x03, block4: 0x04, data2: 0x05, data4: 0x06, data8: 0x07, string: 0x08, block: 0x09,
  block1: 0x0a, data1: 0x0b, flag: 0x0c, sdata: 0x0d, strp: 0x0e, udata: 0x0f, ref_addr: 0x10, ref1: 0x11,
  ref2: 0x12, ref4: 0x13, ref8: 0x14, ref_udata: 0x15, indirect: 0x16, sec_offset: 0x17, exprloc: 0x18,
  flag_present: 0x19, strx: 0x1a, addrx: 0x1b, ref_sup4: 0x1c, strp_sup: 0x1d, data16: 0x1e, line_strp: 0x1f,
  ref_sig8: 0x20, implicit_const: 0x21, loclistx: 0x22, rnglistx: 0x23, ref_sup8: 0x24, strx1: 0x25, strx2: 0x26,
  strx3: 0x27, strx4: 0x28, addrx1: 0x29, addrx2: 0x2a, addrx3: 0x2b, addrx4: 0x2c,
} as const;

/**
 * DWARF register numbers of the IVP register files (project-specific: Cadence's numbering is not
 * public), above the ARs (0..15) and the other core registers: v0..v31, wv0..wv3, vb0..vb15, u0..u3.
 * A location names one with DW_OP_regx; its value is the whole register (64, 192, 8 or 64 bytes).
 */
export const IVP_DWARF_FILES: readonly { readonly prefix: 'v' | 'wv' | 'vb' | 'u'; readonly base: number; readonly count: number }[] = [
  { prefix: 'v', base: 256, count: 32 },
  { prefix: 'wv', base: 288, count: 4 },
  { prefix: 'vb', base: 292, count: 16 },
  { prefix: 'u', base: 308, count: 4 },
];

/** The DWARF number of an IVP register (`v3`, `wv1`, `vb2`, `u0`), or undefined. */
export function ivpDwarfRegister(name: string): number | undefined {
  const m = /^(v|wv|vb|u)(\d+)$/.exec(name);
  const f = m ? IVP_DWARF_FILES.find((x) => x.prefix === m[1]) : undefined;
  return f && Number(m![2]) < f.count ? f.base + Number(m![2]) : undefined;
}

/** The IVP register a DWARF number names (`v3`), or undefined. */
export function ivpRegisterName(dwarfRegNo: number): string | undefined {
  const f = IVP_DWARF_FILES.find((x) => dwarfRegNo >= x.base && dwarfRegNo < x.base + x.count);
  return f ? `${f.prefix}${dwarfRegNo - f.base}` : undefined;
}
