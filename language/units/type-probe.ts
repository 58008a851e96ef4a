// Resolves a type written as text (`at::TensorAccessor<float, 3>`) against an analysed layer, by
// parsing it as the parameter of a probe declaration. Problems found on the way are not reported.

import type { CppParser } from '../parse/parser';
import type { TreeReader } from '../parse/tree-reader';
import { SourceMap } from '../pre/source-map';
import type { Analyzer } from '../sema/analyzer';
import { applyDeclarator, declaredBaseType } from '../sema/type-syntax';
import type { Type } from '../model/types';
import { SegmentMap, SegmentUnit } from './segment-unit';

export function parseTypeProbe(parser: CppParser, reader: TreeReader, a: Analyzer, text: string): Type | undefined {
  const src = `void __q7_probe(${text});`;
  const tree = parser.parse(src);
  const map = new SourceMap('<type>');
  map.add(0, src.length, { file: '<type>', line: 0, column: 0, endLine: 0, endColumn: src.length, exact: true });
  const unit = new SegmentUnit(src, '<type>', new SegmentMap(map, 0), false, false, 'declaration');
  const [top] = reader.readTopLevel(tree, src, (_span, i) => (i === 0 ? unit : undefined));
  tree.delete();
  if (!top?.node) return undefined;
  unit.root = top.node;
  const param = top.node.descendantsOfType('parameter_declaration')[0];
  if (!param) return undefined;
  const ctx = { a, unit, scope: a.global };
  const t = a.collecting([], () => a.run(() => applyDeclarator(ctx, declaredBaseType(ctx, param).type, param.childForFieldName('declarator')).type));
  return t.kind === 'error' ? undefined : t;
}
