// Walking a tree-sitter tree from JavaScript at the cost of one WebAssembly call per step.
// web-tree-sitter's TreeCursor copies its four words into the module's transfer buffer before, and back
// out after, every call; a WasmCursor leaves the cursor in the transfer buffer for the whole walk and
// calls the module's exports directly (nothing else may call tree-sitter until it is closed). When the
// exports are not reachable, the same interface runs over web-tree-sitter's TreeCursor.

import type { Tree, TreeCursor } from 'web-tree-sitter';

/** What the tree reader asks of a cursor. */
export interface Cursor {
  readonly nodeTypeId: number;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly currentFieldId: number;
  readonly nodeIsMissing: boolean;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  /** The current node or one below it is an ERROR or MISSING node. */
  nodeHasError(): boolean;
  /** Frees the cursor (once, when the walk is done). */
  close(): void;
}

type TreeFn = (tree: number) => number;

/** The exports of web-tree-sitter's Emscripten module that a WasmCursor calls. */
export interface TreeSitterExports {
  readonly HEAP32: Int32Array;
  _ts_init(): number;
  _ts_tree_cursor_goto_first_child_wasm: TreeFn;
  _ts_tree_cursor_goto_next_sibling_wasm: TreeFn;
  _ts_tree_cursor_goto_parent_wasm: TreeFn;
  _ts_tree_cursor_current_node_type_id_wasm: TreeFn;
  _ts_tree_cursor_current_field_id_wasm: TreeFn;
  _ts_tree_cursor_start_index_wasm: TreeFn;
  _ts_tree_cursor_end_index_wasm: TreeFn;
  _ts_tree_cursor_current_node_is_missing_wasm: TreeFn;
  _ts_tree_cursor_current_node_wasm: TreeFn;
  _ts_tree_cursor_delete_wasm: TreeFn;
  _ts_node_has_error_wasm: TreeFn;
}

const REQUIRED: readonly (keyof TreeSitterExports)[] = [
  '_ts_init',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_field_id_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
  '_ts_tree_cursor_current_node_is_missing_wasm',
  '_ts_tree_cursor_current_node_wasm',
  '_ts_tree_cursor_delete_wasm',
  '_ts_node_has_error_wasm',
];

let exportsFound: TreeSitterExports | undefined;
let transferBuffer = 0;

/**
 * Remembers the module object web-tree-sitter was initialised with (Emscripten fills the object it is
 * given with the module's exports). Called once, right after `Parser.init`.
 */
export function useTreeSitterExports(module: object): void {
  const m = module as Partial<TreeSitterExports>;
  if (!REQUIRED.every((k) => typeof m[k] === 'function') || !(m.HEAP32 instanceof Int32Array)) return;
  exportsFound = m as TreeSitterExports;
  // ts_init only stores the two ABI version numbers in the transfer buffer and returns its address
  transferBuffer = exportsFound._ts_init();
}

/** Whether cursors call the module's exports directly (web-tree-sitter was initialised by parse/parser.ts). */
export function directCursorAvailable(): boolean {
  return !!exportsFound && transferBuffer !== 0;
}

/** A cursor on the root of `tree`; `direct: false` asks for web-tree-sitter's own cursor (for tests). */
export function openCursor(tree: Tree, direct = true): Cursor {
  const walker = tree.walk();
  const handle = (tree as unknown as { 0: unknown })[0];
  if (direct && exportsFound && typeof handle === 'number' && transferBuffer) return new WasmCursor(exportsFound, handle);
  return new WrappedCursor(walker);
}

/** The cursor lives in the module's transfer buffer, where `tree.walk()` left it. */
class WasmCursor implements Cursor {
  constructor(
    private readonly m: TreeSitterExports,
    private readonly tree: number,
  ) {}

  get nodeTypeId(): number {
    return this.m._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }

  get startIndex(): number {
    return this.m._ts_tree_cursor_start_index_wasm(this.tree);
  }

  get endIndex(): number {
    return this.m._ts_tree_cursor_end_index_wasm(this.tree);
  }

  get currentFieldId(): number {
    return this.m._ts_tree_cursor_current_field_id_wasm(this.tree);
  }

  get nodeIsMissing(): boolean {
    return this.m._ts_tree_cursor_current_node_is_missing_wasm(this.tree) === 1;
  }

  gotoFirstChild(): boolean {
    return this.m._ts_tree_cursor_goto_first_child_wasm(this.tree) === 1;
  }

  gotoNextSibling(): boolean {
    return this.m._ts_tree_cursor_goto_next_sibling_wasm(this.tree) === 1;
  }

  gotoParent(): boolean {
    return this.m._ts_tree_cursor_goto_parent_wasm(this.tree) === 1;
  }

  nodeHasError(): boolean {
    // the node is written over the cursor in the transfer buffer: keep the cursor's words and put them back
    const at = transferBuffer >> 2;
    const heap = this.m.HEAP32;
    const w0 = heap[at], w1 = heap[at + 1], w2 = heap[at + 2], w3 = heap[at + 3];
    this.m._ts_tree_cursor_current_node_wasm(this.tree);
    const result = this.m._ts_node_has_error_wasm(this.tree) === 1;
    const after = this.m.HEAP32;
    after[at] = w0;
    after[at + 1] = w1;
    after[at + 2] = w2;
    after[at + 3] = w3;
    return result;
  }

  close(): void {
    this.m._ts_tree_cursor_delete_wasm(this.tree);
  }
}

/** web-tree-sitter's own cursor (four words copied in and out at every call). */
class WrappedCursor implements Cursor {
  constructor(private readonly c: TreeCursor) {}

  get nodeTypeId(): number {
    return this.c.nodeTypeId;
  }

  get startIndex(): number {
    return this.c.startIndex;
  }

  get endIndex(): number {
    return this.c.endIndex;
  }

  get currentFieldId(): number {
    return this.c.currentFieldId;
  }

  get nodeIsMissing(): boolean {
    return this.c.nodeIsMissing;
  }

  gotoFirstChild(): boolean {
    return this.c.gotoFirstChild();
  }

  gotoNextSibling(): boolean {
    return this.c.gotoNextSibling();
  }

  gotoParent(): boolean {
    return this.c.gotoParent();
  }

  nodeHasError(): boolean {
    return this.c.currentNode.hasError;
  }

  close(): void {
    this.c.delete();
  }
}
