/* Calling convention: more arguments than registers, 64-bit arguments in register pairs and on
   the stack, small and large structs by value, struct returns. */
#include <stdio.h>
#include <stdint.h>

struct small { int16_t a; int8_t b; };
struct pair64 { int64_t x, y; };
struct wide { int32_t v[9]; };

static int32_t ten(int32_t a, int32_t b, int32_t c, int32_t d, int32_t e, int32_t f, int32_t g, int32_t h,
                   int32_t i, int32_t j)
{
    return a - b + c * 2 - d + e * 3 - f + g * 4 - h + i * 5 - j;
}

static int64_t mixed64(int32_t a, int64_t b, int32_t c, int64_t d, int64_t e, int32_t f, int64_t g)
{
    return (int64_t)a + b * 3 - c + d / 2 + e - f + g * 7;
}

static int32_t take_small(struct small s, int32_t k, struct small t)
{
    return s.a * 100 + s.b * k + t.a - t.b;
}

static struct pair64 swap_scale(struct pair64 p, int32_t k)
{
    struct pair64 r = { p.y * k, p.x * k };
    return r;
}

static struct wide make_wide(int32_t seed)
{
    struct wide w;
    for (int i = 0; i < 9; i++)
        w.v[i] = seed * (i + 1) + i;
    return w;
}

static int32_t sum_wide(int32_t bias, struct wide w, int32_t scale)
{
    int32_t s = bias;
    for (int i = 0; i < 9; i++)
        s += w.v[i] * scale;
    return s;
}

static double dmix(double a, int32_t b, double c, float d, int64_t e, double f, double g)
{
    return a * b + c - d + (double)e * f - g;
}

int main(void)
{
    printf("ten=%d\n", ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    printf("ten2=%d\n", ten(-1, 200, -3, 40000, 5, -6, 700, 8, -90000, 10));
    printf("mixed64=%lld\n", (long long)mixed64(5, 10000000000LL, -7, -44, 1LL << 40, 9, -3));
    struct small s = { -300, 12 }, t = { 77, -5 };
    printf("small=%d\n", take_small(s, 3, t));
    struct pair64 p = swap_scale((struct pair64){ 123456789012LL, -42 }, -3);
    printf("pair=%lld,%lld\n", (long long)p.x, (long long)p.y);
    struct wide w = make_wide(11);
    printf("wide: v0=%d v8=%d sum=%d\n", w.v[0], w.v[8], sum_wide(1000, w, -2));
    printf("dmix=%.6f\n", dmix(1.5, 4, -0.25, 2.5f, 1000000000000LL, 1e-6, 0.125));
    return ten(1, 2, 3, 4, 5, 6, 7, 8, 9, 10) % 100;
}
