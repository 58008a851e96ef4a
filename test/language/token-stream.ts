// Test helper: whether two sources are the same program token for token (comments, blanks and line
// breaks inside a line ignored; which tokens start a line kept, since directives depend on it).

import { lex } from '../../language/pre/tokens';

export function tokenStream(text: string): string {
  return lex('x', text).tokens.map((t) => (t.bol ? `\n${t.text}` : t.text)).join(' ');
}

export function sameTokens(a: string, b: string): boolean {
  return tokenStream(a) === tokenStream(b);
}
