/* Fixed-point arithmetic: an ASCII Mandelbrot set in Q16.16 with 64-bit products. */
#include <stdio.h>
#include <stdint.h>

typedef int32_t fix;
#define FRAC 16
#define TO_FIX(x) ((fix)((x) * (1 << FRAC)))

static fix fmul(fix a, fix b) { return (fix)(((int64_t)a * b) >> FRAC); }

static int iterate(fix cr, fix ci, int max)
{
    fix zr = 0, zi = 0;
    for (int i = 0; i < max; i++) {
        fix zr2 = fmul(zr, zr), zi2 = fmul(zi, zi);
        if (zr2 + zi2 > TO_FIX(4))
            return i;
        zi = 2 * fmul(zr, zi) + ci;
        zr = zr2 - zi2 + cr;
    }
    return max;
}

int main(void)
{
    static const char shades[] = " .:-=+*#%@";
    uint32_t total = 0;
    for (int y = 0; y < 12; y++) {
        char line[41];
        for (int x = 0; x < 40; x++) {
            fix cr = TO_FIX(-2.2) + x * (TO_FIX(3.0) / 40);
            fix ci = TO_FIX(-1.2) + y * (TO_FIX(2.4) / 12);
            int it = iterate(cr, ci, 60);
            total += (uint32_t)it;
            line[x] = shades[it * 9 / 60];
        }
        line[40] = 0;
        printf("|%s|\n", line);
    }
    printf("total iterations=%u\n", total);
    return (int)(total % 100);
}
