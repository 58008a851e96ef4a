// Declarations of pointers to functions and to arrays with initialisers, at namespace and local scope
// (tree-sitter-cpp reads `int (*row)[4] = a;` as an expression; the front-end re-reads it).
#include <stdio.h>

typedef int Cell;
int twice(int x) { return 2 * x; }
int negate(int x) { return -x; }
void say(int x) { printf("say %d\n", x); }
void shout(int x) { printf("SHOUT %d\n", x); }

int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
int cube[2][2][3] = {{{1, 2, 3}, {4, 5, 6}}, {{7, 8, 9}, {10, 11, 12}}};
int (*global_fp)(int) = twice;
int (*global_row)[4] = grid;
Cell (*global_cell)[4] = grid + 1;
int (&global_ref)[4] = grid[2];
void (*global_table[2])(int) = {say, shout};
int (*global_plane)[2][3] = cube;

int main() {
  int (*fp)(int) = negate;
  int (*row)[4] = grid;
  Cell (*cells)[4] = grid + 2;
  int (&ref)[4] = grid[1];
  int (*plane)[2][3] = cube + 1;
  int (*later)[4];
  later = row + 1;
  void (*table[2])(int) = {shout, say};
  for (int i = 0; i < 2; i++) table[i](i);
  for (int i = 0; i < 2; i++) global_table[i](10 + i);
  printf("%d %d\n", fp(5), global_fp(5));
  printf("%d %d %d\n", row[1][2], cells[0][3], ref[0]);
  printf("%d %d\n", global_row[2][1], global_cell[0][0]);
  printf("%d %d\n", global_ref[3], later[0][1]);
  printf("%d %d\n", plane[0][1][2], global_plane[1][0][1]);
  printf("%d %d\n", (int)sizeof(*row), (int)sizeof(*plane));
  row++;
  return row[0][0] + fp(1);
}
