/* Soft-float single precision: arithmetic, compares, conversions, printing. */
#include <stdio.h>
#include <stdint.h>

static volatile float fv[] = { 0.0f, 1.0f, -1.5f, 3.14159265f, 1e-3f, 12345.678f, -0.25f, 65504.0f };

static void print_fixed(const char *label, float f)
{
    int neg = f < 0;
    float a = neg ? -f : f;
    int ip = (int)a;
    int frac = (int)((a - (float)ip) * 10000.0f + 0.5f);
    if (frac >= 10000) {
        ip++;
        frac -= 10000;
    }
    printf("%s=%s%d.%04d\n", label, neg ? "-" : "", ip, frac);
}

static float poly(float x) { return ((2.0f * x - 3.0f) * x + 0.5f) * x - 7.0f; }

int main(void)
{
    int n = (int)(sizeof fv / sizeof fv[0]);
    for (int i = 0; i < n; i++) {
        float a = fv[i], b = fv[(i + 3) % n];
        printf("%g %g: + %g - %g * %g / %g lt=%d eq=%d\n", a, b, a + b, a - b, a * b, b != 0.0f ? a / b : 0.0f,
               a < b, a == b);
    }
    float s = 0.0f;
    for (int i = 1; i <= 1000; i++)
        s += 1.0f / (float)i;
    print_fixed("harmonic1000", s);
    printf("harmonic %.6f %e\n", s, s);
    float x = 2.0f, r = 1.0f;
    for (int i = 0; i < 8; i++)
        r = 0.5f * (r + x / r);
    print_fixed("sqrt2", r);
    printf("poly: %.5f %.5f %.5f\n", poly(1.5f), poly(-2.25f), poly(10.0f));
    int i1 = (int)-7.9f, i2 = (int)7.9f;
    unsigned u1 = (unsigned)3e9f;
    float f1 = (float)-123456789, f2 = (float)4000000000u;
    printf("conv: %d %d %u %.1f %.1f\n", i1, i2, u1, f1, f2);
    union { float f; uint32_t u; } bits = { .f = -2.5f };
    printf("bits(-2.5)=%08x\n", bits.u);
    return (int)(s * 10.0f);
}
