// Vector-typed variables (DWARF vector types: the IVP's) as typed lanes, for Locals and the Vector
// scope: the lane type their C type gives (int8×64 … f32×16, the wide accumulators' 24/48/64-bit
// lanes, a predicate's bits), switchable per variable; lanes that changed since the core's previous
// stop marked; a lane written back to the variable's storage (its stack slot); its address as the
// memory reference. Plain trees (ViewNode), no DAP.

import type { VectorShape } from '../debuginfo';
import { type LaneType, VECTOR_LANES, WIDE_LANES } from './lanes';
import { type VectorState, bytesMask, laneNode, predBytes, predicateNode } from './vectors';
import type { ViewNode } from './view-node';

/** A vector variable as debuginfo found it, with readers and writers of its whole bytes. */
export interface VectorVariable {
  readonly name: string;
  /** Its C type (`xb_vecNx16`). */
  readonly type: string;
  readonly shape: VectorShape;
  /** Its storage across stops (`0x…` or `reg:<n>`): what "changed" compares by. */
  readonly place?: string;
  readonly evaluateName?: string;
  readonly memoryReference?: string;
  read(): Uint8Array;
  write(b: Uint8Array): void;
}

/** The lane type a vector shape reads as by default, and the views it may switch to. */
function laneView(shape: VectorShape): { choices: readonly LaneType[]; type: LaneType } | undefined {
  const name = `${shape.kind === 'float' ? 'f' : shape.kind}${shape.bits}x${shape.lanes}`;
  const choices = shape.size === 192 ? WIDE_LANES : shape.size === 64 ? VECTOR_LANES : undefined;
  const type = choices?.find((x) => x.name === name);
  return choices && type ? { choices, type } : undefined;
}

/** A vector variable as typed lanes; undefined for a shape no register view matches. */
export function variableNode(state: VectorState, core: number, v: VectorVariable): ViewNode | undefined {
  const old = v.place ? state.previousVariable(core, v.place) : undefined;
  const label = { name: v.name, key: `var:${v.name}@${v.place ?? v.evaluateName ?? ''}`, type: v.type, evaluateName: v.evaluateName, memoryReference: v.memoryReference };
  if (v.shape.kind === 'bool') {
    if (v.shape.size !== 8) return undefined;
    return predicateNode(state, label, v.shape.lanes, {
      read: () => bytesMask(v.read()),
      write: (mask) => v.write(predBytes(mask)),
      old: old ? bytesMask(old) : undefined,
    });
  }
  const view = laneView(v.shape);
  if (!view) return undefined;
  return laneNode(state, label, view.choices, view.type, { read: () => v.read(), write: (b) => v.write(b), old });
}
