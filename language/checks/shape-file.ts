// Shape files: the host-side source with the shape functions and the `NEURON_LIBRARY(ns, m) {
// m.def("op", &shape_fn, "kernel_fn_name"); }` block that registers the ops. How a kernel file finds
// its shape file (the caller reads it and passes it in CheckOptions.shapeSource, the checks do no I/O):
// an explicit path (`q7 check --shape-src FILE`), else `shape.cpp` in the kernel's directory (the
// server always looks there). The registrations and the shape functions' parameter lists
// are read from the text (a shape file is plain: functions and one block of m.def calls).

import { dirname, joinPath } from '../paths';

export interface ShapeSource {
  path: string;
  text: string;
}

/** A position in a shape file (0-based line and column). */
export interface TextPos {
  line: number;
  column: number;
}

export interface Registration {
  op: string;
  shapeFn: string;
  /** The compute function's name (the third argument). */
  kernel: string;
  /** The `m.def(...)` call's start and end, and the kernel name's literal. */
  start: TextPos;
  end: TextPos;
  kernelAt: { start: TextPos; end: TextPos };
}

export interface ShapeFunction {
  name: string;
  /** Each parameter's kind: Tensor, int64_t, double, Scalar, or the type as written. */
  params: string[];
  at: { start: TextPos; end: TextPos };
}

export interface ShapeLibrary {
  ns: string;
  registrations: Registration[];
  functions: Map<string, ShapeFunction>;
}

/** The shape file for a kernel file: `explicit` (a path the caller resolved) if given, else `shape.cpp` next to it (not the kernel itself). */
export function findShapeSource(kernelPath: string, readFile: (p: string) => string | undefined, explicit?: string): ShapeSource | undefined {
  const path = explicit ?? joinPath(dirname(kernelPath), 'shape.cpp');
  if (path === kernelPath) return undefined;
  const text = readFile(path);
  return text === undefined ? undefined : { path, text };
}

/** Comments and string contents blanked (same length, lines kept), so patterns see only code. */
function blankComments(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '));
}

function posAt(text: string, offset: number): TextPos {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) };
}

/** The NEURON_LIBRARY block of a source, or undefined when it has none. */
export function parseShapeLibrary(text: string): ShapeLibrary | undefined {
  const code = blankComments(text);
  const lib = /\bNEURON_LIBRARY\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)\s*\{/.exec(code);
  if (!lib) return undefined;
  const m = lib[2];
  const body = blockEnd(code, lib.index + lib[0].length);
  const registrations: Registration[] = [];
  const def = new RegExp(`\\b${m}\\s*\\.\\s*def\\s*\\(\\s*"([^"]*)"\\s*,\\s*&?\\s*([\\w:]+)\\s*,\\s*("([^"]*)")\\s*\\)`, 'g');
  def.lastIndex = lib.index;
  for (let d = def.exec(code); d && d.index < body; d = def.exec(code)) {
    const litStart = d.index + d[0].lastIndexOf(d[3]);
    registrations.push({
      op: d[1], shapeFn: d[2].replace(/^.*::/, ''), kernel: d[4],
      start: posAt(text, d.index), end: posAt(text, d.index + d[0].length),
      kernelAt: { start: posAt(text, litStart), end: posAt(text, litStart + d[3].length) },
    });
  }
  const functions = new Map<string, ShapeFunction>();
  for (const r of registrations) {
    const f = new RegExp(`\\b${r.shapeFn}\\s*\\(([^()]*(?:\\([^()]*\\)[^()]*)*)\\)\\s*\\{`).exec(code);
    if (!f) continue;
    const nameAt = f.index;
    functions.set(r.shapeFn, {
      name: r.shapeFn,
      params: splitParams(f[1]).map(textKind),
      at: { start: posAt(text, nameAt), end: posAt(text, nameAt + r.shapeFn.length) },
    });
  }
  return { ns: lib[1], registrations, functions };
}

function blockEnd(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return i;
  }
  return code.length;
}

function splitParams(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '<' || c === '(') depth++;
    if (c === '>' || c === ')') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur.trim() && cur.trim() !== 'void') out.push(cur);
  return out.map((p) => p.trim());
}

/** A parameter declaration's kind, from its text (the type without the parameter's name). */
function textKind(p: string): string {
  const t = p.replace(/=.*$/, '').trim();
  if (/\bTensor\b/.test(t)) return 'Tensor';
  if (/\bScalar\b/.test(t)) return 'Scalar';
  if (/\b(int64_t|long\s+long(\s+int)?)\b/.test(t) && !/unsigned/.test(t)) return 'int64_t';
  if (/\bdouble\b/.test(t)) return 'double';
  return t.replace(/\s+\w+$/, '').replace(/\s*([*&])\s*/g, '$1').replace(/\s+/g, ' ');
}
