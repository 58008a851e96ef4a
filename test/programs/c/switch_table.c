/* Dense switch statements that gcc -O2 compiles to jump tables: a tiny bytecode VM. */
#include <stdio.h>
#include <stdint.h>

enum { OP_PUSH, OP_ADD, OP_SUB, OP_MUL, OP_DUP, OP_SWAP, OP_DROP, OP_JNZ, OP_DEC, OP_PRINT, OP_NEG, OP_HALT };

static const char *day_name(int d)
{
    switch (d) {
    case 0: return "sun";
    case 1: return "mon";
    case 2: return "tue";
    case 3: return "wed";
    case 4: return "thu";
    case 5: return "fri";
    case 6: return "sat";
    case 7: return "hol";
    default: return "???";
    }
}

static int classify(int c)
{
    switch (c) {
    case 10: return 3;
    case 11: return 7;
    case 12: return 1;
    case 13: return 9;
    case 14: return 4;
    case 15: return 4;
    case 16: return 8;
    case 17: return 2;
    case 18: return 6;
    case 19: return 5;
    case 20: return 0;
    default: return -1;
    }
}

static int run(const int32_t *code)
{
    int32_t stack[32];
    int sp = 0, pc = 0, steps = 0;
    for (;;) {
        steps++;
        int32_t t;
        switch (code[pc++]) {
        case OP_PUSH: stack[sp++] = code[pc++]; break;
        case OP_ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case OP_SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case OP_MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case OP_DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case OP_SWAP: t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; break;
        case OP_DROP: sp--; break;
        case OP_JNZ: t = code[pc++]; if (stack[sp - 1] != 0) pc = t; break;
        case OP_DEC: stack[sp - 1]--; break;
        case OP_PRINT: printf("vm print %d\n", stack[sp - 1]); break;
        case OP_NEG: stack[sp - 1] = -stack[sp - 1]; break;
        case OP_HALT: return steps;
        default: printf("bad opcode\n"); return -1;
        }
    }
}

int main(void)
{
    for (int d = -1; d <= 8; d += 3)
        printf("day %d = %s\n", d, day_name(d));
    int acc = 0;
    for (int c = 5; c < 25; c++)
        acc = acc * 3 + classify(c);
    printf("classify acc=%d\n", acc);
    /* acc = 1; n = 6; do { acc *= n; n--; } while (n); print acc */
    static const int32_t prog[] = { OP_PUSH, 1, OP_PUSH, 6,
                                    OP_DUP, OP_PUSH, 0, OP_ADD, OP_SWAP, OP_DROP, /* no-op shuffle */
                                    OP_SWAP, OP_PUSH, 0, OP_ADD, OP_SWAP,
                                    OP_DUP, OP_PRINT, OP_DROP,
                                    OP_SWAP, OP_PUSH, 2, OP_MUL, OP_SWAP,
                                    OP_DEC, OP_JNZ, 4,
                                    OP_DROP, OP_NEG, OP_PRINT, OP_HALT };
    int steps = run(prog);
    printf("steps=%d\n", steps);
    return steps % 100;
}
