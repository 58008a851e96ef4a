/* Sorting: libc qsort and own insertion sort, quicksort and merge sort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void insertion_sort(int *v, int n)
{
    for (int i = 1; i < n; i++) {
        int key = v[i], j = i - 1;
        while (j >= 0 && v[j] > key) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = key;
    }
}

static void quick_sort(int *v, int lo, int hi)
{
    while (lo < hi) {
        int pivot = v[(lo + hi) / 2], i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) i++;
            while (v[j] > pivot) j--;
            if (i <= j) {
                int t = v[i]; v[i] = v[j]; v[j] = t;
                i++;
                j--;
            }
        }
        if (j - lo < hi - i) {
            quick_sort(v, lo, j);
            lo = i;
        } else {
            quick_sort(v, i, hi);
            hi = j;
        }
    }
}

static int scratch[N];

static void merge_sort(int *v, int n)
{
    if (n < 2)
        return;
    int h = n / 2;
    merge_sort(v, h);
    merge_sort(v + h, n - h);
    int i = 0, j = h, k = 0;
    while (i < h && j < n)
        scratch[k++] = v[i] <= v[j] ? v[i++] : v[j++];
    while (i < h) scratch[k++] = v[i++];
    while (j < n) scratch[k++] = v[j++];
    memcpy(v, scratch, (size_t)n * sizeof *v);
}

static unsigned seed = 12345;
static int next_rand(void)
{
    seed = seed * 1103515245u + 12345u;
    return (int)((seed >> 8) % 2001) - 1000;
}

static unsigned digest(const int *v, int n)
{
    unsigned h = 0;
    for (int i = 0; i < n; i++)
        h = h * 131u + (unsigned)v[i];
    return h;
}

int main(void)
{
    static int orig[N], a[N], b[N], c[N], d[N];
    for (int i = 0; i < N; i++)
        orig[i] = next_rand();
    memcpy(a, orig, sizeof a);
    memcpy(b, orig, sizeof b);
    memcpy(c, orig, sizeof c);
    memcpy(d, orig, sizeof d);
    qsort(a, N, sizeof a[0], cmp_int);
    insertion_sort(b, N);
    quick_sort(c, 0, N - 1);
    merge_sort(d, N);
    printf("first: %d %d %d last: %d %d\n", a[0], a[1], a[2], a[N - 2], a[N - 1]);
    printf("digests: %u %u %u %u\n", digest(a, N), digest(b, N), digest(c, N), digest(d, N));
    int same = memcmp(a, b, sizeof a) == 0 && memcmp(a, c, sizeof a) == 0 && memcmp(a, d, sizeof a) == 0;
    printf("all equal: %s\n", same ? "yes" : "no");
    printf("median: %d\n", a[N / 2]);
    const char *names[] = { "pear", "apple", "fig", "kiwi", "banana", "cherry" };
    for (int i = 1; i < 6; i++)
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            const char *t = names[j]; names[j] = names[j - 1]; names[j - 1] = t;
        }
    printf("names: %s %s %s %s %s %s\n", names[0], names[1], names[2], names[3], names[4], names[5]);
    return same ? 42 : 1;
}
