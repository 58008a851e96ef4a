/* Static and global data: initialised (.data), zeroed (.bss), const (.rodata), static locals. */
#include <stdio.h>
#include <stdint.h>

int g_init = 12345;
int g_zero;
int g_array[8] = { 1, 2, 3 };
static int s_bss[100];
static int64_t s_big = -5000000000LL;
static char s_text[16] = "data";
static const uint16_t k_table[6] = { 100, 200, 300, 400, 500, 600 };
const char *const k_names[] = { "zero", "one", "two" };
static struct { int a; char b; short c; } s_struct = { -1, 'q', 999 };
static uint8_t s_bytes[5] = { 0xff, 0x80 };

static int counter(void)
{
    static int calls;
    static int base = 1000;
    calls++;
    base += calls;
    return base;
}

int main(void)
{
    int zeros = 0;
    for (int i = 0; i < 100; i++)
        zeros += s_bss[i] == 0;
    printf("g_init=%d g_zero=%d zeros=%d\n", g_init, g_zero, zeros);
    printf("g_array: %d %d %d %d %d\n", g_array[0], g_array[1], g_array[2], g_array[3], g_array[7]);
    printf("s_big=%lld s_text=%s k_table[5]=%u name=%s\n", (long long)s_big, s_text, k_table[5], k_names[2]);
    printf("s_struct: %d %c %d bytes: %u %u %u\n", s_struct.a, s_struct.b, s_struct.c, s_bytes[0], s_bytes[1],
           s_bytes[4]);
    int c1 = counter(), c2 = counter(), c3 = counter();
    printf("counter: %d %d %d\n", c1, c2, c3);
    g_init += 1;
    g_zero = 77;
    s_bss[99] = g_zero + g_init;
    s_text[4] = '!';
    s_big *= -2;
    printf("after: %d %d %d %s %lld\n", g_init, g_zero, s_bss[99], s_text, (long long)s_big);
    return (s_bss[99] + c3) % 100;
}
