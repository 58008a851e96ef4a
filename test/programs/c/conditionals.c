/* Conditional selects: ternaries, min/max/clamp, signed vs unsigned comparisons, boolean logic. */
#include <stdio.h>
#include <stdint.h>

static int32_t clamp(int32_t v, int32_t lo, int32_t hi) { return v < lo ? lo : v > hi ? hi : v; }
static uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static int32_t smax(int32_t a, int32_t b) { return a > b ? a : b; }
static int32_t select_zero(int32_t c, int32_t a, int32_t b) { return c == 0 ? a : b; }
static int32_t select_neg(int32_t c, int32_t a, int32_t b) { return c < 0 ? a : b; }
static int sgn(int32_t v) { return (v > 0) - (v < 0); }

static volatile int32_t vals[] = { -2147483647 - 1, -100, -1, 0, 1, 99, 100, 2147483647 };

int main(void)
{
    int n = (int)(sizeof vals / sizeof vals[0]);
    int score = 0;
    for (int i = 0; i < n; i++) {
        int32_t v = vals[i], w = vals[n - 1 - i];
        printf("v=%11d clamp=%4d umin=%10u smax=%11d selz=%d seln=%d sgn=%2d s<u=%d\n", v, clamp(v, -50, 50),
               umin((uint32_t)v, (uint32_t)w), smax(v, w), select_zero(v, 1, 2), select_neg(v, 3, 4), sgn(v),
               v < 0 && (uint32_t)v > 100u);
        score += sgn(v) + (v == w) + (v != 0 && w != 0) + !v;
    }
    int a = 5, b = 0, c = -3;
    printf("logic: %d %d %d %d %d\n", a && b, a || b, !c, (a > b) == (c < b), (a & 1) ? c : a);
    unsigned bits = 0;
    for (int i = 0; i < 32; i++)
        bits |= (unsigned)((i % 3 == 0) ^ (i % 5 == 0)) << i;
    printf("bits=%08x score=%d\n", bits, score);
    return score + 10;
}
