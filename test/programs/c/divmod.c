/* Division and modulo of every width with negative operands (C99 truncation). */
#include <stdio.h>
#include <stdint.h>

static const int32_t nums[] = { 17, -17, 100, -100, 7, -7, 2147483647, -2147483647, 0, 1000000007 };
static const int32_t dens[] = { 5, -5, 3, -3, 1, -1, 10, -10, 7, 64 };

int main(void)
{
    int n = (int)(sizeof nums / sizeof nums[0]);
    for (int i = 0; i < n; i++) {
        int32_t a = nums[i], b = dens[i];
        printf("i32 %11d / %3d = %10d r %4d | u32 q=%10u r=%u\n", a, b, a / b, a % b, (uint32_t)a / (uint32_t)b,
               (uint32_t)a % (uint32_t)b);
    }
    for (int i = 0; i < n; i++) {
        int16_t a = (int16_t)(nums[i] % 30000), b = (int16_t)dens[i];
        int8_t c = (int8_t)(nums[i] % 100), d = (int8_t)dens[(i + 1) % n];
        printf("i16 %6d/%3d=%6d r%4d  i8 %4d/%3d=%4d r%4d\n", a, b, a / b, a % b, c, d, c / d, c % d);
    }
    for (int i = 0; i < n; i++) {
        int64_t a = (int64_t)nums[i] * 1000003LL, b = dens[(i + 2) % n];
        printf("i64 %lld / %lld = %lld r %lld\n", (long long)a, (long long)b, (long long)(a / b),
               (long long)(a % b));
    }
    uint32_t acc = 0;
    for (int32_t k = -500; k <= 500; k++) {
        int32_t d = (k % 13) + (k < 0 ? -1 : 1) * 3;
        acc = acc * 33u + (uint32_t)(k * 7919 / d) + (uint32_t)(k % d);
    }
    printf("loop acc=%u\n", acc);
    return 21;
}
