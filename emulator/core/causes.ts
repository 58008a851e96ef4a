// EXCCAUSE values (XEA2, xtensa-ivp-spec.md §9.4) and their names, as stop reasons report them.

export const CAUSE = {
  IllegalInstruction: 0,
  Syscall: 1,
  InstructionFetchError: 2,
  LoadStoreError: 3,
  Level1Interrupt: 4,
  Alloca: 5,
  IntegerDivideByZero: 6,
  Privileged: 8,
  LoadStoreAlignment: 9,
  InstrPIFDataError: 12,
  LoadStorePIFDataError: 13,
  InstrPIFAddrError: 14,
  LoadStorePIFAddrError: 15,
  InstTLBMiss: 16,
  InstTLBMultiHit: 17,
  InstFetchPrivilege: 18,
  InstFetchProhibited: 20,
  LoadStoreTLBMiss: 24,
  LoadStoreTLBMultiHit: 25,
  LoadStorePrivilege: 26,
  LoadProhibited: 28,
  StoreProhibited: 29,
  Coprocessor0Disabled: 32,
} as const;

const NAMES = new Map<number, string>(Object.entries(CAUSE).map(([k, v]) => [v, k]));

export function causeName(cause: number): string {
  if (cause >= 32 && cause < 40) return `Coprocessor${cause - 32}Disabled`;
  return NAMES.get(cause) ?? `Cause${cause}`;
}
