// The syntax tree the analyser reads, copied out of a tree-sitter tree once (so reading a node costs no
// call into WebAssembly and the WASM tree can be freed right away). A read fills a NodeStore: a few
// numbers per node in two typed arrays (no JavaScript object per node, so little for the garbage
// collector to copy). SyntaxNode objects are views of it, made when first asked for and then kept, so
// one node is always the same object until the views are released (the front-end does so when an
// analysis is done; a walk after that makes new views, again one per node). Offsets are relative to the store's source (a top-level
// declaration, or a whole text).

/** The text a node's offsets index into. */
export interface TextSource {
  readonly text: string;
}

/** Names of the grammar's node types and fields, by id. */
export interface GrammarNames {
  typeName(id: number): string;
  fieldName(id: number): string | undefined;
  fieldId(name: string): number;
}

const NO_NODES: readonly SyntaxNode[] = Object.freeze([]);

const NAMED = 1;
const MISSING = 2;
const HAS_ERROR = 4;

/** Words per node in NodeStore.data: type id | field id << 16, flags, start, end, parent, first kid, kid count. */
export const NODE_WORDS = 7;
const KIND = 0, FLAGS = 1, START = 2, END = 3, PARENT = 4, KIDS = 5, COUNT = 6;

/** Flags of a node as a NodeStore keeps them. */
export function nodeFlags(isNamed: boolean, isMissing: boolean, hasError: boolean): number {
  return (isNamed ? NAMED : 0) | (isMissing ? MISSING : 0) | (hasError ? HAS_ERROR : 0);
}

/** One read tree: its nodes' numbers, and the views made of them so far. */
export class NodeStore {
  private views?: (SyntaxNode | undefined)[];

  constructor(
    /** Mutable so a re-read declaration can take over the unit of the one it replaces. */
    public source: TextSource,
    readonly names: GrammarNames,
    /** Nodes' words; several stores may share one buffer (this one's nodes are first..rootIndex). */
    readonly data: Int32Array,
    /** Children of each node, as node indices (a node's run starts at its KIDS word). */
    readonly kids: Int32Array,
    private readonly first: number,
    readonly rootIndex: number,
  ) {}

  get root(): SyntaxNode {
    return this.node(this.rootIndex);
  }

  node(i: number): SyntaxNode {
    const views = (this.views ??= new Array<SyntaxNode | undefined>(this.rootIndex - this.first + 1));
    return (views[i - this.first] ??= new SyntaxNode(this, i));
  }

  word(i: number, w: number): number {
    return this.data[i * NODE_WORDS + w];
  }

  /**
   * Forgets the views made so far (the analysis that walked the tree is done): views still referenced
   * stay valid, but a node reached afterwards is a new object. Keeps the garbage collector from
   * copying a view of nearly every node of every analysed file.
   */
  releaseViews(): void {
    this.views = undefined;
  }
}

/**
 * A node of the tree. Trees read without errors leave out the punctuation the analyser never looks
 * at (parentheses, braces, commas, semicolons without a field); the spans still cover it.
 */
export class SyntaxNode {
  constructor(
    private readonly store: NodeStore,
    private readonly index: number,
  ) {}

  get source(): TextSource {
    return this.store.source;
  }

  /** The grammar's name for the node (`call_expression`, `(`, `ERROR`). */
  get type(): string {
    return this.store.names.typeName(this.store.word(this.index, KIND) & 0xffff);
  }

  /** The field this node fills in its parent (`function`, `arguments`), if any. */
  get fieldName(): string | undefined {
    const f = this.store.word(this.index, KIND) >>> 16;
    return f ? this.store.names.fieldName(f) : undefined;
  }

  get startIndex(): number {
    return this.store.word(this.index, START);
  }

  get endIndex(): number {
    return this.store.word(this.index, END);
  }

  get parent(): SyntaxNode | null {
    const p = this.store.word(this.index, PARENT);
    return p < 0 ? null : this.store.node(p);
  }

  get isNamed(): boolean {
    return (this.store.word(this.index, FLAGS) & NAMED) !== 0;
  }

  /** A node the parser inserted to recover from an error (zero width). */
  get isMissing(): boolean {
    return (this.store.word(this.index, FLAGS) & MISSING) !== 0;
  }

  /** This node or one below it is an ERROR or MISSING node. */
  get hasError(): boolean {
    return (this.store.word(this.index, FLAGS) & HAS_ERROR) !== 0;
  }

  get text(): string {
    return this.store.source.text.slice(this.startIndex, this.endIndex);
  }

  get isError(): boolean {
    return this.type === 'ERROR';
  }

  /** The children (a new array at each call; the nodes in it are the same objects). */
  get children(): readonly SyntaxNode[] {
    const { store, index } = this;
    const first = store.word(index, KIDS);
    const n = store.word(index, COUNT);
    if (n === 0) return NO_NODES;
    const out: SyntaxNode[] = new Array<SyntaxNode>(n);
    for (let k = 0; k < n; k++) out[k] = store.node(store.kids[first + k]);
    return out;
  }

  get childCount(): number {
    return this.store.word(this.index, COUNT);
  }

  /** The named children (a new array at each call), made without views of the unnamed ones. */
  get namedChildren(): readonly SyntaxNode[] {
    const { store, index } = this;
    const first = store.word(index, KIDS);
    const end = first + store.word(index, COUNT);
    let n = 0;
    for (let k = first; k < end; k++) if (store.word(store.kids[k], FLAGS) & NAMED) n++;
    if (n === 0) return NO_NODES;
    const out: SyntaxNode[] = new Array<SyntaxNode>(n);
    let j = 0;
    for (let k = first; k < end; k++) if (store.word(store.kids[k], FLAGS) & NAMED) out[j++] = store.node(store.kids[k]);
    return out;
  }

  get namedChildCount(): number {
    const { store, index } = this;
    const first = store.word(index, KIDS);
    const end = first + store.word(index, COUNT);
    let n = 0;
    for (let k = first; k < end; k++) if (store.word(store.kids[k], FLAGS) & NAMED) n++;
    return n;
  }

  child(i: number): SyntaxNode | null {
    const { store, index } = this;
    return i >= 0 && i < store.word(index, COUNT) ? store.node(store.kids[store.word(index, KIDS) + i]) : null;
  }

  namedChild(i: number): SyntaxNode | null {
    const { store, index } = this;
    const first = store.word(index, KIDS);
    const end = first + store.word(index, COUNT);
    for (let k = first; k < end; k++) if (store.word(store.kids[k], FLAGS) & NAMED && i-- === 0) return store.node(store.kids[k]);
    return null;
  }

  childForFieldName(name: string): SyntaxNode | null {
    const { store, index } = this;
    const id = store.names.fieldId(name);
    if (!id) return null;
    const first = store.word(index, KIDS);
    const end = first + store.word(index, COUNT);
    for (let k = first; k < end; k++) {
      const kid = store.kids[k];
      if (store.word(kid, KIND) >>> 16 === id) return store.node(kid);
    }
    return null;
  }

  childrenForFieldName(name: string): SyntaxNode[] {
    const { store, index } = this;
    const id = store.names.fieldId(name);
    const out: SyntaxNode[] = [];
    if (!id) return out;
    const first = store.word(index, KIDS);
    const end = first + store.word(index, COUNT);
    for (let k = first; k < end; k++) {
      const kid = store.kids[k];
      if (store.word(kid, KIND) >>> 16 === id) out.push(store.node(kid));
    }
    return out;
  }

  /** Descendants (not this node) of the given type, in document order. */
  descendantsOfType(type: string): SyntaxNode[] {
    const out: SyntaxNode[] = [];
    const visit = (n: SyntaxNode) => {
      for (const c of n.children) {
        if (c.type === type) out.push(c);
        visit(c);
      }
    };
    visit(this);
    return out;
  }

  /** Forgets the views of the tree this node belongs to (see NodeStore.releaseViews). */
  releaseViews(): void {
    this.store.releaseViews();
  }

  /** Points the whole tree this node belongs to at `source` (called on roots). */
  rehome(source: TextSource): void {
    this.store.source = source;
  }

  /** The innermost descendant (or this node) whose span contains `offset`; ties go to the later child. */
  descendantAt(offset: number): SyntaxNode {
    let next: SyntaxNode | undefined;
    for (const c of this.children) {
      if (c.startIndex <= offset && offset < c.endIndex) next = c;
      else if (c.startIndex > offset) break;
    }
    return next ? next.descendantAt(offset) : this;
  }
}

/** Fills NodeStores: nodes are added children first; the last node added is the root. */
export class NodeStoreBuilder {
  private data = new Int32Array(1024 * NODE_WORDS);
  private kids = new Int32Array(1024);
  private count = 0;
  private kidCount = 0;
  /** Children of the nodes being read, for every level (popped when their parent is added). */
  private stack = new Int32Array(256);
  private depth = 0;
  private firstOfTree = 0;
  private roots: { source: TextSource; first: number; root: number }[] = [];

  constructor(private readonly names: GrammarNames) {}

  /** Where the pending children of a node about to be read start. */
  mark(): number {
    return this.depth;
  }

  /** Adds a node whose children are the ones pushed since `mark`; returns its index. */
  add(typeId: number, fieldId: number, flags: number, start: number, end: number, mark = this.depth): number {
    const i = this.count++;
    if (this.count * NODE_WORDS > this.data.length) this.data = grow(this.data, this.count * NODE_WORDS);
    const n = this.depth - mark;
    if (this.kidCount + n > this.kids.length) this.kids = grow(this.kids, this.kidCount + n);
    const at = i * NODE_WORDS;
    const d = this.data;
    d[at + KIND] = typeId | (fieldId << 16);
    d[at + FLAGS] = flags;
    d[at + START] = start;
    d[at + END] = end;
    d[at + PARENT] = -1;
    d[at + KIDS] = this.kidCount;
    d[at + COUNT] = n;
    for (let k = mark; k < this.depth; k++) {
      const kid = this.stack[k];
      this.kids[this.kidCount++] = kid;
      d[kid * NODE_WORDS + PARENT] = i;
    }
    this.depth = mark;
    return i;
  }

  /** Makes node `i` a pending child of the next node added. */
  push(i: number): void {
    if (this.depth >= this.stack.length) this.stack = grow(this.stack, this.depth + 1);
    this.stack[this.depth++] = i;
  }

  /** Ends the tree read since the last `end` (its root is the last node added); returns its number. */
  end(source: TextSource): number {
    this.roots.push({ source, first: this.firstOfTree, root: this.count - 1 });
    this.firstOfTree = this.count;
    return this.roots.length - 1;
  }

  /** The trees ended since the last reset, sharing one copy of the builder's buffers; then a fresh start. */
  finish(): NodeStore[] {
    const data = this.data.slice(0, this.count * NODE_WORDS);
    const kids = this.kids.slice(0, this.kidCount);
    const stores = this.roots.map((t) => new NodeStore(t.source, this.names, data, kids, t.first, t.root));
    this.reset();
    return stores;
  }

  /** Drops whatever was added since the last finish. */
  reset(): void {
    this.count = 0;
    this.kidCount = 0;
    this.depth = 0;
    this.firstOfTree = 0;
    this.roots = [];
  }

  /** The start of node `i` (for reading spans of children already added). */
  startOf(i: number): number {
    return this.data[i * NODE_WORDS + START];
  }

  flagsOf(i: number): number {
    return this.data[i * NODE_WORDS + FLAGS];
  }

  /** Flag of a node with an error below it. */
  static readonly HAS_ERROR = HAS_ERROR;
}

function grow(a: Int32Array<ArrayBuffer>, need: number): Int32Array<ArrayBuffer> {
  let size = a.length * 2;
  while (size < need) size *= 2;
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
