/* A stack machine: evaluating reverse Polish expressions and checking bracket balance. */
#include <stdio.h>

static long long stack[64];
static int sp;

static void push(long long v) { stack[sp++] = v; }
static long long pop(void) { return stack[--sp]; }

static long long eval(const char *s)
{
    sp = 0;
    while (*s) {
        if (*s >= '0' && *s <= '9') {
            long long v = 0;
            while (*s >= '0' && *s <= '9')
                v = v * 10 + (*s++ - '0');
            push(v);
            continue;
        }
        if (*s != ' ') {
            long long b = pop(), a = pop();
            switch (*s) {
            case '+': push(a + b); break;
            case '-': push(a - b); break;
            case '*': push(a * b); break;
            case '/': push(a / b); break;
            case '%': push(a % b); break;
            case '^': push(a ^ b); break;
            default: push(0); break;
            }
        }
        s++;
    }
    return pop();
}

static int balanced(const char *s)
{
    char open[32];
    int n = 0;
    for (; *s; s++) {
        char c = *s;
        if (c == '(' || c == '[' || c == '{')
            open[n++] = c;
        else if (c == ')' || c == ']' || c == '}') {
            char want = c == ')' ? '(' : c == ']' ? '[' : '{';
            if (n == 0 || open[--n] != want)
                return 0;
        }
    }
    return n == 0;
}

int main(void)
{
    static const char *exprs[] = { "3 4 +", "5 1 2 + 4 * + 3 -", "100 7 / 100 7 % +", "2 3 4 * * 5 -",
                                   "1000000 1000000 * 7 -", "12 10 ^ 3 *" };
    long long total = 0;
    for (int i = 0; i < 6; i++) {
        long long v = eval(exprs[i]);
        total += v;
        printf("%-24s = %lld\n", exprs[i], v);
    }
    static const char *br[] = { "([]{})", "([)]", "((((", "{[()()]}", "" };
    int ok = 0;
    for (int i = 0; i < 5; i++) {
        int b = balanced(br[i]);
        ok += b;
        printf("balanced('%s') = %d\n", br[i], b);
    }
    printf("total=%lld ok=%d\n", total, ok);
    return (int)(total % 50) + ok;
}
