/* Collatz sequences: longest chain below a bound, with 64-bit intermediate values. */
#include <stdio.h>
#include <stdint.h>

static int chain_length(uint64_t n, uint64_t *peak)
{
    int steps = 0;
    *peak = n;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        if (n > *peak)
            *peak = n;
        steps++;
    }
    return steps;
}

int main(void)
{
    int best = 0;
    uint32_t best_n = 1;
    uint64_t best_peak = 0, peak;
    for (uint32_t n = 1; n < 30000; n++) {
        int len = chain_length(n, &peak);
        if (len > best) {
            best = len;
            best_n = n;
        }
        if (peak > best_peak)
            best_peak = peak;
    }
    printf("longest below 30000: n=%u steps=%d\n", best_n, best);
    printf("highest peak: %llu\n", (unsigned long long)best_peak);
    static const uint32_t samples[] = { 27, 97, 871, 6171 };
    for (int i = 0; i < 4; i++) {
        int len = chain_length(samples[i], &peak);
        printf("collatz(%u): %d steps, peak %llu\n", samples[i], len, (unsigned long long)peak);
    }
    return best % 100;
}
