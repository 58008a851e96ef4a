/* Arbitrary precision: factorials and powers with 32-bit limbs and 64-bit intermediates. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define LIMBS 40

struct big { uint32_t limb[LIMBS]; int used; };

static void big_set(struct big *b, uint32_t v)
{
    memset(b, 0, sizeof *b);
    b->limb[0] = v;
    b->used = 1;
}

static void big_mul_small(struct big *b, uint32_t m)
{
    uint64_t carry = 0;
    for (int i = 0; i < b->used; i++) {
        uint64_t t = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry)
        b->limb[b->used++] = (uint32_t)carry;
}

static uint32_t big_div_small(struct big *b, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = b->used - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | b->limb[i];
        b->limb[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
    while (b->used > 1 && b->limb[b->used - 1] == 0)
        b->used--;
    return (uint32_t)rem;
}

static int big_to_dec(struct big b, char *out)
{
    char tmp[LIMBS * 10 + 1];
    int n = 0;
    do {
        uint32_t r = big_div_small(&b, 1000000000u);
        for (int k = 0; k < 9; k++) {
            tmp[n++] = (char)('0' + r % 10);
            r /= 10;
        }
    } while (!(b.used == 1 && b.limb[0] == 0));
    while (n > 1 && tmp[n - 1] == '0')
        n--;
    for (int i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    out[n] = 0;
    return n;
}

int main(void)
{
    struct big b;
    char dec[LIMBS * 10 + 1];
    big_set(&b, 1);
    for (uint32_t i = 2; i <= 50; i++) {
        big_mul_small(&b, i);
        if (i % 10 == 0) {
            int len = big_to_dec(b, dec);
            printf("%u! = %s (%d digits, %d limbs)\n", i, dec, len, b.used);
        }
    }
    big_set(&b, 1);
    for (int i = 0; i < 100; i++)
        big_mul_small(&b, 3);
    int len = big_to_dec(b, dec);
    printf("3^100 = %s\n", dec);
    return len;
}
