// q7 check: analyses kernel files with the front-end and prints their diagnostics and those of the
// compiler's legality rules (what q7 build would stop at: compiler/check.ts)
// (`file:line:col: severity: message [code]`, or JSON with --format json); exit 1 on errors.

import { CliIO, Command, UsageError } from '../io';
import type { SourceRange } from '../../language';
import { fileHost, loadFrontend } from '../frontend';
import { macroTable } from '../macros';
import { defineCommand, parseArgs } from '../options';
import { checkedDiagnostics, diagnosticUrl, findShapeSource, type CheckDiagnostic } from '../../language/checks';
import { translationDiagnostics } from '../../compiler';

const SPEC = defineCommand({
  name: 'check',
  summary: "check kernel sources for errors (the language server's diagnostics)",
  usage: '[-I DIR]... [-D NAME[=VALUE]]... [--format text|json] [--shape-src SHAPE.cpp] FILE...',
  description:
    "Prints the diagnostics of the front-end, the domain checks and the compiler's legality rules for each file " +
    '(file:line:col: severity: message [code], with notes and help); exit status 1 when there are errors.',
  positionals: [{ key: 'files', name: 'FILE', repeatable: true, missing: 'no input files' }],
  options: {
    includePaths: { name: '-I', type: 'repeatable', value: 'DIR', description: 'add an include directory' },
    defines: { name: '-D', type: 'repeatable', value: 'NAME[=V]', description: 'define a preprocessor macro' },
    format: { name: '--format', type: 'enum', value: 'FORMAT', choices: ['text', 'json'], default: 'text', noun: 'format', description: 'output format' },
    shapeSrc: {
      name: '--shape-src', type: 'string', value: 'SHAPE.cpp',
      description: 'the shape file registering the kernels (default: shape.cpp next to each file)',
    },
  },
});

const at = (r: SourceRange) => `${r.file}:${r.start.line + 1}:${r.start.column + 1}`;

/**
 * A diagnostic as clang and rustc print theirs: `file:line:col: severity: message [code]`, then a
 * `file:line:col: note: ...` line per located note (and related location), `  note: ...` for a note
 * without a place, and `  help: ...` with the fix. Lines end with a newline.
 */
export function formatDiagnostic(d: CheckDiagnostic): string {
  const lines = [`${at(d.range)}: ${d.severity}: ${d.message} [${d.code}]`];
  for (const r of d.related ?? []) lines.push(`${at(r.range)}: note: ${r.message}`);
  for (const n of d.notes ?? []) lines.push(n.range ? `${at(n.range)}: note: ${n.message}` : `  note: ${n.message}`);
  if (d.help) lines.push(`  help: ${d.help}`);
  return lines.map((l) => `${l}\n`).join('');
}

function rangeJson(r: SourceRange) {
  return { file: r.file, line: r.start.line + 1, column: r.start.column + 1, endLine: r.end.line + 1, endColumn: r.end.column + 1 };
}

/** Every part of a diagnostic: where, severity, code, primary message, notes (with their ranges), help, page. */
export function diagnosticJson(d: CheckDiagnostic) {
  const notes = [
    ...(d.related ?? []).map((r) => ({ message: r.message, ...rangeJson(r.range) })),
    ...(d.notes ?? []).map((n) => ({ message: n.message, ...(n.range ? rangeJson(n.range) : {}) })),
  ];
  const url = diagnosticUrl(d.code);
  return {
    ...rangeJson(d.range),
    severity: d.severity,
    code: d.code,
    message: d.message,
    ...(notes.length ? { notes } : {}),
    ...(d.help ? { help: d.help } : {}),
    ...(url ? { url } : {}),
  };
}

export const checkCommand: Command = {
  spec: SPEC,
  async run(args: string[], io: CliIO): Promise<number> {
    const opts = parseArgs(SPEC, args);
    const defines = macroTable(opts.defines, '');
    const host = fileHost(io);
    for (const f of opts.files) if (host.readFile(f) === undefined) throw new UsageError(`${f}: cannot read file`);
    if (opts.shapeSrc !== undefined && host.readFile(opts.shapeSrc) === undefined) throw new UsageError(`${opts.shapeSrc}: cannot read the shape file`);
    const fe = await loadFrontend(io);
    const all: CheckDiagnostic[] = [];
    for (const f of opts.files) {
      const analysis = fe.analyze(f, host, { includePaths: opts.includePaths, defines });
      const shapeSource = findShapeSource(f, (p) => host.readFile(p), opts.shapeSrc);
      // what the front-end and the checks find, then what q7 build would stop at
      all.push(...checkedDiagnostics(analysis, { shapeSource }), ...translationDiagnostics(fe, analysis, f));
    }
    if (opts.format === 'json') io.stdout(`${JSON.stringify(all.map(diagnosticJson), null, 2)}\n`);
    else for (const d of all) io.stdout(formatDiagnostic(d));
    return all.some((d) => d.severity === 'error') ? 1 : 0;
  },
};
