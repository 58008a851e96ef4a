// Closure classes as the model gives them: whether a class is a lambda's closure type, and which of
// its fields captures the variable declared at a place (fields are located like the captured variables).

import type { ClassDecl, FieldDecl, Loc } from '../../language/model';

/** Whether `cls` is the closure type of a lambda expression. */
export function isClosure(cls: ClassDecl | undefined): boolean {
  return !!cls && cls.name.startsWith('(lambda at ');
}

/** Whether two locations are the same place. */
export function sameLoc(a: Loc, b: Loc): boolean {
  return a.unit === b.unit && a.start === b.start && a.end === b.end;
}

/** The closure field that holds the variable declared at `loc`, when `cls` captures it. */
export function captureField(cls: ClassDecl, loc: Loc): FieldDecl | undefined {
  return cls.fields.find((fd) => fd.name !== '__this' && sameLoc(fd.loc, loc));
}
