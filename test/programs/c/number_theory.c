/* Number theory: gcd, lcm, extended Euclid, modular exponentiation and inverse, totient. */
#include <stdio.h>
#include <stdint.h>

static uint32_t gcd(uint32_t a, uint32_t b)
{
    while (b) {
        uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int64_t ext_gcd(int64_t a, int64_t b, int64_t *x, int64_t *y)
{
    if (b == 0) {
        *x = 1;
        *y = 0;
        return a;
    }
    int64_t x1, y1;
    int64_t g = ext_gcd(b, a % b, &x1, &y1);
    *x = y1;
    *y = x1 - (a / b) * y1;
    return g;
}

static uint32_t pow_mod(uint32_t base, uint32_t exp, uint32_t mod)
{
    uint64_t r = 1, b = base % mod;
    while (exp) {
        if (exp & 1)
            r = r * b % mod;
        b = b * b % mod;
        exp >>= 1;
    }
    return (uint32_t)r;
}

static uint32_t totient(uint32_t n)
{
    uint32_t result = n;
    for (uint32_t p = 2; p * p <= n; p++)
        if (n % p == 0) {
            while (n % p == 0)
                n /= p;
            result -= result / p;
        }
    if (n > 1)
        result -= result / n;
    return result;
}

int main(void)
{
    static const uint32_t pairs[][2] = { { 48, 18 }, { 1071, 462 }, { 17, 5 }, { 1000000, 999999 }, { 0, 9 } };
    for (int i = 0; i < 5; i++) {
        uint32_t a = pairs[i][0], b = pairs[i][1], g = gcd(a, b);
        int64_t x, y;
        int64_t g2 = ext_gcd(a, b, &x, &y);
        printf("gcd(%u,%u)=%u lcm=%llu ext=%lld x=%lld y=%lld\n", a, b, g,
               g ? (unsigned long long)a / g * b : 0ULL, (long long)g2, (long long)x, (long long)y);
    }
    const uint32_t p = 1000000007u;
    printf("2^100 mod p=%u 3^(p-1) mod p=%u\n", pow_mod(2, 100, p), pow_mod(3, p - 1, p));
    int64_t inv, tmp;
    ext_gcd(123456789, p, &inv, &tmp);
    inv %= (int64_t)p;
    if (inv < 0)
        inv += p;
    printf("inverse of 123456789 = %lld check=%llu\n", (long long)inv,
           (unsigned long long)(123456789ULL * (uint64_t)inv % p));
    uint32_t tsum = 0;
    for (uint32_t n = 1; n <= 300; n++)
        tsum += totient(n);
    printf("phi(36)=%u phi(97)=%u sum phi(1..300)=%u\n", totient(36), totient(97), tsum);
    return (int)(tsum % 100);
}
