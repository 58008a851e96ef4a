// In-source annotations for the checks, written as comments in the kernel file:
//   // q7: multicore                      the library is built with multicore=True
//   // q7: policy INCOHERENT_VERBOSE      default coherence policy for this file
//   // q7: t_in rank 3                    t_in has 3 dimensions
//   // q7: t_in shape {4, 1024}           t_in's shape (gives its rank)
//   // q7: t_in dtype kInt                t_in's element type
// A tensor annotation applies to the function it sits in, or to the next function when it sits
// outside any function.

import type { CoherencePolicy } from './shapes';
import { dtypeByName } from './sdk-types';

export interface TensorAnnotation {
  /** 0-based line of the comment. */
  line: number;
  name: string;
  rank?: number;
  shape?: number[];
  dtype?: number;
}

export interface Annotations {
  multicore?: boolean;
  policy?: CoherencePolicy;
  tensors: TensorAnnotation[];
}

const LINE = /\/\/\s*q7:\s*(.*)$/;

export function parseAnnotations(text: string): Annotations {
  const out: Annotations = { tensors: [] };
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = LINE.exec(lines[i]);
    if (m) parseOne(m[1].trim(), i, out);
  }
  return out;
}

function parseOne(body: string, line: number, out: Annotations): void {
  if (/^multicore\b/.test(body)) {
    out.multicore = true;
    return;
  }
  if (/^single-?core\b/.test(body)) {
    out.multicore = false;
    return;
  }
  const policy = /^policy\s+(?:.*::)?(COHERENT|INCOHERENT_VERBOSE|INCOHERENT_QUIET)\b/.exec(body);
  if (policy) {
    out.policy = policy[1] as CoherencePolicy;
    return;
  }
  const rank = /^([A-Za-z_]\w*)\s+rank\s+(\d+)\b/.exec(body);
  if (rank) {
    out.tensors.push({ line, name: rank[1], rank: Number(rank[2]) });
    return;
  }
  const shape = /^([A-Za-z_]\w*)\s+shape\s+\{([^}]*)\}/.exec(body);
  if (shape) {
    const dims = shape[2].split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
    if (dims.every((d) => Number.isInteger(d) && d >= 0)) out.tensors.push({ line, name: shape[1], rank: dims.length, shape: dims });
    return;
  }
  const dtype = /^([A-Za-z_]\w*)\s+dtype\s+([\w:]+)/.exec(body);
  if (dtype) {
    const v = dtypeByName(dtype[2]);
    if (v !== undefined) out.tensors.push({ line, name: dtype[1], dtype: v });
  }
}
