/* Soft-float double precision: arithmetic, conversions to/from int, float and 64-bit, sqrt. */
#include <stdio.h>
#include <stdint.h>
#include <math.h>

static volatile double dv[] = { 0.0, 1.0, -2.5, 3.141592653589793, 1e-10, 6.02214076e23, -1e6, 0.1 };

static double newton_sqrt(double x)
{
    double r = x > 1.0 ? x : 1.0;
    for (int i = 0; i < 60; i++)
        r = 0.5 * (r + x / r);
    return r;
}

int main(void)
{
    int n = (int)(sizeof dv / sizeof dv[0]);
    for (int i = 0; i < n; i++) {
        double a = dv[i], b = dv[(i + 5) % n];
        printf("%.10g %.10g: + %.12g - %.12g * %.12g / %.12g le=%d\n", a, b, a + b, a - b, a * b,
               b != 0.0 ? a / b : 0.0, a <= b);
    }
    double pi = 0.0;
    for (int k = 0; k < 2000; k++)
        pi += (k % 2 ? -4.0 : 4.0) / (2.0 * k + 1.0);
    printf("leibniz pi=%.9f\n", pi);
    printf("sqrt(2)=%.15f newton=%.15f sqrt(1e10)=%.3f\n", sqrt(2.0), newton_sqrt(2.0), sqrt(1e10));
    float f = (float)3.141592653589793;
    double back = f;
    int64_t big = (int64_t)1e15 + 3;
    double dbig = (double)big;
    printf("narrow=%.9f back=%.12f big=%lld dbig=%.1f trunc=%lld\n", (double)f, back, (long long)big, dbig,
           (long long)(-9.99e12));
    printf("int: %d %d %u floor=%.1f fabs=%.2f\n", (int)-3.99, (int)1e9, (unsigned)4.2e9, floor(-2.5),
           fabs(-7.25));
    union { double d; uint64_t u; } bits = { .d = -0.1 };
    printf("bits(-0.1)=%016llx\n", (unsigned long long)bits.u);
    return (int)(pi * 10.0);
}
