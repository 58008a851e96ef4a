/* Conway's game of life on a small torus: glider and blinker, generation counts and population. */
#include <stdio.h>
#include <string.h>

#define W 16
#define H 10

static unsigned char grid[H][W], next[H][W];

static int neighbours(int y, int x)
{
    int n = 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dy || dx)
                n += grid[(y + dy + H) % H][(x + dx + W) % W];
    return n;
}

static int step(void)
{
    int pop = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int n = neighbours(y, x);
            next[y][x] = (unsigned char)(n == 3 || (n == 2 && grid[y][x]));
            pop += next[y][x];
        }
    memcpy(grid, next, sizeof grid);
    return pop;
}

static void show(void)
{
    for (int y = 0; y < H; y++) {
        char line[W + 1];
        for (int x = 0; x < W; x++)
            line[x] = grid[y][x] ? '#' : '.';
        line[W] = 0;
        printf("%s\n", line);
    }
}

int main(void)
{
    grid[1][2] = grid[2][3] = grid[3][1] = grid[3][2] = grid[3][3] = 1; /* glider */
    grid[6][10] = grid[6][11] = grid[6][12] = 1;                       /* blinker */
    int pop = 0;
    for (int g = 1; g <= 30; g++) {
        pop = step();
        if (g % 10 == 0)
            printf("gen %d population %d\n", g, pop);
    }
    show();
    return pop;
}
