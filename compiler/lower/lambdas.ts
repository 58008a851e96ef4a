// Lambdas: the model gives each lambda expression a closure class (one field per capture, named and
// located like the captured variable; a reference for a capture by reference) and a call operator
// whose body it analyses like any member function. A lambda expression builds the closure object
// (copies of the variables captured by value, addresses of those captured by reference); inside the
// call operator a captured variable is found in the closure object through `this` (a static local of
// the enclosing function, which the model treats as captured, is named directly).

import type { ClassDecl, FieldDecl, Loc } from '../../language/sema/decls';
import type { Address } from '../ir/ir';
import { offsetAddr, regAddr } from '../ir/builder';
import { copyConstructMember } from './copies';
import { unsupported } from './errors';
import type { FnLower } from './function';

/** Whether `cls` is the closure type of a lambda expression. */
export function isClosure(cls: ClassDecl | undefined): boolean {
  return !!cls && cls.name.startsWith('(lambda at ');
}

function sameLoc(a: Loc, b: Loc): boolean {
  return a.unit === b.unit && a.start === b.start && a.end === b.end;
}

/** Builds the closure object of a lambda expression at `addr`. */
export function buildClosure(f: FnLower, addr: Address, cls: ClassDecl, at: Loc): void {
  cls.require();
  for (const fd of cls.fields) {
    // the model gives a static local a field too; the body names the static itself, the field stays unused
    if (f.m.staticLocalAt(fd.loc, fd.name)) continue;
    const field = offsetAddr(addr, f.L.fieldOffset(cls, fd.name));
    const variable = f.variableAt(fd.loc, fd.name, at);
    if (fd.type.kind === 'reference') f.b.store('i32', f.b.addr(variable), field);
    else copyConstructMember(f, field, variable, fd.type, at);
  }
}

/** The closure field that holds the variable declared at `loc`, when `cls` captures it. */
export function captureField(cls: ClassDecl, loc: Loc): FieldDecl | undefined {
  return cls.fields.find((fd) => sameLoc(fd.loc, loc));
}

/** Inside a closure's call operator: the address of a captured variable, through the closure object `self`. */
export function capturedAddress(f: FnLower, cls: ClassDecl, fd: FieldDecl, self: Address): Address {
  const at = offsetAddr(regAddr(f.b.load('i32', self, 'i32')), f.L.fieldOffset(cls, fd.name));
  return fd.type.kind === 'reference' ? regAddr(f.b.load('i32', at, 'i32')) : at;
}

/** `this` named inside a lambda means the enclosing object, which the closure does not capture yet. */
export function rejectThisInLambda(at: Loc): never {
  return unsupported(at, "'this' inside a lambda (a capture of the enclosing object) is not supported yet");
}

export { sameLoc };
