/* Multiply/divide-heavy loops: checksums over mul, udiv, sdiv, umod, smod. */
#include <stdio.h>
#include <stdint.h>

int main(void)
{
    uint32_t h = 2166136261u;
    for (uint32_t i = 1; i <= 20000; i++)
        h = (h ^ i) * 16777619u;
    printf("fnv-ish=%08x\n", h);
    uint32_t q = 0;
    for (uint32_t i = 1; i <= 5000; i++)
        q += 0xfffffff0u / i + (0x7fffffffu % (i + 3));
    printf("udiv sum=%u\n", q);
    int32_t sq = 0;
    for (int32_t i = -2500; i <= 2500; i++)
        if (i != 0)
            sq += 1000000 / i - (i * 37) % 11;
    printf("sdiv sum=%d\n", sq);
    uint32_t digits = 0;
    for (uint32_t v = 1; v < 300000; v = v * 3 + 1) {
        uint32_t t = v;
        while (t) {
            digits += t % 10;
            t /= 10;
        }
    }
    printf("digit sum=%u\n", digits);
    int16_t a16 = 1;
    for (int i = 0; i < 1000; i++)
        a16 = (int16_t)(uint16_t)((a16 * 7 + i) % 3001);
    printf("a16=%d\n", a16);
    return (int)(h % 100);
}
