/* A small open-addressing hash table with string keys (FNV-1a, linear probing). */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

#define CAP 64

struct entry { char key[16]; int value; int used; };
static struct entry table[CAP];
static int probes;

static uint32_t fnv1a(const char *s)
{
    uint32_t h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static struct entry *slot_for(const char *key)
{
    uint32_t i = fnv1a(key) & (CAP - 1);
    for (;;) {
        probes++;
        if (!table[i].used || strcmp(table[i].key, key) == 0)
            return &table[i];
        i = (i + 1) & (CAP - 1);
    }
}

static void put(const char *key, int value)
{
    struct entry *e = slot_for(key);
    if (!e->used) {
        size_t len = strlen(key);
        if (len >= sizeof e->key)
            len = sizeof e->key - 1;
        memcpy(e->key, key, len);
        e->key[len] = 0;
        e->used = 1;
    }
    e->value = value;
}

static int get(const char *key, int *out)
{
    struct entry *e = slot_for(key);
    if (!e->used)
        return 0;
    *out = e->value;
    return 1;
}

int main(void)
{
    static const char *words[] = { "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta",
                                   "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho" };
    int n = (int)(sizeof words / sizeof words[0]);
    for (int i = 0; i < n; i++)
        put(words[i], i * i);
    for (int i = 0; i < n; i += 3)
        put(words[i], -i);
    char key[16];
    int count = 0;
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 20; i++) {
            snprintf(key, sizeof key, "k%d", i * 7 + round);
            put(key, i + round);
            count++;
        }
    int v, sum = 0;
    for (int i = 0; i < n; i++) {
        if (get(words[i], &v)) {
            sum += v;
            if (i % 4 == 0)
                printf("%s -> %d (hash %08x)\n", words[i], v, fnv1a(words[i]));
        }
    }
    printf("missing: %d %d\n", get("omega", &v), get("k1000", &v));
    int used = 0;
    for (int i = 0; i < CAP; i++)
        used += table[i].used;
    printf("sum=%d used=%d inserted=%d probes=%d\n", sum, used, n + count, probes);
    return used;
}
