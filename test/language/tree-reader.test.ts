// Reading tree-sitter trees into SyntaxNodes: the grammar facts the fast reader relies on match the
// tree-sitter-cpp package, the fast read of an error-free tree equals the exact read (less the
// punctuation it leaves out), and an incremental reparse gives the same tree as a fresh parse.

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generateKernel } from '../../bench/language';
import { sdkHeaders } from '../../language';
import { directCursorAvailable, openCursor, type Cursor } from '../../language/parse/cursor';
import { FIELDED_TYPES, LEAF_TYPES, WORD_LEAF_TYPES } from '../../language/parse/grammar-tables';
import type { SyntaxNode } from '../../language/parse/syntax-node';
import { diffTexts, treeEdit } from '../../language/parse/text-edit';
import { TreeReader } from '../../language/parse/tree-reader';
import { sharedParser } from './grammar';
import { mutate, rng } from './mutations';

const ROOT = path.join(__dirname, '..', '..', '..');
const CPP = path.dirname(require.resolve('tree-sitter-cpp/package.json'));

interface GrammarRule {
  type: string;
  content?: GrammarRule;
}

function dump(n: SyntaxNode, skipPunctuation: boolean): string {
  const kids = n.children.filter((c) => !(skipPunctuation && !c.isNamed && !c.fieldName && ['(', ')', '{', '}', ';', ','].includes(c.type)));
  const head = `${n.fieldName ? `${n.fieldName}:` : ''}${n.type}@${n.startIndex}-${n.endIndex}`;
  return kids.length ? `(${head} ${kids.map((k) => dump(k, skipPunctuation)).join(' ')})` : head;
}

function corpus(): string[] {
  const kernels = fs.readdirSync(path.join(ROOT, 'examples', 'kernels')).map((f) => fs.readFileSync(path.join(ROOT, 'examples', 'kernels', f), 'utf8'));
  return [...sdkHeaders().values(), ...kernels, generateKernel(200)].map((t) => t.replace(/^\s*#.*$/gm, ''));
}

describe('language/tree reader', function () {
  this.timeout(60000);

  it('knows which node types have fields and which are single tokens, as tree-sitter-cpp 0.23.4 says', () => {
    const nodeTypes = JSON.parse(fs.readFileSync(path.join(CPP, 'src', 'node-types.json'), 'utf8')) as { type: string; named: boolean; fields?: object }[];
    const fielded = nodeTypes.filter((t) => t.named && t.fields && Object.keys(t.fields).length).map((t) => t.type).sort();
    assert.deepEqual([...FIELDED_TYPES].sort(), fielded);
    const grammar = JSON.parse(fs.readFileSync(path.join(CPP, 'src', 'grammar.json'), 'utf8')) as { rules: Record<string, GrammarRule>; externals: { name: string }[] };
    const terminal = (r: GrammarRule | undefined): boolean => !!r && (['STRING', 'PATTERN', 'TOKEN', 'IMMEDIATE_TOKEN'].includes(r.type) || (r.type.startsWith('PREC') && terminal(r.content)));
    const aliasesOfIdentifier = ['field_identifier', 'type_identifier', 'namespace_identifier', 'statement_identifier'];
    for (const t of LEAF_TYPES) {
      const ok = terminal(grammar.rules[t]) || grammar.externals.some((e) => e.name === t) || aliasesOfIdentifier.includes(t) || ['character', 'string_content'].includes(t);
      assert.ok(ok, `${t} is not a token in grammar.json`);
    }
    for (const t of WORD_LEAF_TYPES) assert.ok(LEAF_TYPES.includes(t), t);
  });

  it('reads error-free trees fast exactly as it reads them exactly, less the punctuation', async () => {
    const p = await sharedParser();
    const reader = new TreeReader(p.language);
    let compared = 0;
    for (const text of corpus()) {
      const tree = p.parse(text);
      if (tree.rootNode.hasError) {
        // (the quirk of `&& = delete` in the SDK: such trees are read exactly anyway)
        tree.delete();
        continue;
      }
      compared++;
      const fast = reader.readWhole(tree, text, { text });
      const exact = exactRead(reader, tree, text);
      tree.delete();
      assert.equal(dump(fast, true), dump(exact, true));
      const visit = (n: SyntaxNode) => {
        if (LEAF_TYPES.includes(n.type)) assert.equal(n.childCount, 0, `${n.type} has children`);
        n.children.forEach(visit);
      };
      visit(exact);
    }
    assert.ok(compared >= 15, `${compared} texts compared`);
  });

  it('walks trees with direct calls into WebAssembly exactly as with web-tree-sitter\'s own cursor', async () => {
    const p = await sharedParser();
    assert.ok(directCursorAvailable(), 'the parser found the WASM exports');
    const rand = rng(5);
    const texts = [...corpus().slice(0, 6), mutate(generateKernel(60), rand).text, 'int f( { return [;', ''];
    for (const text of texts) {
      const tree = p.parse(text);
      const walks = [true, false].map((direct) => {
        const c = openCursor(tree, direct);
        try {
          return walk(c);
        } finally {
          c.close();
        }
      });
      tree.delete();
      assert.ok(walks[0].length > 0);
      assert.deepEqual(walks[0], walks[1]);
    }
  });

  it('gives one object per node, whichever way it is reached', async () => {
    const text = 'int f(int a, int b) { return a + b * 2; }';
    const p = await sharedParser();
    const tree = p.parse(text);
    const root = new TreeReader(p.language).readWhole(tree, text, { text });
    tree.delete();
    const fn = root.children[0];
    assert.strictEqual(fn, root.namedChildren[0]);
    assert.strictEqual(fn.parent, root);
    const body = fn.childForFieldName('body')!;
    assert.strictEqual(body, fn.children.find((c) => c.fieldName === 'body'));
    const sum = body.descendantsOfType('binary_expression')[0];
    assert.equal(sum.text, 'a + b * 2');
    assert.strictEqual(sum.childForFieldName('right')!.parent, sum);
    assert.strictEqual(root.descendantAt(text.indexOf('b * 2')).parent!.parent, sum);
    assert.equal(sum.child(1)!.type, '+');
    assert.equal(sum.namedChild(1)!.text, 'b * 2');
    assert.equal(sum.namedChildCount, 2);
    assert.equal(sum.childCount, 3);
  });

  it('parses an edited text incrementally into the tree a fresh parse gives', async () => {
    const p = await sharedParser();
    const reader = new TreeReader(p.language);
    const rand = rng(11);
    let before = generateKernel(80).replace(/^#.*$/gm, '');
    let tree = p.parse(before);
    for (let i = 0; i < 40; i++) {
      const after = mutate(before, rand).text;
      const e = diffTexts(before, after);
      tree.edit(treeEdit(e, before, after));
      const next = p.parse(after, tree);
      tree.delete();
      const fresh = p.parse(after);
      assert.equal(dump(exactRead(reader, next, after), false), dump(exactRead(reader, fresh, after), false), `edit ${i}`);
      fresh.delete();
      tree = next;
      before = after;
    }
    tree.delete();
  });
});

/** The whole tree read with every property asked of tree-sitter (as trees with errors are read). */
function exactRead(reader: TreeReader, tree: import('web-tree-sitter').Tree, text: string): SyntaxNode {
  return (reader as unknown as { readWholeExact(t: unknown, s: string, src: { text: string }): SyntaxNode }).readWholeExact(tree, text, { text });
}

/** Every node in document order: type, field, span, and whether it is missing or has an error below. */
function walk(c: Cursor): string[] {
  const out: string[] = [];
  const visit = () => {
    out.push(`${c.nodeTypeId}:${c.currentFieldId}:${c.startIndex}-${c.endIndex}${c.nodeIsMissing ? 'M' : ''}${c.nodeHasError() ? 'E' : ''}`);
    if (c.gotoFirstChild()) {
      do visit();
      while (c.gotoNextSibling());
      c.gotoParent();
    }
  };
  visit();
  return out;
}
