/* Base64 encoding and decoding with lookup tables; round trips of several inputs. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
static int8_t reverse_map[256];

static size_t encode(const uint8_t *in, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)in[i] << 16;
        if (i + 1 < n) v |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n) v |= in[i + 2];
        out[k++] = alphabet[(v >> 18) & 63];
        out[k++] = alphabet[(v >> 12) & 63];
        out[k++] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
        out[k++] = i + 2 < n ? alphabet[v & 63] : '=';
    }
    out[k] = 0;
    return k;
}

static size_t decode(const char *in, uint8_t *out)
{
    size_t k = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (; *in && *in != '='; in++) {
        int v = reverse_map[(unsigned char)*in];
        if (v < 0)
            continue;
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[k++] = (uint8_t)(acc >> bits);
        }
    }
    return k;
}

int main(void)
{
    memset(reverse_map, -1, sizeof reverse_map);
    for (int i = 0; i < 64; i++)
        reverse_map[(unsigned char)alphabet[i]] = (int8_t)i;
    static const char *inputs[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar", "Xtensa emulator oracle" };
    char enc[64];
    uint8_t dec[64];
    int ok = 0;
    for (int i = 0; i < 8; i++) {
        size_t n = strlen(inputs[i]);
        size_t e = encode((const uint8_t *)inputs[i], n, enc);
        size_t d = decode(enc, dec);
        int same = d == n && memcmp(dec, inputs[i], n) == 0;
        ok += same;
        printf("'%s' -> '%s' (%u) round trip %s\n", inputs[i], enc, (unsigned)e, same ? "ok" : "BAD");
    }
    uint8_t bin[48];
    for (int i = 0; i < 48; i++)
        bin[i] = (uint8_t)(255 - i * 5);
    encode(bin, sizeof bin, enc);
    printf("binary: %s\n", enc);
    return ok * 10 + 3;
}
