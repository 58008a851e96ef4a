/* Non-local exits: setjmp/longjmp out of nested calls, preserving volatile locals. */
#include <stdio.h>
#include <setjmp.h>

static jmp_buf env;
static int depth_reached;

static void dive(int depth, int limit)
{
    depth_reached = depth;
    if (depth > 1000)
        return;
    if (depth == limit)
        longjmp(env, depth * 10 + 1);
    dive(depth + 1, limit);
    printf("never printed\n");
}

static int try_dive(int limit)
{
    int code = setjmp(env);
    if (code == 0) {
        dive(0, limit);
        return -1;
    }
    return code;
}

int main(void)
{
    volatile int attempts = 0;
    for (int limit = 1; limit <= 25; limit += 8) {
        attempts++;
        int code = try_dive(limit);
        printf("limit=%d code=%d depth=%d\n", limit, code, depth_reached);
    }
    jmp_buf again;
    volatile int count = 0;
    if (setjmp(again) < 3) {
        count++;
        printf("pass %d\n", count);
        if (count < 3)
            longjmp(again, count);
    }
    printf("attempts=%d count=%d\n", attempts, count);
    return attempts * 10 + count;
}
