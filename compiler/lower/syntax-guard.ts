// Constructs the semantic model accepts but the compiler does not translate (yet) and those the device
// cannot run: rejected with a clear error at their place before an expression is lowered, so they can
// never turn into wrong code.

import type { SyntaxNode as Node } from '../../language';
import { unsupported } from './errors';
import type { FnLower } from './function';

const REJECTED: Record<string, string> = {
  new_expression: "'new' is not supported on the device",
  delete_expression: "'delete' is not supported on the device",
  throw_expression: 'exceptions are not supported on the device',
  co_await_expression: 'coroutines are not supported',
  gnu_asm_expression: 'inline assembly is not supported yet',
  generic_expression: '_Generic is not supported',
};

export function checkSupportedSyntax(f: FnLower, node: Node): void {
  const why = REJECTED[node.type];
  if (why) unsupported(f.nodePos(node), why);
  if (node.type === 'call_expression') {
    const callee = node.childForFieldName('function');
    if (callee && (callee.text === 'dynamic_cast' || callee.text.startsWith('dynamic_cast<') || callee.text === 'typeid')) {
      unsupported(f.nodePos(node), `${callee.text.replace(/<.*$/, '')} is not supported`);
    }
  }
  for (const c of node.namedChildren) checkSupportedSyntax(f, c);
}
