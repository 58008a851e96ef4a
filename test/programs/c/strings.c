/* Strings: own strlen/strcmp/strcpy/reverse, libc memcpy/memset/strchr/strncmp. */
#include <stdio.h>
#include <string.h>

static unsigned my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (unsigned)(p - s);
}

static int my_strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static char *my_strcpy(char *d, const char *s)
{
    char *r = d;
    while ((*d++ = *s++) != 0)
        ;
    return r;
}

static void reverse(char *s)
{
    unsigned n = my_strlen(s);
    for (unsigned i = 0; i < n / 2; i++) {
        char t = s[i];
        s[i] = s[n - 1 - i];
        s[n - 1 - i] = t;
    }
}

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void)
{
    const char *words[] = { "xtensa", "lx106", "emulator", "", "a", "assembler", "xtensa!" };
    int n = (int)(sizeof words / sizeof words[0]);
    char buf[64];
    for (int i = 0; i < n; i++) {
        my_strcpy(buf, words[i]);
        reverse(buf);
        printf("'%s' len=%u rev='%s' cmp_next=%d libc=%d\n", words[i], my_strlen(words[i]), buf,
               sign(my_strcmp(words[i], words[(i + 1) % n])), sign(strcmp(words[i], words[(i + 1) % n])));
    }
    char block[40];
    memset(block, '.', sizeof block - 1);
    block[sizeof block - 1] = 0;
    memcpy(block + 5, "hello, world", 12);
    memmove(block + 8, block + 5, 12);
    printf("block='%s'\n", block);
    const char *hay = "the quick brown fox";
    const char *hit = strchr(hay, 'q');
    printf("strchr=%d strrchr=%d strncmp=%d strstr=%d\n", (int)(hit - hay), (int)(strrchr(hay, 'o') - hay),
           sign(strncmp(hay, "the quack", 7)), (int)(strstr(hay, "brown") - hay));
    char cat[32] = "abc";
    strcat(cat, "def");
    static const char *const suffixes[] = { "ghijkl", "mnopqr" };
    static volatile int which;
    strncat(cat, suffixes[which], 3);
    printf("cat='%s' len=%u\n", cat, (unsigned)strlen(cat));
    return (int)my_strlen(cat) + 40;
}
