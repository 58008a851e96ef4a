// The runtime library: the C++ sources of runtime/ compiled (once per front-end) by this compiler as
// one translation unit with plain C names, plus the ROM's assembly functions. User code may call
// any function the library defines.

import { memoryHost, type Frontend } from '../../language';
import { translateUnit, type TranslatedUnit } from '../translate';
import { FORMAT_DOUBLE_SOURCE } from './format-double';
import { INT64_SOURCE } from './int64';
import { SOFT_FLOAT_SOURCE } from './soft-float';
import { LIBC_SOURCE } from './libc';
import { ROM_FUNCTIONS } from './rom';

export const RUNTIME_FILE = '/q7-runtime/runtime.cpp';

export interface RuntimeLibrary {
  readonly unit: TranslatedUnit;
  /** Every function a program may call without defining it. */
  readonly functions: ReadonlySet<string>;
}

const cache = new WeakMap<Frontend, RuntimeLibrary>();

/** The whole runtime as one C++ source. */
export function runtimeSource(): string {
  return [INT64_SOURCE, SOFT_FLOAT_SOURCE, LIBC_SOURCE, FORMAT_DOUBLE_SOURCE].join('\n');
}

export class RuntimeBuildError extends Error {}

export function runtimeLibrary(frontend: Frontend): RuntimeLibrary {
  const known = cache.get(frontend);
  if (known) return known;
  const source = runtimeSource();
  const unit = translateUnit(frontend, RUNTIME_FILE, memoryHost({ [RUNTIME_FILE]: source }), {
    runtime: new Set(ROM_FUNCTIONS),
    prefix: 'rt',
    plainNames: true,
  });
  if (!unit.emitted) {
    const lines = source.split('\n');
    const detail = unit.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}: ${d.message}\n    ${lines[d.line - 1]?.trim() ?? ''}`).join('\n');
    throw new RuntimeBuildError(`internal: the runtime library does not compile:\n${detail}`);
  }
  const functions = new Set([...ROM_FUNCTIONS, ...unit.defined]);
  const lib = { unit, functions };
  cache.set(frontend, lib);
  return lib;
}
