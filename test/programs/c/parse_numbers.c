/* Text to number and back: own atoi/itoa, libc strtol/strtoul/atoi, snprintf of the results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int my_atoi(const char *s)
{
    while (*s == ' ')
        s++;
    int neg = 0;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    unsigned v = 0;
    while (*s >= '0' && *s <= '9')
        v = v * 10u + (unsigned)(*s++ - '0');
    return (int)(neg ? 0u - v : v);
}

static char *my_itoa(int v, char *buf, int base)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[40];
    int n = 0;
    unsigned u = v < 0 && base == 10 ? 0u - (unsigned)v : (unsigned)v;
    do {
        tmp[n++] = digits[u % (unsigned)base];
        u /= (unsigned)base;
    } while (u);
    int k = 0;
    if (v < 0 && base == 10)
        buf[k++] = '-';
    while (n)
        buf[k++] = tmp[--n];
    buf[k] = 0;
    return buf;
}

int main(void)
{
    static const char *texts[] = { "0", "42", "-17", "  +2024xyz", "2147483647", "-2147483648", "0x1f", "0777" };
    int sum = 0;
    for (int i = 0; i < 8; i++) {
        char *end;
        long l = strtol(texts[i], &end, 0);
        int mine = my_atoi(texts[i]);
        printf("'%s': mine=%d atoi=%d strtol0=%d consumed=%d\n", texts[i], mine, atoi(texts[i]), (int)l,
               (int)(end - texts[i]));
        sum += mine % 100;
    }
    char buf[40];
    printf("itoa: %s %s %s %s\n", my_itoa(-12345, buf, 10), my_itoa(255, buf + 10, 16), my_itoa(5, buf + 20, 2),
           my_itoa(35, buf + 30, 36));
    unsigned long u = strtoul("deadBEEF", NULL, 16);
    printf("strtoul=%u base36=%d\n", (unsigned)u, (int)strtol("zz", NULL, 36));
    return (sum < 0 ? -sum : sum) % 100;
}
