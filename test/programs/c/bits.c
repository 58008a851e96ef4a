/* Bit manipulation: popcount, clz/ctz (NSAU), parity, bit reversal, byte swaps, masks. */
#include <stdio.h>
#include <stdint.h>

static int popcount_loop(uint32_t v)
{
    int n = 0;
    while (v) {
        v &= v - 1;
        n++;
    }
    return n;
}

static uint32_t reverse_bits(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (v & 1);
        v >>= 1;
    }
    return r;
}

static uint32_t bswap32(uint32_t v)
{
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

static int clz_loop(uint32_t v)
{
    int n = 0;
    for (uint32_t m = 0x80000000u; m && !(v & m); m >>= 1)
        n++;
    return n;
}

static volatile uint32_t samples[] = { 1u, 0x80000000u, 0xdeadbeefu, 0x00f0f000u, 0x12345678u, 0xffffffffu, 6u };

int main(void)
{
    int n = (int)(sizeof samples / sizeof samples[0]);
    int acc = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = samples[i];
        int pc = popcount_loop(v);
        printf("%08x pop=%2d/%2d clz=%2d/%2d ctz=%2d rev=%08x bswap=%08x/%08x parity=%d lowbit=%08x\n", v, pc,
               __builtin_popcount(v), clz_loop(v), __builtin_clz(v), __builtin_ctz(v), reverse_bits(v), bswap32(v),
               __builtin_bswap32(v), __builtin_parity(v), v & (0u - v));
        acc += pc;
    }
    uint64_t w = 0x0000f00000000001ULL;
    printf("64: clz=%d ctz=%d pop=%d\n", __builtin_clzll(w), __builtin_ctzll(w), __builtin_popcountll(w));
    uint32_t field = 0;
    field |= (5u & 0x7u) << 4;
    field |= (0x1abu & 0x1ffu) << 10;
    field ^= 1u << 31;
    printf("field=%08x get=%u,%u\n", field, (field >> 4) & 7u, (field >> 10) & 0x1ffu);
    return acc;
}
