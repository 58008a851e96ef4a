// The launch configuration (`type: "q7"`): every field checked, each error naming the field, turned
// into a LaunchPlan the runtime uses. Whether `program` is a kernel or a plain program is known only
// once it is built or read; the runtime then refuses the fields of the other kind by name (`given`). The JSON schema in package.json (contributes.debuggers) states
// the same fields for editors.

import { CORE_NAMES, type CoreName, coreByName } from '../emulator';
import { DEFAULT_CORE_COUNT, SANITIZERS, type Sanitizer } from '../emulator/device';
import { POLICY } from '../target/q7/abi';
import type { ArgValue, KernelBuildOptions } from '../session';

export class ConfigError extends Error {
  constructor(readonly field: string, message: string) {
    super(`launch configuration: '${field}': ${message}`);
    this.name = 'ConfigError';
  }
}

export interface LaunchPlan {
  /** Absolute path of the .cpp, .elf or .S. */
  readonly program: string;
  /** The core a plain program runs on (default: from the ELF; a .S file: q7). */
  readonly cpu?: CoreName;
  /** The fields the configuration set (not defaulted). */
  readonly given: ReadonlySet<string>;
  readonly fn?: string;
  readonly args: readonly ArgValue[];
  readonly expect?: ArgValue;
  readonly rtol: number;
  readonly atol: number;
  readonly cores: number;
  readonly policy: number;
  readonly sanitize: readonly Sanitizer[];
  readonly defines: Readonly<Record<string, string>>;
  readonly includePaths: readonly string[];
  readonly optimize: 0 | 1 | 2;
  readonly stopOnEntry: boolean;
  readonly windowSize?: number;
  readonly windowCount?: number;
  /** The seed's window rule: a translated address is valid only until the next translate. */
  readonly strictWindows: boolean;
  readonly stackSize?: number;
  readonly stepOverSdk: boolean;
  readonly maxInstructions?: number;
  /** Reuse the build cache for a .cpp program (default true). */
  readonly cache: boolean;
  /** Where relative paths (args, expect, includePaths) are resolved. */
  readonly cwd: string;
}

/** Fields DAP clients add on their own (VS Code, nvim-dap, dap-mode); accepted and ignored. */
const GENERIC = new Set(['type', 'request', 'name', 'noDebug', 'presentation', 'preLaunchTask', 'postDebugTask', 'internalConsoleOptions', 'debugServer', 'console', 'env', 'windows', 'linux', 'osx', 'trace', 'dap-server-path']);
export const FIELDS = new Set([
  'program', 'cpu', 'function', 'args', 'expect', 'rtol', 'atol', 'multicore', 'cores', 'policy', 'sanitizers', 'defines', 'includePaths', 'optimize', 'stopOnEntry',
  'windowSize', 'windowCount', 'strictWindows', 'stackSize', 'stepOverSdk', 'maxInstructions', 'cwd', 'cache',
]);

const POLICIES: Record<string, number> = { coherent: POLICY.COHERENT, verbose: POLICY.INCOHERENT_VERBOSE, quiet: POLICY.INCOHERENT_QUIET };

type Json = Record<string, unknown>;

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);
}

function join(dir: string, p: string): string {
  return isAbsolute(p) ? p : `${dir.replace(/[\\/]+$/, '')}/${p}`;
}

function num(c: Json, field: string, check: (n: number) => boolean, what: string): number | undefined {
  const v = c[field];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || !check(v)) throw new ConfigError(field, `expected ${what}, got ${JSON.stringify(v)}`);
  return v;
}

function bool(c: Json, field: string, dflt: boolean): boolean {
  const v = c[field];
  if (v === undefined) return dflt;
  if (typeof v !== 'boolean') throw new ConfigError(field, `expected true or false, got ${JSON.stringify(v)}`);
  return v;
}

function strings(c: Json, field: string): string[] {
  const v = c[field];
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new ConfigError(field, `expected an array of strings, got ${JSON.stringify(v)}`);
  return v as string[];
}

/** One argument: a .npy path or generator text (relative paths resolved), a number, or {shape, dtype, init, seed}. */
function argValue(v: unknown, field: string, cwd: string): ArgValue {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ConfigError(field, `${v} is not a finite number`);
    return v;
  }
  if (typeof v === 'string') return /\.npy$/i.test(v) ? join(cwd, v) : v;
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Json;
    for (const k of Object.keys(o)) if (!['shape', 'dtype', 'init', 'seed'].includes(k)) throw new ConfigError(`${field}.${k}`, `unknown field (a generated tensor has shape, dtype, init, seed)`);
    if (o.shape === undefined) throw new ConfigError(`${field}.shape`, 'missing (e.g. [4, 8] or "4x8")');
    const shapeOk = typeof o.shape === 'string' || (Array.isArray(o.shape) && o.shape.every((d) => Number.isInteger(d) && d >= 0));
    if (!shapeOk) throw new ConfigError(`${field}.shape`, `expected non-negative integers, e.g. [4, 8] or "4x8", got ${JSON.stringify(o.shape)}`);
    if (o.dtype !== undefined && typeof o.dtype !== 'string') throw new ConfigError(`${field}.dtype`, `expected a dtype name, got ${JSON.stringify(o.dtype)}`);
    if (o.init !== undefined && typeof o.init !== 'string') throw new ConfigError(`${field}.init`, `expected an init name, got ${JSON.stringify(o.init)}`);
    if (o.seed !== undefined && !(Number.isInteger(o.seed) && (o.seed as number) >= 0)) throw new ConfigError(`${field}.seed`, `expected a non-negative integer, got ${JSON.stringify(o.seed)}`);
    return o as unknown as ArgValue;
  }
  throw new ConfigError(field, `expected a .npy path, a generator ("shape=4x8,init=randn"), an object {shape, dtype, init, seed} or a number, got ${JSON.stringify(v)}`);
}

/** Checks a launch request's arguments; `cwd` resolves relative paths when the configuration has no `cwd`. */
export function parseLaunchConfig(raw: unknown, defaultCwd: string): LaunchPlan {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError('(arguments)', 'expected an object');
  const c = raw as Json;
  for (const k of Object.keys(c)) {
    if (!FIELDS.has(k) && !GENERIC.has(k) && !k.startsWith('__')) throw new ConfigError(k, `unknown field (known: ${[...FIELDS].join(', ')})`);
  }
  if (c.cwd !== undefined && typeof c.cwd !== 'string') throw new ConfigError('cwd', `expected a directory path, got ${JSON.stringify(c.cwd)}`);
  const cwd = (c.cwd as string | undefined) ?? defaultCwd;
  if (typeof c.program !== 'string' || c.program === '') throw new ConfigError('program', c.program === undefined ? 'missing: the kernel or program to debug (.cpp, .elf or .S)' : `expected a file path, got ${JSON.stringify(c.program)}`);
  if (!/\.(cpp|cc|cxx|C|elf|o|S|s|asm)$/.test(c.program) && /\.[A-Za-z]+$/.test(c.program)) throw new ConfigError('program', `'${c.program}' is neither a C++ source (.cpp), an ELF image (.elf) nor assembly source (.S)`);
  if (c.cpu !== undefined && (typeof c.cpu !== 'string' || !coreByName(c.cpu))) throw new ConfigError('cpu', `expected one of ${CORE_NAMES.join(', ')}, got ${JSON.stringify(c.cpu)}`);
  if (c.function !== undefined && (typeof c.function !== 'string' || c.function === '')) throw new ConfigError('function', `expected a kernel function name, got ${JSON.stringify(c.function)}`);
  let args: ArgValue[] = [];
  if (c.args !== undefined) {
    if (!Array.isArray(c.args)) throw new ConfigError('args', `expected an array (one entry per kernel parameter), got ${JSON.stringify(c.args)}`);
    args = c.args.map((a, k) => argValue(a, `args[${k}]`, cwd));
  }
  const expect = c.expect === undefined ? undefined : argValue(c.expect, 'expect', cwd);
  if (typeof expect === 'number') throw new ConfigError('expect', 'expected a .npy path or a generator, not a number');
  const rtol = num(c, 'rtol', (n) => n >= 0, 'a non-negative number') ?? 1e-5;
  const atol = num(c, 'atol', (n) => n >= 0, 'a non-negative number') ?? 1e-8;
  const multicore = bool(c, 'multicore', false);
  const cores = num(c, 'cores', (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a core count 1..64') ?? (multicore ? DEFAULT_CORE_COUNT : 1);
  let policy: number = POLICY.COHERENT;
  if (c.policy !== undefined) {
    if (typeof c.policy !== 'string' || POLICIES[c.policy] === undefined) throw new ConfigError('policy', `expected one of ${Object.keys(POLICIES).join(', ')}, got ${JSON.stringify(c.policy)}`);
    policy = POLICIES[c.policy];
  }
  let sanitize: Sanitizer[] = [...SANITIZERS];
  if (c.sanitizers !== undefined) {
    const list = strings(c, 'sanitizers');
    list.forEach((s, k) => {
      if (!(SANITIZERS as readonly string[]).includes(s)) throw new ConfigError(`sanitizers[${k}]`, `unknown sanitizer '${s}' (known: ${SANITIZERS.join(', ')})`);
    });
    sanitize = list as Sanitizer[];
  }
  const defines: Record<string, string> = {};
  if (c.defines !== undefined) {
    if (Array.isArray(c.defines)) {
      strings(c, 'defines').forEach((d) => {
        const eq = d.indexOf('=');
        defines[eq < 0 ? d : d.slice(0, eq)] = eq < 0 ? '1' : d.slice(eq + 1);
      });
    } else if (c.defines && typeof c.defines === 'object') {
      for (const [k, v] of Object.entries(c.defines as Json)) {
        if (typeof v !== 'string' && typeof v !== 'number') throw new ConfigError(`defines.${k}`, `expected a string or a number, got ${JSON.stringify(v)}`);
        defines[k] = String(v);
      }
    } else throw new ConfigError('defines', `expected ["NAME=VALUE", ...] or {"NAME": "VALUE"}, got ${JSON.stringify(c.defines)}`);
    for (const k of Object.keys(defines)) if (!/^[A-Za-z_]\w*$/.test(k)) throw new ConfigError('defines', `'${k}' is not a macro name`);
  }
  const includePaths = strings(c, 'includePaths').map((p) => join(cwd, p));
  const optimize = num(c, 'optimize', (n) => n === 0 || n === 1 || n === 2, '0, 1 or 2') ?? 0;
  const pow2 = (n: number) => Number.isInteger(n) && n >= 65536 && (n & (n - 1)) === 0;
  return {
    program: join(cwd, c.program),
    cpu: c.cpu as CoreName | undefined,
    given: new Set(Object.keys(c).filter((k) => FIELDS.has(k) && c[k] !== undefined)),
    fn: c.function as string | undefined,
    args,
    expect,
    rtol,
    atol,
    cores,
    policy,
    sanitize,
    defines,
    includePaths,
    optimize: optimize as 0 | 1 | 2,
    stopOnEntry: bool(c, 'stopOnEntry', false),
    windowSize: num(c, 'windowSize', pow2, 'a power of two ≥ 65536'),
    windowCount: num(c, 'windowCount', (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a window count 1..64'),
    strictWindows: bool(c, 'strictWindows', false),
    stackSize: num(c, 'stackSize', (n) => Number.isInteger(n) && n >= 1024, 'a byte count ≥ 1024'),
    stepOverSdk: bool(c, 'stepOverSdk', true),
    maxInstructions: num(c, 'maxInstructions', (n) => Number.isInteger(n) && n > 0, 'a positive integer'),
    cache: bool(c, 'cache', true),
    cwd,
  };
}

/** The build options of a launch's kernel source (the build cache is the host's to add). */
export function buildOptionsOf(plan: LaunchPlan): KernelBuildOptions {
  return {
    defines: plan.defines, includePaths: plan.includePaths, optimize: plan.optimize, stackSize: plan.stackSize,
    noSanitize: SANITIZERS.filter((s) => !plan.sanitize.includes(s)),
  };
}
