// The shape every variables view of the adapter returns (Registers, Device, Locals, Vector scopes): a
// plain tree of names, values, children and setters, with no DAP in it. A file of its own so the views
// and the scopes that build them (views.ts, locals.ts, vectors.ts, vector-vars.ts) share it without
// importing each other.

/** A node's children: `start`/`count` page the indexed ones; `filter` as DAP's variables request. */
export type Lister = (start: number, count: number | undefined, filter?: 'named' | 'indexed') => ViewNode[];

export interface ViewNode {
  readonly name: string;
  readonly value: string;
  readonly type?: string;
  readonly children?: Lister | (() => ViewNode[]);
  readonly evaluateName?: string;
  /** Named and indexed children counts, when the node pages its children (tensors, big arrays). */
  readonly named?: number;
  readonly indexed?: number;
  readonly memoryReference?: string;
  /** Writes a value given as text; returns the value as it now reads. */
  readonly set?: (text: string) => string;
  /** `set` changes only how the view shows things (a lane type), not the run. */
  readonly viewOnly?: boolean;
}
