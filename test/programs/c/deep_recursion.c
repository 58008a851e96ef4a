/* Recursion about 1000 (and 3000) frames deep, with locals in every frame, and mutual recursion. */
#include <stdio.h>
#include <stdint.h>

static int depth_max;

static uint32_t descend(int depth, uint32_t acc)
{
    volatile uint32_t local[4];
    local[0] = acc;
    local[1] = (uint32_t)depth;
    local[2] = acc ^ (uint32_t)depth;
    local[3] = local[2] * 3u;
    if (depth > depth_max)
        depth_max = depth;
    if (depth == 0)
        return local[3];
    uint32_t below = descend(depth - 1, acc * 31u + (uint32_t)depth);
    return below + local[0] - local[1] + (local[3] & 1u);
}

static int is_odd(int n);
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }

static int sum_to(int n) { return n == 0 ? 0 : n + sum_to(n - 1); }

int main(void)
{
    uint32_t r = descend(1000, 7);
    printf("descend(1000)=%u depth_max=%d\n", r, depth_max);
    r = descend(3000, 11);
    printf("descend(3000)=%u depth_max=%d\n", r, depth_max);
    printf("is_even(999)=%d is_odd(999)=%d is_even(1000)=%d\n", is_even(999), is_odd(999), is_even(1000));
    int s = sum_to(1000);
    printf("sum_to(1000)=%d\n", s);
    return s % 97;
}
