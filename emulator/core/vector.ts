// Address of an exception vector: VECBASE plus the configured offset (relocatable vectors).

import type { Cpu } from './cpu';

export function vectorTo(c: Cpu, offset: number): number {
  const v = (c.vecbase + offset) >>> 0;
  c.lastVector = v;
  return v;
}
