// Q7-L008 lazy element references: `auto x = acc[i][j];` deduces TensorElementReference<T, ...>, a live
// reference that translates a window and reads memory on every use (in stock PyTorch it is a copy).
// A warning when the same tensor is written between the declaration and a use of x (x then sees the
// new value), otherwise a hint. Quick fix: spell the element type.
// Reads the declaration's `auto` in the syntax tree (the model has the deduced type, not how it was
// written, and the fix edits exactly that text) and finds writes through chains.ts.

import type { SyntaxNode } from '../parse/syntax-node';
import type { LocalObject } from '../model/bodies';
import { nonReference, typeToString } from '../model/types';
import { accessorSource } from './accessors';
import { chainOf } from './chains';
import type { FileContext } from './context';
import { editable, spanOf } from './fixes';
import type { FunctionContext } from './function-context';
import { sdkValue } from './sdk-types';
import { ancestor, nodeOfLoc } from './syntax';
import { sameTensor, type TensorRef } from './tensors';
import type { Check, Fix } from './types';

const CODE = 'Q7-L008';

export const lazyReferenceCheck: Check = {
  code: CODE,
  name: 'lazy-element-reference',
  summary: 'auto deduces the live element proxy instead of a copy of the element',
  runFunction(ctx: FileContext, fc: FunctionContext) {
    for (const l of fc.locals) checkLocal(ctx, fc, l);
  },
};

function checkLocal(ctx: FileContext, fc: FunctionContext, l: LocalObject): void {
  const v = sdkValue(l.decl.type);
  if (v?.kind !== 'element') return;
  const name = nodeOfLoc(l.decl.loc);
  const decl = ancestor(name, (a) => a.type === 'declaration');
  const typeNode = decl?.childForFieldName('type');
  if (!decl || typeNode?.type !== 'placeholder_type_specifier') return;
  const elem = typeToString(nonReference(v.elem));
  const init = fc.initOf(l.decl);
  const tensor = init ? accessorSource(fc, init)?.tensor : undefined;
  const uses = fc.index.all.filter((e) => e.kind === 'name' && e.decl === l.decl && e.loc.start > l.decl.loc.end);
  const write = tensor ? uses.map((u) => ({ use: u, write: writeBetween(fc, tensor, l.decl.loc.end, u.loc.start) })).find((x) => x.write) : undefined;
  const proxy = `'${l.decl.name}' is a TensorElementReference<${elem}, ${v.readOnly}>, not ${article(elem)}`;
  const why = {
    message: "auto deduces the accessor's element proxy, a live reference that translates a window and reads HBM again at every use (in stock PyTorch this would be a copy)",
  };
  const fixes = spellType(ctx, fc, typeNode, name, elem);
  if (write) {
    ctx.report({
      range: fc.rangeOf(l.decl.loc),
      severity: 'warning',
      code: CODE,
      message: `${proxy}: its use on line ${fc.lineOf(write.use.loc.start)} sees the write on line ${fc.lineOf(write.write!.startIndex)}`,
      notes: [
        why,
        { range: fc.rangeOf(write.write!), message: `'${tensor!.name}' written here` },
        { range: fc.rangeOf(write.use.loc), message: `'${l.decl.name}' read here, after the write` },
      ],
      help: `write '${elem} ${l.decl.name} = ...' to keep a copy`,
      fixes,
    });
    return;
  }
  ctx.report({
    range: fc.rangeOf(l.decl.loc),
    severity: 'hint',
    code: CODE,
    message: proxy,
    notes: [why],
    help: `write '${elem} ${l.decl.name} = ...' to read the element once`,
    fixes,
  });
}

/** A write to `tensor` (through an element reference, a write stream, tcm_to_tensor) in [from, to). */
function writeBetween(fc: FunctionContext, tensor: TensorRef, from: number, to: number): SyntaxNode | undefined {
  let found: SyntaxNode | undefined;
  const visit = (n: SyntaxNode) => {
    if (found || n.endIndex <= from || n.startIndex >= to) return;
    if (n.startIndex >= from && writesTo(fc, n, tensor)) {
      found = n;
      return;
    }
    for (const k of n.children) visit(k);
  };
  visit(fc.fn.body!.node);
  return found;
}

function writesTo(fc: FunctionContext, n: SyntaxNode, tensor: TensorRef): boolean {
  if (n.type === 'assignment_expression' || n.type === 'update_expression') {
    const target = n.childForFieldName(n.type === 'assignment_expression' ? 'left' : 'argument');
    const c = target && chainOf(fc, target);
    return !!c && c.kind !== 'tcm' && c.depth === c.rank && !!c.tensor && sameTensor(c.tensor, tensor);
  }
  if (n.type === 'call_expression') {
    const fn = n.childForFieldName('function');
    const field = fn?.type === 'field_expression' ? fn.childForFieldName('field') : undefined;
    const method = field?.type === 'template_method' ? field.childForFieldName('name')?.text : field?.text;
    if (method !== 'write' && method !== 'tcm_to_tensor') return false;
    const obj = fn!.childForFieldName('argument');
    const e = obj && fc.index.at(obj.startIndex, obj.endIndex);
    const src = e ? accessorSource(fc, e) : undefined;
    return !!src && sameTensor(src.tensor, tensor);
  }
  return false;
}

/** Replaces `auto` with the element type (`float x = acc[i][j];`). */
function spellType(ctx: FileContext, fc: FunctionContext, typeNode: SyntaxNode, name: SyntaxNode, elem: string): Fix[] {
  const declarator = name.parent;
  if (declarator?.type !== 'init_declarator' || typeNode.text !== 'auto' || !editable(ctx, fc, spanOf(typeNode))) return [];
  return [{ title: `Spell the element type: '${elem} ${name.text}'`, edits: [{ range: fc.rangeOf(typeNode), newText: elem }] }];
}

function article(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
