// The ROM linked into programs for the q7 core: assembly sources kept as text.
export { WINDOW_VECTORS_SECTION, WINDOW_VECTORS_SOURCE } from './window-vectors';
