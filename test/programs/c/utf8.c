/* UTF-8 decoding and encoding: code points, lengths, invalid sequences, case folding of ASCII. */
#include <stdio.h>
#include <stdint.h>

static int decode(const uint8_t *s, uint32_t *cp)
{
    if (s[0] < 0x80) { *cp = s[0]; return 1; }
    if ((s[0] & 0xe0) == 0xc0 && (s[1] & 0xc0) == 0x80) { *cp = ((s[0] & 0x1fu) << 6) | (s[1] & 0x3fu); return 2; }
    if ((s[0] & 0xf0) == 0xe0 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80) {
        *cp = ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
        return 3;
    }
    if ((s[0] & 0xf8) == 0xf0 && (s[1] & 0xc0) == 0x80 && (s[2] & 0xc0) == 0x80 && (s[3] & 0xc0) == 0x80) {
        *cp = ((s[0] & 0x07u) << 18) | ((s[1] & 0x3fu) << 12) | ((s[2] & 0x3fu) << 6) | (s[3] & 0x3fu);
        return 4;
    }
    *cp = 0xfffd;
    return 1;
}

static int encode(uint32_t cp, uint8_t *out)
{
    if (cp < 0x80) { out[0] = (uint8_t)cp; return 1; }
    if (cp < 0x800) { out[0] = (uint8_t)(0xc0 | (cp >> 6)); out[1] = (uint8_t)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        out[0] = (uint8_t)(0xe0 | (cp >> 12));
        out[1] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (uint8_t)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (uint8_t)(0xf0 | (cp >> 18));
    out[1] = (uint8_t)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (uint8_t)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (uint8_t)(0x80 | (cp & 0x3f));
    return 4;
}

int main(void)
{
    static const uint8_t text[] = "A\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z\xff!";
    const uint8_t *p = text;
    int count = 0;
    uint32_t sum = 0;
    while (*p) {
        uint32_t cp;
        int len = decode(p, &cp);
        uint8_t again[4];
        int elen = encode(cp, again);
        printf("U+%04X len=%d reencoded=%d first=%02x\n", (unsigned)cp, len, elen, again[0]);
        sum += cp;
        count++;
        p += len;
    }
    char upper[32];
    const char *ascii = "Hello, Xtensa 106!";
    int i = 0;
    for (; ascii[i]; i++)
        upper[i] = (char)(ascii[i] >= 'a' && ascii[i] <= 'z' ? ascii[i] - 32 : ascii[i]);
    upper[i] = 0;
    printf("count=%d sum=%u upper=%s\n", count, (unsigned)sum, upper);
    return count;
}
