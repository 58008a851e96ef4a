/* Backtracking: N-queens solution counts with arrays and with bit masks. */
#include <stdio.h>
#include <stdint.h>

static int cols[16];

static int safe(int row, int col)
{
    for (int r = 0; r < row; r++) {
        int c = cols[r];
        if (c == col || c - col == r - row || c - col == row - r)
            return 0;
    }
    return 1;
}

static int solve_array(int row, int n)
{
    if (row == n)
        return 1;
    int count = 0;
    for (int c = 0; c < n; c++)
        if (safe(row, c)) {
            cols[row] = c;
            count += solve_array(row + 1, n);
        }
    return count;
}

static int solve_bits(uint32_t all, uint32_t used, uint32_t d1, uint32_t d2)
{
    if (used == all)
        return 1;
    int count = 0;
    uint32_t free_ = all & ~(used | d1 | d2);
    while (free_) {
        uint32_t bit = free_ & (0u - free_);
        free_ ^= bit;
        count += solve_bits(all, used | bit, ((d1 | bit) << 1) & all, (d2 | bit) >> 1);
    }
    return count;
}

int main(void)
{
    int last = 0;
    for (int n = 4; n <= 8; n++) {
        int a = solve_array(0, n);
        int b = solve_bits((1u << n) - 1, 0, 0, 0);
        printf("queens(%d) = %d / %d\n", n, a, b);
        last = a;
    }
    printf("queens(10) = %d\n", solve_bits((1u << 10) - 1, 0, 0, 0));
    solve_array(0, 6);
    printf("last 6-solution columns: %d %d %d %d %d %d\n", cols[0], cols[1], cols[2], cols[3], cols[4], cols[5]);
    return last;
}
