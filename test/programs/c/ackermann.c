/* Deeply nested recursion: Ackermann's function and a call counter. */
#include <stdio.h>

static unsigned calls;

static unsigned ack(unsigned m, unsigned n)
{
    calls++;
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}

int main(void)
{
    for (unsigned m = 0; m <= 2; m++)
        for (unsigned n = 0; n <= 3; n++) {
            calls = 0;
            unsigned r = ack(m, n);
            printf("ack(%u,%u)=%u calls=%u\n", m, n, r, calls);
        }
    calls = 0;
    unsigned r = ack(3, 4);
    printf("ack(3,4)=%u calls=%u\n", r, calls);
    return (int)(r % 100);
}
