// An analysed translation unit through the lowering: the user's function definitions (not the system
// headers' and not uninstantiated templates) into one module builder. Shared by the translation
// (translate.ts) and the legality rules alone (check.ts), so neither imports the other.

import type { CompleteUnit } from '../../language';
import { ModuleLower } from './module';

/** A lowered unit: the module builder (functions, symbols) or the problems that stopped it. */
export function lowerUnit(unit: CompleteUnit, runtime: ReadonlySet<string>, prefix: string, plainNames?: boolean, optimized?: boolean): ModuleLower {
  const m = new ModuleLower(unit, runtime, prefix, plainNames, optimized);
  m.lower(unit.roots);
  return m;
}
