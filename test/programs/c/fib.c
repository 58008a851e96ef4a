/* Recursion: naive, iterative and memoised Fibonacci. */
#include <stdio.h>
#include <stdint.h>

static int fib_rec(int n) { return n < 2 ? n : fib_rec(n - 1) + fib_rec(n - 2); }

static uint64_t fib_iter(int n)
{
    uint64_t a = 0, b = 1;
    for (int i = 0; i < n; i++) {
        uint64_t t = a + b;
        a = b;
        b = t;
    }
    return a;
}

static uint32_t memo[64];

static uint32_t fib_memo(int n)
{
    if (n < 2)
        return (uint32_t)n;
    if (memo[n] == 0)
        memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
    return memo[n];
}

int main(void)
{
    for (int n = 0; n <= 20; n += 4)
        printf("fib_rec(%d)=%d\n", n, fib_rec(n));
    printf("fib_rec(22)=%d\n", fib_rec(22));
    printf("fib_iter(90)=%llu\n", (unsigned long long)fib_iter(90));
    printf("fib_memo(47)=%u\n", fib_memo(47));
    return fib_rec(10) % 50;
}
