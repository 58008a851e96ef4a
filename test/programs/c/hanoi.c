/* Recursion with several arguments: towers of Hanoi, moves listed and counted. */
#include <stdio.h>

static int pegs[3][16];
static int heights[3];
static unsigned long long moves;

static void move_disc(int from, int to, int print)
{
    int disc = pegs[from][--heights[from]];
    pegs[to][heights[to]++] = disc;
    moves++;
    if (print)
        printf("move disc %d from %c to %c\n", disc, 'A' + from, 'A' + to);
}

static void hanoi(int n, int from, int to, int via, int print)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to, print);
    move_disc(from, to, print);
    hanoi(n - 1, via, to, from, print);
}

static void setup(int n)
{
    heights[0] = heights[1] = heights[2] = 0;
    for (int d = n; d >= 1; d--)
        pegs[0][heights[0]++] = d;
    moves = 0;
}

int main(void)
{
    setup(3);
    hanoi(3, 0, 2, 1, 1);
    printf("n=3 moves=%llu\n", moves);
    setup(14);
    hanoi(14, 0, 2, 1, 0);
    printf("n=14 moves=%llu top of C=%d height=%d\n", moves, pegs[2][heights[2] - 1], heights[2]);
    return (int)(moves % 97);
}
