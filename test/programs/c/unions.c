/* Unions and type punning: float/int bit patterns, byte views, tagged unions. */
#include <stdio.h>
#include <stdint.h>

union word { uint32_t u; int32_t s; float f; uint16_t h[2]; uint8_t b[4]; };
union dword { uint64_t u; double d; uint32_t w[2]; };

struct shape {
    enum { CIRCLE, RECT, TRI } kind;
    union { struct { int r; } circle; struct { int w, h; } rect; struct { int a, b, c; } tri; } u;
};

static int perimeter(const struct shape *s)
{
    switch (s->kind) {
    case CIRCLE: return 2 * 3 * s->u.circle.r;
    case RECT: return 2 * (s->u.rect.w + s->u.rect.h);
    case TRI: return s->u.tri.a + s->u.tri.b + s->u.tri.c;
    }
    return 0;
}

int main(void)
{
    union word w;
    w.f = 1.0f;
    printf("1.0f = %08x halves %04x %04x bytes %02x %02x %02x %02x\n", w.u, w.h[0], w.h[1], w.b[0], w.b[1],
           w.b[2], w.b[3]);
    w.u = 0xc0490fdbu;
    printf("0xc0490fdb = %.6f\n", w.f);
    w.b[3] = 0x80;
    printf("signed view=%d\n", w.s);
    union dword d;
    d.d = 1.0 / 3.0;
    printf("1/3 = %08x:%08x\n", d.w[1], d.w[0]);
    d.u = 0x400921fb54442d18ULL;
    printf("pi from bits = %.15f\n", d.d);
    struct shape shapes[3] = { { CIRCLE, { .circle = { 5 } } }, { RECT, { .rect = { 3, 4 } } },
                               { TRI, { .tri = { 3, 4, 5 } } } };
    int total = 0;
    for (int i = 0; i < 3; i++) {
        int p = perimeter(&shapes[i]);
        printf("shape %d perimeter %d\n", i, p);
        total += p;
    }
    return total;
}
