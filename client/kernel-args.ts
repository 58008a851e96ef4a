// The arguments a "Run Kernel" / "Debug Kernel" lens launches a kernel with: a default per parameter
// (a generated float32 tensor, the scalar 1), and the text the user types for each turned into a
// launch-configuration value. No VS Code import, so the rules are unit-tested.

export interface LensParam {
  readonly name: string;
  readonly kind: 'tensor' | 'scalar';
  readonly type: string;
}

/** A launch configuration argument: .npy path or generator text, or a number. */
export type LaunchArg = string | number;

export const DEFAULT_TENSOR = 'shape=4x8,dtype=float32,init=randn,seed=1';

export function defaultArg(p: LensParam): LaunchArg {
  return p.kind === 'tensor' ? DEFAULT_TENSOR : 1;
}

/** The text typed for a parameter as a launch argument, or an error message for the input box. */
export function parseArgText(p: LensParam, text: string): LaunchArg | { error: string } {
  const t = text.trim();
  if (p.kind === 'scalar') {
    const n = Number(t);
    return t !== '' && Number.isFinite(n) ? n : { error: `${p.name} (${p.type}) takes a number` };
  }
  if (/\.npy$/i.test(t) || /(^|,)shape=/.test(t)) return t;
  return { error: `${p.name} (${p.type}) takes a .npy file or a generator such as ${DEFAULT_TENSOR}` };
}

/** The key under which the arguments of one kernel of one file are remembered. */
export function rememberKey(file: string, fn: string): string {
  return `q7.args:${file}#${fn}`;
}

/** The launch configuration a lens starts. */
export function kernelLaunchConfig(file: string, fn: string, args: readonly LaunchArg[], noDebug: boolean): Record<string, unknown> {
  return { type: 'q7', request: 'launch', name: `${noDebug ? 'Run' : 'Debug'} ${fn}`, program: file, function: fn, args: [...args], stopOnEntry: false };
}
