/* Variadic functions: int/long long/double arguments, va_copy, vsnprintf, own formatter. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>

static int sum_ints(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += va_arg(ap, int);
    va_end(ap);
    return s;
}

static long long mixed(const char *types, ...)
{
    va_list ap, copy;
    va_start(ap, types);
    va_copy(copy, ap);
    long long total = 0;
    for (const char *t = types; *t; t++) {
        switch (*t) {
        case 'i': total += va_arg(ap, int); break;
        case 'L': total += va_arg(ap, long long); break;
        case 'd': total += (long long)(va_arg(ap, double) * 100.0); break;
        case 's': total += (long long)strlen(va_arg(ap, const char *)); break;
        }
    }
    int first = *types == 'i' ? va_arg(copy, int) : -1;
    va_end(copy);
    va_end(ap);
    return total * 10 + first;
}

static char out[128];

static int format(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, sizeof out, fmt, ap);
    va_end(ap);
    return n;
}

static void mini_print(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char buf[96];
    int k = 0;
    for (const char *p = fmt; *p && k < 80; p++) {
        if (*p != '%') {
            buf[k++] = *p;
            continue;
        }
        p++;
        if (*p == 'd') {
            int v = va_arg(ap, int);
            char digits[12];
            int m = 0;
            unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
            do {
                digits[m++] = (char)('0' + u % 10);
                u /= 10;
            } while (u);
            if (v < 0)
                buf[k++] = '-';
            while (m)
                buf[k++] = digits[--m];
        } else if (*p == 'c') {
            buf[k++] = (char)va_arg(ap, int);
        }
    }
    buf[k] = 0;
    va_end(ap);
    puts(buf);
}

int main(void)
{
    printf("sum0=%d sum3=%d sum8=%d\n", sum_ints(0), sum_ints(3, 1, 2, 3),
           sum_ints(8, 10, -20, 30, -40, 50, -60, 70, 1000));
    printf("mixed=%lld\n", mixed("iLdsiL", 7, 10000000000LL, 2.5, "hello", -3, -5LL));
    printf("mixed2=%lld\n", mixed("ddi", 0.125, -1.75, 9));
    int n = format("%s|%5d|%-4x|%c|%lld|%.2f", "fmt", 42, 255, 'Z', -123456789012LL, 3.14159);
    printf("vsnprintf n=%d out=%s\n", n, out);
    mini_print("mini: %d %d %c %d", 0, -2147483647, 'q', 65536);
    return sum_ints(4, 10, 20, 30, 1) % 100;
}
