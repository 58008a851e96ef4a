/* Shifts of every width: logical, arithmetic, variable amounts, rotates. */
#include <stdio.h>
#include <stdint.h>

static volatile int amounts[] = { 0, 1, 3, 7, 8, 15, 16, 17, 24, 31 };

static uint32_t rotl32(uint32_t v, int s) { return s ? (v << s) | (v >> (32 - s)) : v; }
static uint64_t rotl64(uint64_t v, int s) { return s ? (v << s) | (v >> (64 - s)) : v; }

int main(void)
{
    uint32_t u = 0xdeadbeefu;
    int32_t s = -123456789;
    uint64_t u64 = 0x0123456789abcdefULL;
    int64_t s64 = -0x0123456789abcdefLL;
    int n = (int)(sizeof amounts / sizeof amounts[0]);
    for (int i = 0; i < n; i++) {
        int k = amounts[i];
        printf("k=%2d u<<=%08x u>>=%08x s>>=%11d rotl=%08x\n", k, u << k, u >> k, s >> k, rotl32(u, k));
    }
    for (int i = 0; i < n; i++) {
        int k = amounts[i] * 2;
        printf("k=%2d u64<<=%016llx u64>>=%016llx s64>>=%lld rot=%016llx\n", k, (unsigned long long)(u64 << k),
               (unsigned long long)(u64 >> k), (long long)(s64 >> k), (unsigned long long)rotl64(u64, k));
    }
    uint8_t b = 0x96;
    uint16_t h = 0xa5c3;
    int8_t sb = -100;
    int16_t sh = -30000;
    printf("u8: %02x %02x  u16: %04x %04x\n", (uint8_t)(b << 3), (uint8_t)(b >> 3), (uint16_t)(h << 5),
           (uint16_t)(h >> 5));
    printf("s8>>2=%d s16>>4=%d\n", sb >> 2, sh >> 4);
    return 33;
}
