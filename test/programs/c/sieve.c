/* Sieve of Eratosthenes over a byte array and a bit array; prime gaps and twin primes. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define LIMIT 20000

static uint8_t composite[LIMIT + 1];
static uint32_t bitset[(LIMIT + 32) / 32];

int main(void)
{
    memset(composite, 0, sizeof composite);
    for (int i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (int j = i * i; j <= LIMIT; j += i)
                composite[j] = 1;
    for (int i = 2; i * i <= LIMIT; i++)
        if (!(bitset[i >> 5] & (1u << (i & 31))))
            for (int j = i * i; j <= LIMIT; j += i)
                bitset[j >> 5] |= 1u << (j & 31);
    int count = 0, twins = 0, max_gap = 0, prev = 2, agree = 1;
    for (int i = 2; i <= LIMIT; i++) {
        int bit_prime = !(bitset[i >> 5] & (1u << (i & 31)));
        if (bit_prime != !composite[i])
            agree = 0;
        if (composite[i])
            continue;
        count++;
        if (i - prev == 2)
            twins++;
        if (i - prev > max_gap)
            max_gap = i - prev;
        prev = i;
    }
    printf("primes<=%d: %d\n", LIMIT, count);
    printf("twin pairs: %d, max gap: %d, largest: %d\n", twins, max_gap, prev);
    printf("first primes:");
    for (int i = 2, k = 0; k < 15; i++)
        if (!composite[i]) {
            printf(" %d", i);
            k++;
        }
    printf("\nbit and byte sieves agree: %d\n", agree);
    return count % 101;
}
