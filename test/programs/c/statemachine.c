/* A tiny state machine: a tokenizer for numbers, identifiers, operators and strings. */
#include <stdio.h>

enum state { S_START, S_NUMBER, S_IDENT, S_STRING, S_COMMENT };
enum kind { T_NUMBER, T_IDENT, T_OP, T_STRING };
static const char *kind_names[] = { "number", "ident", "op", "string" };

static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

static int counts[4];
static long long number_sum;

static void emit(enum kind k, const char *start, int len, long long value)
{
    counts[k]++;
    if (k == T_NUMBER)
        number_sum += value;
    printf("%-6s '%.*s'\n", kind_names[k], len, start);
}

static void tokenize(const char *s)
{
    enum state st = S_START;
    const char *tok = s;
    long long value = 0;
    for (const char *p = s;; p++) {
        int c = (unsigned char)*p;
        switch (st) {
        case S_START:
            tok = p;
            if (c == 0)
                return;
            if (is_digit(c)) { st = S_NUMBER; value = c - '0'; }
            else if (is_alpha(c)) st = S_IDENT;
            else if (c == '"') st = S_STRING;
            else if (c == '#') st = S_COMMENT;
            else if (c != ' ') emit(T_OP, p, 1, 0);
            break;
        case S_NUMBER:
            if (is_digit(c)) value = value * 10 + (c - '0');
            else { emit(T_NUMBER, tok, (int)(p - tok), value); st = S_START; p--; }
            break;
        case S_IDENT:
            if (!is_alpha(c) && !is_digit(c)) { emit(T_IDENT, tok, (int)(p - tok), 0); st = S_START; p--; }
            break;
        case S_STRING:
            if (c == '"') { emit(T_STRING, tok + 1, (int)(p - tok - 1), 0); st = S_START; }
            else if (c == 0) return;
            break;
        case S_COMMENT:
            if (c == '\n' || c == 0) { st = S_START; p--; if (c == '\n') p++; }
            break;
        }
    }
}

int main(void)
{
    tokenize("x1 = 42 + foo_bar*(7-y) # comment here\nprint \"hi there\" 1234567890123 ;");
    printf("numbers=%d idents=%d ops=%d strings=%d sum=%lld\n", counts[T_NUMBER], counts[T_IDENT], counts[T_OP],
           counts[T_STRING], number_sum);
    return counts[T_OP] * 10 + counts[T_IDENT];
}
