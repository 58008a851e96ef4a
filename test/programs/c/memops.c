/* Block memory operations: memcpy/memmove/memset/memcmp at every alignment, own copy loops. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static uint8_t src[256], dst[256];

static uint32_t digest(const uint8_t *p, size_t n)
{
    uint32_t h = 5381;
    for (size_t i = 0; i < n; i++)
        h = h * 33u ^ p[i];
    return h;
}

static void copy_words(uint32_t *d, const uint32_t *s, int n)
{
    while (n--)
        *d++ = *s++;
}

int main(void)
{
    for (int i = 0; i < 256; i++)
        src[i] = (uint8_t)(i ^ (i >> 3) ^ 0x5a);
    uint32_t acc = 0;
    for (int so = 0; so < 4; so++)
        for (int doff = 0; doff < 4; doff++) {
            memset(dst, 0xee, sizeof dst);
            memcpy(dst + doff, src + so, 61);
            acc = acc * 7u + digest(dst, sizeof dst);
        }
    printf("memcpy alignments digest=%08x\n", acc);
    memcpy(dst, src, 256);
    memmove(dst + 3, dst, 100);
    printf("memmove fwd digest=%08x\n", digest(dst, 256));
    memmove(dst, dst + 7, 100);
    printf("memmove back digest=%08x\n", digest(dst, 256));
    memset(dst + 1, 0, 13);
    memset(dst + 50, 0xab, 77);
    printf("memset digest=%08x\n", digest(dst, 256));
    int c1 = memcmp(src, src, 64), c2 = memcmp(src, dst, 64), c3 = memcmp("abc", "abd", 3);
    printf("memcmp: %d %d %d\n", c1, (c2 > 0) - (c2 < 0), (c3 > 0) - (c3 < 0));
    static uint32_t wa[32], wb[32];
    for (int i = 0; i < 32; i++)
        wa[i] = (uint32_t)i * 0x01010101u;
    copy_words(wb, wa, 32);
    int same = memcmp(wa, wb, sizeof wa) == 0;
    printf("words: %08x %08x same=%d\n", wb[5], wb[31], same);
    return same ? 0 : 1;
}
