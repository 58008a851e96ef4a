// Parses a preprocessed chunk into units, one per top-level declaration. Given the chunk's previous
// state it parses incrementally and keeps every unit whose text did not change (only moving it), and
// keeps the unit of a function whose text changed only inside its body (the head's nodes stay valid).

import type { Tree } from 'web-tree-sitter';
import type { CppParser } from '../parse/parser';
import type { SyntaxNode } from '../parse/syntax-node';
import { diffTexts, treeEdit } from '../parse/text-edit';
import type { TopLevelSpan, TreeReader } from '../parse/tree-reader';
import type { Chunk } from '../pre/preprocessor';
import type { SourceMap } from '../pre/source-map';
import { SegmentMap, SegmentUnit } from './segment-unit';

export interface ChunkState {
  readonly file: string;
  readonly text: string;
  readonly map: SourceMap;
  readonly units: SegmentUnit[];
  /** Units kept from the previous state whose function body changed (their root was re-read). */
  readonly bodyChanged: ReadonlySet<SegmentUnit>;
  /** How many units were kept unchanged (only moved). */
  readonly kept: number;
  /** The parse tree, kept for an incremental parse of the next version. */
  tree?: Tree;
}

export interface ReadOptions {
  /** The units belong to a cached SDK layer. */
  shared: boolean;
  /** Keep the tree for an incremental parse next time (user chunks). */
  keepTree: boolean;
  previous?: ChunkState;
}

/** Parses and reads `chunk`. The previous state's tree is consumed (edited, then deleted). */
export function readChunk(parser: CppParser, reader: TreeReader, chunk: Chunk, options: ReadOptions): ChunkState {
  const prev = options.previous && options.previous.file === chunk.file ? options.previous : undefined;
  const { tree, changed } = parseChunk(parser, chunk.text, prev);
  const reuse = new Reuse(prev, changed, chunk.map);
  const units: SegmentUnit[] = [];
  const bodyChanged = new Set<SegmentUnit>();
  let kept = 0;
  const read = reader.readTopLevel(tree, chunk.text, (span) => {
    const text = chunk.text.slice(span.startIndex, span.endIndex);
    const same = reuse.unchanged(span, text);
    if (same) {
      units.push(same);
      kept++;
      return undefined;
    }
    const unit = new SegmentUnit(text, chunk.file, new SegmentMap(chunk.map, span.startIndex), chunk.system, options.shared, span.type);
    units.push(unit);
    return unit;
  });
  read.forEach((r, i) => {
    if (!r.node) return;
    const fresh = units[i];
    fresh.root = r.node;
    const adopted = reuse.sameHead(fresh, r.span.startIndex);
    if (adopted) {
      units[i] = adopted;
      bodyChanged.add(adopted);
    }
  });
  if (!options.keepTree) tree.delete();
  return { file: chunk.file, text: chunk.text, map: chunk.map, units, bodyChanged, kept, tree: options.keepTree ? tree : undefined };
}

function parseChunk(parser: CppParser, text: string, prev: ChunkState | undefined): { tree: Tree; changed: { start: number; end: number }[] } {
  const old = prev?.tree;
  if (!old || !prev) return { tree: parser.parse(text), changed: [] };
  prev.tree = undefined;
  const e = diffTexts(prev.text, text);
  if (e.newEnd - e.start > text.length / 2) {
    // most of the text changed: reusing the old tree would cost more than it saves
    old.delete();
    return { tree: parser.parse(text), changed: [{ start: 0, end: text.length }] };
  }
  old.edit(treeEdit(e, prev.text, text));
  const tree = parser.parse(text, old);
  const changed = old.getChangedRanges(tree).map((r) => ({ start: r.startIndex, end: r.endIndex }));
  changed.push({ start: e.start, end: e.newEnd });
  old.delete();
  return { tree, changed };
}

/** The previous state's units, matched to the new top-level declarations. */
class Reuse {
  private readonly byText = new Map<string, SegmentUnit[]>();
  private readonly used = new Set<SegmentUnit>();

  constructor(
    private readonly prev: ChunkState | undefined,
    private readonly changed: { start: number; end: number }[],
    private readonly map: SourceMap,
  ) {
    for (const u of prev?.units ?? []) {
      const list = this.byText.get(u.text);
      if (list) list.push(u);
      else this.byText.set(u.text, [u]);
    }
  }

  /** A previous unit with exactly this text and type, outside every changed range, moved to `span`. */
  unchanged(span: TopLevelSpan, text: string): SegmentUnit | undefined {
    const list = this.byText.get(text);
    if (!list) return undefined;
    if (this.changed.some((r) => span.startIndex < Math.max(r.end, r.start + 1) && r.start < span.endIndex)) return undefined;
    const u = list.find((x) => !this.used.has(x) && x.type === span.type);
    if (u) this.claim(u, span.startIndex);
    return u;
  }

  /** A previous function definition with the same head (all but the body), given `fresh`'s nodes. */
  sameHead(fresh: SegmentUnit, start: number): SegmentUnit | undefined {
    if (!this.prev || fresh.type !== 'function_definition') return undefined;
    const head = functionHead(fresh.root);
    if (head === undefined) return undefined;
    const u = this.prev.units.find((x) => !this.used.has(x) && x.type === 'function_definition' && functionHead(x.root) === head);
    if (!u) return undefined;
    this.claim(u, start);
    u.text = fresh.text;
    fresh.root.rehome(u);
    u.root = fresh.root;
    return u;
  }

  private claim(u: SegmentUnit, start: number): void {
    this.used.add(u);
    u.map.chunk = this.map;
    u.map.base = start;
  }
}

/** The text of a function definition before its body, when that part parsed without errors. */
function functionHead(root: SyntaxNode): string | undefined {
  const body = root.childForFieldName('body');
  if (!body || body.type !== 'compound_statement') return undefined;
  for (const c of root.children) {
    if (c === body) break;
    if (c.hasError) return undefined;
  }
  return root.text.slice(0, body.startIndex - root.startIndex);
}
