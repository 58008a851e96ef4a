/* Control flow: nested loops with break/continue, do-while, goto-based cleanup, early returns. */
#include <stdio.h>

static int find_pair(const int *v, int n, int target, int *ia, int *ib)
{
    for (int i = 0; i < n; i++) {
        if (v[i] > target)
            continue;
        for (int j = i + 1; j < n; j++) {
            if (v[i] + v[j] == target) {
                *ia = i;
                *ib = j;
                return 1;
            }
        }
    }
    return 0;
}

static int process(int x)
{
    int stage = 0;
    if (x < 0)
        goto fail;
    stage = 1;
    if (x % 2)
        goto fail;
    stage = 2;
    if (x > 100)
        goto fail;
    stage = 3;
    return stage * 100 + x;
fail:
    return -stage;
}

int main(void)
{
    static const int v[] = { 12, 7, 30, 3, 19, 44, 25, 1, 8 };
    int a = -1, b = -1;
    for (int t = 10; t <= 50; t += 10) {
        int found = find_pair(v, 9, t, &a, &b);
        printf("target %d: %s %d %d\n", t, found ? "found" : "none", found ? v[a] : 0, found ? v[b] : 0);
    }
    int n = 0, outer = 0;
    do {
        outer++;
        for (int i = 0; i < 10; i++) {
            if (i == outer)
                break;
            if ((i + outer) % 3 == 0)
                continue;
            n += i * outer;
        }
    } while (outer < 12);
    printf("do-while n=%d outer=%d\n", n, outer);
    printf("process: %d %d %d %d\n", process(-5), process(7), process(200), process(42));
    int w = 0;
    while (1) {
        w += 7;
        if (w % 5 == 0 && w > 30)
            break;
    }
    printf("while w=%d\n", w);
    return process(42) % 100 + outer;
}
