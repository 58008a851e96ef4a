/* 64-bit multiply, divide and shift helpers: LCG, mulmod, 128-bit style products. */
#include <stdio.h>
#include <stdint.h>

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t r = 0;
    a %= m;
    while (b) {
        if (b & 1)
            r = (r + a) % m;
        a = (a << 1) % m;
        b >>= 1;
    }
    return r;
}

static void mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = (mid << 32) | (uint32_t)p00;
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

int main(void)
{
    uint64_t x = 88172645463325252ULL;
    for (int i = 0; i < 5; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        printf("lcg %d: %016llx /1e9=%llu %%1e9=%llu\n", i, (unsigned long long)x,
               (unsigned long long)(x / 1000000000ULL), (unsigned long long)(x % 1000000000ULL));
    }
    uint64_t hi, lo;
    mul_64x64(0xfedcba9876543210ULL, 0x0123456789abcdefULL, &hi, &lo);
    printf("wide: %016llx%016llx\n", (unsigned long long)hi, (unsigned long long)lo);
    printf("mulmod=%llu\n", (unsigned long long)mulmod(123456789012345ULL, 987654321098765ULL, 1000000007ULL));
    int64_t s = -1234567890123456789LL;
    for (int k = 1; k < 64; k += 9)
        printf("s>>%d=%lld s<<%d=%lld s/%d=%lld\n", k, (long long)(s >> k), k % 8,
               (long long)(int64_t)((uint64_t)s << (k % 8)), k, (long long)(s / k));
    uint64_t p = 1;
    for (int i = 0; i < 40; i++)
        p = p * 3 + (uint64_t)i;
    printf("p=%llu\n", (unsigned long long)p);
    return (int)(p % 91);
}
