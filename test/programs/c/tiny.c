/* The smallest corpus program (the trace test uses it): a loop, a call and three short lines. */
#include <stdio.h>

static int triangle(int n)
{
    int sum = 0;
    for (int i = 1; i <= n; i++)
        sum += i;
    return sum;
}

int main(void)
{
    puts("tiny");
    printf("t(10)=%d\n", triangle(10));
    printf("t(100)=%d\n", triangle(100));
    return triangle(10);
}
