/* Function pointers: tables, callbacks, pointers returned from functions. */
#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }

static const struct {
    const char *name;
    binop fn;
} ops[] = { { "add", add }, { "sub", sub }, { "mul", mul }, { "max", maxi } };

static int fold(const int *v, int n, binop f, int init)
{
    int acc = init;
    for (int i = 0; i < n; i++)
        acc = f(acc, v[i]);
    return acc;
}

static binop pick(const char *name)
{
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        const char *a = ops[i].name, *b = name;
        while (*a && *a == *b) {
            a++;
            b++;
        }
        if (*a == *b)
            return ops[i].fn;
    }
    return 0;
}

static void apply_all(void (*cb)(int, int), int n)
{
    for (int i = 0; i < n; i++)
        cb(i, i * i);
}

static int total;
static void accumulate(int i, int sq) { total += sq - i; }

int main(void)
{
    int values[] = { 3, -1, 4, 1, -5, 9, 2, 6 };
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s: fold=%d pair=%d\n", ops[i].name, fold(values, 8, ops[i].fn, i == 2 ? 1 : 0),
               ops[i].fn(7, 3));
    binop f = pick("mul");
    binop g = pick("nothing");
    printf("pick mul: %d, pick nothing: %s\n", f ? f(6, 7) : -1, g ? "found" : "null");
    apply_all(accumulate, 10);
    printf("total=%d\n", total);
    return total % 100;
}
