// The default instruction limit of a kernel launch: a run that does not exit within it is a `timeout`
// fault (a kernel stuck in a loop ends instead of running forever). It grows with the elements of the
// argument and destination tensors, so a kernel at a model's sizes (a 4096×4096 activation takes
// ~4·10^9 instructions at -O2) is not cut short; an explicit --max-insns replaces it.

/** Instructions any launch may take, however small its tensors. */
export const BASE_INSTRUCTION_LIMIT = 4e9;
/** Instructions allowed per tensor element (arguments and destination): -O0 with every sanitizer spends ~2,400 on a ReLU. */
export const INSTRUCTIONS_PER_ELEMENT = 4000;

/** The default limit for a launch whose tensors hold `elements` elements in all. */
export function defaultInstructionLimit(elements: number): number {
  return BASE_INSTRUCTION_LIMIT + INSTRUCTIONS_PER_ELEMENT * elements;
}

/** What the timeout fault adds when the default limit applied. */
export function defaultLimitNote(elements: number): string {
  return `the default limit: ${BASE_INSTRUCTION_LIMIT.toExponential(0)} + ${INSTRUCTIONS_PER_ELEMENT} per tensor element (${elements} elements); --max-insns N sets another`;
}
