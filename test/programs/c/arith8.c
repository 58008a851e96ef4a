/* 8-bit integer arithmetic: signed/unsigned wrap, promotion, sign extension. */
#include <stdio.h>
#include <stdint.h>

static volatile int8_t s_vals[] = { 0, 1, -1, 127, -128, 100, -100, 55 };
static volatile uint8_t u_vals[] = { 0, 1, 255, 128, 200, 17, 99, 254 };

static uint8_t checksum8(const volatile uint8_t *p, int n)
{
    uint8_t sum = 0;
    for (int i = 0; i < n; i++)
        sum = (uint8_t)(sum * 31 + p[i]);
    return sum;
}

int main(void)
{
    int n = (int)(sizeof s_vals / sizeof s_vals[0]);
    for (int i = 0; i < n; i++) {
        int8_t a = s_vals[i], b = s_vals[(i + 3) % n];
        int8_t sum = (int8_t)(uint8_t)(a + b);
        int8_t diff = (int8_t)(uint8_t)(a - b);
        int8_t prod = (int8_t)(uint8_t)(a * b);
        printf("s8 %4d %4d: sum=%4d diff=%4d prod=%4d wide=%6d\n", a, b, sum, diff, prod, a * b);
    }
    for (int i = 0; i < n; i++) {
        uint8_t a = u_vals[i], b = u_vals[(i + 5) % n];
        uint8_t sum = (uint8_t)(a + b), diff = (uint8_t)(a - b), prod = (uint8_t)(a * b);
        printf("u8 %3u %3u: sum=%3u diff=%3u prod=%3u not=%3u sx=%4d\n", a, b, sum, diff, prod,
               (uint8_t)~a, (int8_t)a);
    }
    uint8_t counter = 250;
    for (int i = 0; i < 10; i++)
        counter++;
    int8_t sc = 120;
    for (int i = 0; i < 10; i++)
        sc = (int8_t)(uint8_t)(sc + 1);
    printf("wrap: counter=%u sc=%d\n", counter, sc);
    printf("checksum=%u\n", checksum8(u_vals, n));
    return 8;
}
