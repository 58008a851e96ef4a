/* 64-bit integer arithmetic: add/sub with carry, mul, div, mod, compares. */
#include <stdio.h>
#include <stdint.h>

static const int64_t sv[] = { 0, 1, -1, 4294967296LL, -4294967297LL, 9223372036854775807LL,
                              -9223372036854775807LL - 1, 1234567890123LL, -98765 };
static const uint64_t uv[] = { 0, 1, 0xffffffffULL, 0x100000000ULL, 0xffffffffffffffffULL,
                               0x8000000000000000ULL, 12345678901234567ULL, 3 };

int main(void)
{
    int ns = (int)(sizeof sv / sizeof sv[0]);
    int nu = (int)(sizeof uv / sizeof uv[0]);
    for (int i = 0; i < ns; i++) {
        int64_t a = sv[i], b = sv[(i + 2) % ns];
        int64_t sum = (int64_t)((uint64_t)a + (uint64_t)b);
        int64_t dif = (int64_t)((uint64_t)a - (uint64_t)b);
        printf("s64 %lld %lld sum=%lld dif=%lld lt=%d\n", (long long)a, (long long)b, (long long)sum,
               (long long)dif, a < b);
    }
    for (int i = 0; i < nu; i++) {
        uint64_t a = uv[i], b = uv[(i + 3) % nu];
        uint64_t q = b ? a / b : 0, r = b ? a % b : 0;
        printf("u64 %llu %llu mul=%llu q=%llu r=%llu\n", (unsigned long long)a, (unsigned long long)b,
               (unsigned long long)(a * b), (unsigned long long)q, (unsigned long long)r);
    }
    int64_t f = 1;
    for (int i = 1; i <= 20; i++)
        f *= i;
    int64_t d = -f / 7;
    int64_t m = -f % 7;
    uint64_t h = 1469598103934665603ULL;
    for (int i = 0; i < 64; i++)
        h = (h ^ (uint64_t)i) * 1099511628211ULL;
    printf("20!=%lld -20!/7=%lld rem=%lld\n", (long long)f, (long long)d, (long long)m);
    printf("fnv64=%016llx hi=%08x lo=%08x\n", (unsigned long long)h, (unsigned)(h >> 32), (unsigned)h);
    return 64;
}
