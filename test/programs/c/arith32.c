/* 32-bit integer arithmetic: add/sub/mul, wrap via unsigned, compares, min/max, abs. */
#include <stdio.h>
#include <stdint.h>

static const int32_t sv[] = { 0, 1, -1, 2147483647, -2147483647 - 1, 123456789, -987654321, 65536, -7 };
static const uint32_t uv[] = { 0u, 1u, 0xffffffffu, 0x80000000u, 3000000000u, 0x12345678u, 65535u, 7u };

static int32_t wrap_add(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static int32_t wrap_mul(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
static int32_t iabs32(int32_t a) { return a < 0 ? -a : a; }

int main(void)
{
    int ns = (int)(sizeof sv / sizeof sv[0]);
    int nu = (int)(sizeof uv / sizeof uv[0]);
    for (int i = 0; i < ns; i++) {
        int32_t a = sv[i], b = sv[(i + 4) % ns];
        printf("s32 %11d %11d add=%11d mul=%11d lt=%d ge=%d\n", a, b, wrap_add(a, b), wrap_mul(a, b),
               a < b, a >= b);
    }
    for (int i = 0; i < nu; i++) {
        uint32_t a = uv[i], b = uv[(i + 3) % nu];
        printf("u32 %10u %10u add=%10u sub=%10u mul=%10u lt=%d max=%10u\n", a, b, a + b, a - b, a * b,
               a < b, a > b ? a : b);
    }
    int32_t m = 0;
    for (int i = 1; i < ns; i++)
        if (sv[i] != (-2147483647 - 1))
            m += iabs32(sv[i]) % 1000;
    uint32_t x = 2463534242u;
    for (int i = 0; i < 100; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
    }
    printf("absmod=%d xorshift=%u neg=%d\n", m, x, -m);
    return 32;
}
