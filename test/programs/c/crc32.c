/* CRC-32 (IEEE, reflected): bitwise and table-driven versions, plus Adler-32. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

static uint32_t crc_table[256];

static void make_table(void)
{
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++)
            c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
        crc_table[n] = c;
    }
}

static uint32_t crc32_table(const uint8_t *p, size_t len)
{
    uint32_t c = 0xffffffffu;
    while (len--)
        c = crc_table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return c ^ 0xffffffffu;
}

static uint32_t crc32_bitwise(const uint8_t *p, size_t len)
{
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < len; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static uint32_t adler32(const uint8_t *p, size_t len)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < len; i++) {
        a = (a + p[i]) % 65521u;
        b = (b + a) % 65521u;
    }
    return (b << 16) | a;
}

int main(void)
{
    make_table();
    static const char *texts[] = { "", "a", "123456789", "The quick brown fox jumps over the lazy dog",
                                   "Xtensa LX106 call0 ABI" };
    uint32_t last = 0;
    for (unsigned i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        const uint8_t *p = (const uint8_t *)texts[i];
        size_t len = strlen(texts[i]);
        last = crc32_table(p, len);
        printf("crc32('%s') = %08x / %08x adler=%08x\n", texts[i], last, crc32_bitwise(p, len), adler32(p, len));
    }
    static uint8_t block[4096];
    for (int i = 0; i < 4096; i++)
        block[i] = (uint8_t)(i * 7 + (i >> 5));
    printf("block crc=%08x adler=%08x\n", crc32_table(block, sizeof block), adler32(block, sizeof block));
    return (int)(last & 0x3f);
}
