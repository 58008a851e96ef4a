// The ROM's XEA2 register-window exception handlers (guest/rom/window-vectors.S, our own). The compiler
// and `q7 run` assemble them at VECBASE next to a program for the q7 core; tests assemble them at any
// VECBASE.

import { guestFile, guestSourceName } from './guest';

export const WINDOW_VECTORS_SECTION = '.window_vectors';
export const WINDOW_VECTORS_NAME = guestSourceName('rom/window-vectors.S');
export const WINDOW_VECTORS_SOURCE = guestFile('rom/window-vectors.S');
