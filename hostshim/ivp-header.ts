// The host shim of <xtensa/tie/xt_ivp32.h> (C++ text): every intrinsic the guest header declares, with
// the same signature, in plain C++ written independently of the emulator (hostshim/ivp/: the types and
// operators, memory, integer lanes, permutes, the wide accumulators, the float unit, reductions).
// writeShimTree puts it over the guest header, whose vector types only our front-end knows.

import { IVP_FLOAT } from './ivp/float';
import { IVP_INTEGER } from './ivp/integer';
import { IVP_MEMORY } from './ivp/memory';
import { IVP_REDUCE } from './ivp/reduce';
import { IVP_SELECT } from './ivp/select';
import { IVP_TYPES } from './ivp/types';
import { IVP_WIDE } from './ivp/wide';

/** The select patterns' numbers are the guest header's (the project's encoding), so they are copied from it. */
function patternDefines(guestHeader: string): string {
  return guestHeader
    .split('\n')
    .filter((l) => /^#define IVP_D?SELI_\w+ \d+$/.test(l))
    .join('\n');
}

export function hostIvpHeader(guestHeader: string): string {
  return [
    '// Host shim of <xtensa/tie/xt_ivp32.h>: the IVP vector types as plain C++ structs of lanes (lane 0 first,',
    '// as in memory) and the intrinsics as loops over the lanes, written from the facts of the vector unit',
    '// independently of the emulator, so a vectorised kernel\'s native build is a reference.',
    IVP_TYPES, IVP_MEMORY, IVP_INTEGER, IVP_SELECT, IVP_WIDE, IVP_FLOAT, IVP_REDUCE,
    patternDefines(guestHeader),
    '',
  ].join('\n');
}
