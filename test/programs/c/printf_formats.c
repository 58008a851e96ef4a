/* printf conversions and flags: width, precision, padding, signs, hex/octal, strings, chars. */
#include <stdio.h>
#include <stdint.h>

int main(void)
{
    printf("[%d] [%5d] [%-5d] [%05d] [%+d] [% d]\n", 42, 42, 42, 42, 42, 42);
    printf("[%d] [%5d] [%-5d] [%05d] [%+d]\n", -42, -42, -42, -42, -42);
    printf("[%u] [%x] [%X] [%o] [%#x] [%#o] [%08x]\n", 3000000000u, 0xbeefu, 0xbeefu, 511u, 255u, 8u, 0x1234u);
    printf("[%lld] [%llu] [%llx] [%20lld] [%-20lld]\n", -9223372036854775807LL - 1, 18446744073709551615ULL,
           0xfedcba9876543210ULL, 123456789012345LL, -5LL);
    printf("[%s] [%10s] [%-10s] [%.3s] [%10.2s]\n", "text", "text", "text", "truncate", "xy-z");
    printf("[%c] [%3c] [%-3c] [%%] [%5.3d] [%.0d]\n", 'A', 'B', 'C', 7, 0);
    printf("[%*d] [%-*d] [%.*s]\n", 6, 99, 6, 99, 2, "abcdef");
    printf("[%hd] [%hu] [%hhd] [%hhu]\n", (short)-1234, (unsigned short)60000, (signed char)-5, (unsigned char)250);
    printf("[%f] [%.2f] [%10.3f] [%-10.1f] [%e] [%.3e] [%g] [%g]\n", 3.5, -2.675, 1234.5678, 0.05, 123456.0, 0.000123,
           100000.0, 1e-5);
    char buf[32];
    int n = snprintf(buf, sizeof buf, "%d-%s-%x", 12, "ab", 171);
    static volatile size_t room = 4;
    int m = snprintf(buf + n, room, "%s", "overflowing");
    printf("snprintf: '%s' n=%d m=%d\n", buf, n, m);
    return n + m;
}
