/* Arrays and 2-D arrays: fill, row/column sums, transpose, pointer walks. */
#include <stdio.h>

#define R 6
#define C 7

static int grid[R][C];
static int trans[C][R];

int main(void)
{
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++)
            grid[r][c] = (r + 1) * (c + 2) - 3 * ((r * C + c) % 5);
    for (int r = 0; r < R; r++) {
        int sum = 0;
        for (int c = 0; c < C; c++) {
            sum += grid[r][c];
            trans[c][r] = grid[r][c];
        }
        printf("row %d:", r);
        for (int c = 0; c < C; c++)
            printf(" %3d", grid[r][c]);
        printf(" | %d\n", sum);
    }
    for (int c = 0; c < C; c++) {
        int sum = 0;
        for (int r = 0; r < R; r++)
            sum += trans[c][r];
        printf("col %d sum=%d\n", c, sum);
    }
    int *flat = &grid[0][0];
    int diag = 0, maxv = flat[0];
    for (int i = 0; i < R * C; i++)
        if (flat[i] > maxv)
            maxv = flat[i];
    for (int i = 0; i < R && i < C; i++)
        diag += grid[i][i];
    int ring[10];
    for (int i = 0; i < 10; i++)
        ring[i] = i * i;
    for (int k = 0; k < 25; k++)
        ring[k % 10] += ring[(k + 3) % 10];
    printf("diag=%d max=%d ring9=%d\n", diag, maxv, ring[9]);
    return diag % 100;
}
