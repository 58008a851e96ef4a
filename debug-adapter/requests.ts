// Reading a DAP request's arguments: each reader checks one field's type and range and throws a
// RequestError naming the field, which the session turns into an error response.

/** A request that cannot be served: the message goes to the client as is. */
export class RequestError extends Error {}

export type Args = Record<string, unknown>;

export function int(a: Args, name: string, opts: { optional?: boolean; min?: number; max?: number } = {}): number {
  const v = a[name];
  if (v === undefined && opts.optional) return NaN;
  if (typeof v !== 'number' || !Number.isInteger(v)) throw new RequestError(`'${name}': expected an integer, got ${JSON.stringify(v) ?? 'nothing'}`);
  if ((opts.min !== undefined && v < opts.min) || (opts.max !== undefined && v > opts.max)) throw new RequestError(`'${name}': ${v} is out of range`);
  return v;
}

export function str(a: Args, name: string, optional = false): string {
  const v = a[name];
  if (v === undefined && optional) return '';
  if (typeof v !== 'string') throw new RequestError(`'${name}': expected a string, got ${JSON.stringify(v) ?? 'nothing'}`);
  return v;
}

export function array(a: Args, name: string, optional = true): Args[] {
  const v = a[name];
  if (v === undefined && optional) return [];
  if (!Array.isArray(v) || v.some((x) => !x || typeof x !== 'object' || Array.isArray(x))) throw new RequestError(`'${name}': expected an array of objects`);
  return v as Args[];
}

export function obj(a: Args, name: string): Args {
  const v = a[name];
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new RequestError(`'${name}': expected an object`);
  return v as Args;
}

export function optStr(a: Args, name: string): string | undefined {
  const v = a[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new RequestError(`'${name}': expected a string`);
  return v;
}

/** A memory reference: "0x…" (a core's local address space) or "hbm:0x…" (device HBM). */
export function parseMemoryReference(ref: string): { space: 'local' | 'hbm'; addr: bigint } {
  const m = /^(hbm:)?(0x[0-9a-fA-F]+|\d+)$/.exec(ref.trim());
  if (!m) throw new RequestError(`'memoryReference': '${ref}' is not an address (0x… or hbm:0x…)`);
  return { space: m[1] ? 'hbm' : 'local', addr: BigInt(m[2]) };
}
