// Reads of the model that check the front-end finished what they read: the compiler works on a unit
// completed before hand-over (sema/hand-over.ts), so a class still waiting to be completed (a template
// instance no one completed) is an internal error naming it, never completed on the spot.

import type { ClassDecl } from './declarations';

/** Something the compiler asked for that the front-end did not complete before hand-over. */
export class NotHandedOver extends Error {
  constructor(what: string) {
    super(`${what} was not completed by the front-end before hand-over`);
  }
}

/** Whether `c` is a complete class; a template instance not completed yet throws `NotHandedOver`. */
export function isCompleteClass(c: ClassDecl): boolean {
  if (c.pending) throw new NotHandedOver(`class '${c.displayName()}'`);
  return c.complete;
}
