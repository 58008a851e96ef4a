/* 16-bit integer arithmetic: halfword loads/stores, wrap, sign extension. */
#include <stdio.h>
#include <stdint.h>

static int16_t table_s[8] = { 0, 1, -1, 32767, -32768, 12345, -23456, 300 };
static uint16_t table_u[8] = { 0, 1, 65535, 32768, 40000, 1234, 65000, 255 };

static uint16_t mix16(uint16_t h, uint16_t v)
{
    h ^= v;
    h = (uint16_t)(h * 0x2f1du);
    h = (uint16_t)((h << 5) | (h >> 11));
    return h;
}

int main(void)
{
    for (int i = 0; i < 8; i++) {
        int16_t a = table_s[i], b = table_s[(i + 3) % 8];
        printf("s16 %6d %6d: sum=%6d diff=%6d prod=%6d div=%6d\n", a, b, (int16_t)(uint16_t)(a + b),
               (int16_t)(uint16_t)(a - b), (int16_t)(uint16_t)(a * b), b != 0 ? a / b : 0);
    }
    for (int i = 0; i < 8; i++) {
        uint16_t a = table_u[i], b = table_u[(i + 5) % 8];
        printf("u16 %5u %5u: sum=%5u diff=%5u prod=%5u shr=%5u sx=%6d\n", a, b, (uint16_t)(a + b),
               (uint16_t)(a - b), (uint16_t)(a * b), (uint16_t)(a >> 3), (int16_t)a);
    }
    uint16_t h = 0xffff;
    for (int i = 0; i < 1000; i++)
        h = mix16(h, (uint16_t)i);
    int16_t acc = 0;
    for (int i = 0; i < 500; i++)
        acc = (int16_t)(uint16_t)(acc + i * 97);
    table_s[0] = acc;
    table_u[0] = h;
    printf("hash=%u acc=%d stored=%d/%u\n", h, acc, table_s[0], table_u[0]);
    return 16;
}
