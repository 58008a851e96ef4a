// Oracle harness: detects the external tools the oracles need (lx106 cross toolchain, picolibc,
// gcc-12-source, QEMU, host gcc) and decides whether a test skips or fails when one is missing.
import * as fs from 'fs';
import * as path from 'path';

/** Executables looked up on PATH. */
export type OracleProgram =
  | 'xtensa-lx106-elf-gcc'
  | 'xtensa-lx106-elf-g++'
  | 'xtensa-lx106-elf-as'
  | 'xtensa-lx106-elf-ld'
  | 'xtensa-lx106-elf-ar'
  | 'xtensa-lx106-elf-nm'
  | 'xtensa-lx106-elf-objdump'
  | 'xtensa-lx106-elf-readelf'
  | 'xtensa-lx106-elf-addr2line'
  | 'qemu-system-xtensa'
  | 'gcc'
  | 'g++'
  | 'timeout'
  | 'bash';

/** Files installed by Debian packages rather than executables. */
export type OracleFile = 'picolibc' | 'gcc-12-source';

export type OracleTool = OracleProgram | OracleFile;

/** picolibc's gcc specs file (package picolibc-xtensa-lx106-elf). `PICOLIBC_SPECS` overrides it. */
export function picolibcSpecs(): string {
  return process.env.PICOLIBC_SPECS ?? '/usr/lib/xtensa-lx106-elf/picolibc.specs';
}

/** gcc's source tarball (package gcc-12-source). `GCC_SOURCE_TARBALL` overrides it. */
export function gccSourceTarball(): string {
  return process.env.GCC_SOURCE_TARBALL ?? '/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz';
}

const FILE_TOOLS: Record<OracleFile, () => string> = {
  picolibc: picolibcSpecs,
  'gcc-12-source': gccSourceTarball,
};

/** Debian package that provides each tool, for error messages. */
const PACKAGE_OF: Record<OracleTool, string> = {
  'xtensa-lx106-elf-gcc': 'gcc-xtensa-lx106',
  'xtensa-lx106-elf-g++': 'gcc-xtensa-lx106',
  'xtensa-lx106-elf-as': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-ld': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-ar': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-nm': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-objdump': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-readelf': 'binutils-xtensa-lx106',
  'xtensa-lx106-elf-addr2line': 'binutils-xtensa-lx106',
  'qemu-system-xtensa': 'qemu-system-misc',
  gcc: 'gcc',
  'g++': 'g++',
  timeout: 'coreutils',
  bash: 'bash',
  picolibc: 'picolibc-xtensa-lx106-elf',
  'gcc-12-source': 'gcc-12-source',
};

const located = new Map<OracleTool, string | undefined>();

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Absolute path of an executable found on PATH, or undefined. */
export function whichProgram(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function locate(tool: OracleTool): string | undefined {
  if (tool in FILE_TOOLS) {
    const file = FILE_TOOLS[tool as OracleFile]();
    return fs.existsSync(file) ? file : undefined;
  }
  return whichProgram(tool);
}

/** Path of the tool (executable or package file), or undefined when it is not installed. */
export function findTool(tool: OracleTool): string | undefined {
  if (!located.has(tool)) located.set(tool, locate(tool));
  return located.get(tool);
}

/** True when the tool is installed. */
export function hasTool(tool: OracleTool): boolean {
  return findTool(tool) !== undefined;
}

/** The tools of the list that are not installed. */
export function missingTools(tools: readonly OracleTool[]): OracleTool[] {
  return tools.filter((t) => !hasTool(t));
}

/** Human-readable description of missing tools with the Debian packages that provide them. */
export function describeMissing(tools: readonly OracleTool[]): string {
  return tools.map((t) => `${t} (Debian package ${PACKAGE_OF[t]})`).join(', ');
}

/** True when running under CI, where a missing oracle is a failure rather than a skip. */
export function isCI(): boolean {
  return process.env.CI === 'true';
}

/**
 * Makes the current test (or hook) depend on a tool: if it is missing, throws under CI=true
 * (a missing oracle in CI is a failure, never a skip) and otherwise skips via `ctx.skip()`.
 */
export function requireTool(ctx: Mocha.Context, tool: OracleTool | readonly OracleTool[]): void {
  const missing = missingTools(typeof tool === 'string' ? [tool] : tool);
  if (missing.length === 0) return;
  const message = `oracle tool missing: ${describeMissing(missing)}`;
  if (isCI()) throw new Error(message);
  ctx.skip();
}

/** Every tool the C program corpus needs (cross build, native build, QEMU run, tracing). */
export const CORPUS_TOOLS: readonly OracleTool[] = [
  'xtensa-lx106-elf-gcc',
  'xtensa-lx106-elf-ar',
  'xtensa-lx106-elf-nm',
  'picolibc',
  'gcc-12-source',
  'qemu-system-xtensa',
  'gcc',
  'timeout',
  'bash',
];
