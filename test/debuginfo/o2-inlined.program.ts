// The program the -O2 inlined-call tests step (test/debuginfo/o2-inlined, test/debug-adapter/o2-inlined):
// main calls a small function of its own file that -O2 inlines into the loop.

export const SOURCE = `#include <stdio.h>
static int square_plus(int v) {
  int r = v * v;
  r = r + 1;
  return r;
}
int main() {
  int total = 0;
  for (int i = 0; i < 5; i++) {
    int s = square_plus(i);
    total += s;
  }
  printf("%d\\n", total);
  return 0;
}
`;
/** The inlined code's second statement (at its first address the stop is still at the call). */
export const CALLEE_LINE = 4;
export const CALL_LINE = 10;
