// PS (processor state) fields of XEA2 (xtensa-ivp-spec.md §9.3).

export const PS_INTLEVEL = 0xf;
export const PS_EXCM = 0x10;
export const PS_UM = 0x20;
export const PS_RING = 0xc0;
export const PS_RING_SHIFT = 6;
export const PS_OWB = 0xf00;
export const PS_OWB_SHIFT = 8;
export const PS_CALLINC = 0x30000;
export const PS_CALLINC_SHIFT = 16;
export const PS_WOE = 0x40000;

/** Bits WSR.PS keeps (RING only on cores with rings). */
export function psWriteMask(rings: boolean): number {
  return PS_WOE | PS_CALLINC | PS_OWB | PS_UM | PS_EXCM | PS_INTLEVEL | (rings ? PS_RING : 0);
}
