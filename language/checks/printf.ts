// Q7-P012 printf format strings: the arguments of printf/sprintf/snprintf against the conversions of
// a literal format, as GCC's -Wformat checks them on the device's ILP32 ABI (`%d` given the int64_t
// of `t.size(0)`, `%f` given an int, `%s` given a non-string, too few or too many arguments, an
// unknown conversion). printf is the only debug output on the device, and a mismatched argument
// prints garbage for itself and every later conversion. Quick fix: the conversion that fits
// (`%lld`, `%u`, `%f`, ...). Warnings, like GCC's.
// Reads the format literal as written (escapes, adjacent literals) and the call's argument list in the
// syntax tree; the arguments' types come from the typed expressions at their spans.

import type { SyntaxNode } from '../parse/syntax-node';
import type { Expr } from '../model/expressions';
import { nonReference, quoteType, type Type } from '../model/types';
import type { FileContext } from './context';
import { literalChars, parseFormat, type Directive } from './format-string';
import type { FunctionContext } from './function-context';
import { classify, consequence, expectedType, fits, fitsStar, fittingDirective } from './printf-types';
import { MAX_DIMS } from './rank-limit';
import { sdkValue } from './sdk-types';
import { nodeOfLoc } from './syntax';
import type { Check, Fix } from './types';

const CODE = 'Q7-P012';

/** The position of the format argument of each function of the printf family. */
const FORMAT_ARG: Record<string, number> = { printf: 0, sprintf: 1, snprintf: 2 };

export const printfCheck: Check = {
  code: CODE,
  name: 'printf-format',
  summary: 'printf arguments that do not match their conversions on the device (ILP32)',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    for (const e of fc.index.all) {
      const k = e.kind === 'call' && e.callee && e.callee.loc.unit.system ? FORMAT_ARG[e.callee.name] : undefined;
      if (k !== undefined) checkCall(ctx, fc, e, k);
    }
  },
};

function checkCall(ctx: FileContext, fc: FunctionContext, call: Expr, formatIndex: number): void {
  const callNode = nodeOfLoc(call.loc);
  const args = callNode.childForFieldName('arguments')?.namedChildren.filter((n) => n.type !== 'comment') ?? [];
  const format = args[formatIndex];
  const chars = format && literalChars(format, fc.unit.text);
  if (!chars) return;
  const fnName = call.callee!.name;
  const { directives, problems } = parseFormat(chars);
  for (const p of problems) {
    ctx.report({
      range: fc.range(p.start, p.end),
      severity: 'warning',
      code: CODE,
      ...(p.kind === 'trailing'
        ? { message: "spurious trailing '%' in format", notes: [{ message: `the device's ${fnName} prints nothing for it` }], help: "write '%%' for a percent sign" }
        : {
          message: `unknown conversion type character '${p.char}' in format`,
          notes: [{ message: `the device's ${fnName} prints the specification as it is` }],
          help: "use one of the conversions d i u o x X c s p f e g a n, or write '%%' for a percent sign",
        }),
    });
  }
  let next = formatIndex + 1;
  for (const d of directives) {
    if (d.conv === '%') continue;
    const ignored = ignoredFlag(d);
    if (ignored) ctx.report({ range: fc.range(d.start, d.end), severity: 'warning', code: CODE, message: `${ignored} in '${d.text}'`, help: 'remove the flag that has no effect' });
    for (const star of [d.width === '*' ? 'field width' : '', d.precision === '.*' ? 'precision' : ''].filter(Boolean)) {
      const arg = args[next++];
      if (!arg) return tooFew(ctx, fc, d, `${star} specifier '*'`, 'int');
      const t = typeOf(fc, arg);
      if (t && !fitsStar(classify(t))) {
        report(ctx, fc, d, arg, `${star} specifier '*' expects argument of type 'int', but argument ${next} has type ${quoteType(nonReference(t))}`,
          { consequence: `the device's ${fnName} reads an int for the ${star}`, help: `pass an int (cast it: (int)${fc.show(arg)})` }, []);
      }
    }
    const arg = args[next++];
    if (!arg) return tooFew(ctx, fc, d, `format '${d.text}'`, expectedType(d) ?? 'int');
    const t = typeOf(fc, arg);
    if (!t || impossibleAccessor(t)) continue;
    const a = classify(t);
    if (fits(d, a)) continue;
    const better = fittingDirective(d, a);
    const typeName = quoteType(nonReference(t));
    const advice = better ? `use '${better}'` : `no conversion prints a ${typeName} object; print its fields`;
    report(ctx, fc, d, arg, `format '${d.text}' expects argument of type '${expectedType(d)}', but argument ${next} has type ${typeName}`,
      { consequence: consequence(d, a), help: advice }, better ? fix(ctx, fc, d, better, typeName) : []);
  }
  if (next < args.length) {
    const extra = args[next];
    ctx.report({
      range: fc.rangeOf(extra),
      severity: 'warning',
      code: CODE,
      message: `too many arguments for format: '${fc.show(extra)}' (argument ${next + 1}) is never printed`,
      notes: [{ range: fc.rangeOf(format), message: `the format string, with ${countArgs(directives)} conversion${countArgs(directives) === 1 ? '' : 's'}` }],
      help: `remove '${fc.show(extra)}' or add a conversion for it`,
    });
  }
}

/** Flag combinations C says have no effect (GCC warns about them). */
function ignoredFlag(d: Directive): string | undefined {
  const integer = 'diouxX'.includes(d.conv);
  if (d.flags.includes('0') && d.flags.includes('-')) return `'0' flag ignored with '-' flag`;
  if (d.flags.includes(' ') && d.flags.includes('+')) return `' ' flag ignored with '+' flag`;
  if (d.flags.includes('0') && integer && d.precision) return `'0' flag ignored with precision and '%${d.conv}'`;
  if (d.flags.includes('#') && 'dicsp'.includes(d.conv)) return `'#' flag used with '%${d.conv}', where it means nothing`;
  return undefined;
}

/** An accessor with more dimensions than a tensor can have: Q7-A014 reports it, not each use. */
function impossibleAccessor(t: Type): boolean {
  const v = sdkValue(t);
  return v?.kind === 'accessor' && v.rank > MAX_DIMS;
}

function countArgs(ds: Directive[]): number {
  return ds.reduce((n, d) => n + (d.conv === '%' ? 0 : 1) + (d.width === '*' ? 1 : 0) + (d.precision === '.*' ? 1 : 0), 0);
}

function typeOf(fc: FunctionContext, arg: SyntaxNode) {
  return fc.index.at(arg.startIndex, arg.endIndex)?.type;
}

function tooFew(ctx: FileContext, fc: FunctionContext, d: Directive, what: string, type: string): void {
  ctx.report({
    range: fc.range(d.start, d.end),
    severity: 'warning',
    code: CODE,
    message: `${what} expects a matching '${type}' argument`,
    notes: [{ message: 'on the device printf reads whatever lies next in the argument area and prints garbage' }],
    help: `pass the '${type}' argument the format asks for, or remove the conversion`,
  });
}

function report(ctx: FileContext, fc: FunctionContext, d: Directive, arg: SyntaxNode, message: string, why: { consequence: string; help: string } | undefined, fixes: Fix[]): void {
  ctx.report({
    range: fc.range(d.start, d.end),
    severity: 'warning',
    code: CODE,
    message,
    notes: [{ range: fc.rangeOf(arg), message: `the argument '${fc.show(arg)}'` }, ...(why ? [{ message: why.consequence }] : [])],
    help: why?.help,
    fixes,
  });
}

/** Rewrites the specification, when its text is in the user's file as written. */
function fix(ctx: FileContext, fc: FunctionContext, d: Directive, better: string, typeName: string): Fix[] {
  const r = fc.range(d.start, d.end);
  const line = ctx.sourceText.split('\n')[r.start.line] ?? '';
  if (r.file !== ctx.analysis.file || r.start.line !== r.end.line || line.slice(r.start.column, r.end.column) !== d.text) return [];
  return [{ title: `Use '${better}' for the ${typeName} argument`, edits: [{ range: r, newText: better }] }];
}
