/* Q7 Studio: 64-bit integer helpers that Debian's lx106 libgcc.a lacks.
   Built by scripts/oracle/build-libgcc-helpers.sh into librt-lx106.a.
   Division and modulo delegate to __udivmoddi4 (present in libgcc.a);
   multiplication is built from 32x32->64 products. */
typedef unsigned long long u64;
typedef long long s64;
typedef unsigned int u32;

extern u64 __udivmoddi4(u64 num, u64 den, u64 *rem);
extern u64 __umulsidi3(u32 a, u32 b);

u64 __udivdi3(u64 num, u64 den)
{
    return __udivmoddi4(num, den, (u64 *)0);
}

u64 __umoddi3(u64 num, u64 den)
{
    u64 rem;
    __udivmoddi4(num, den, &rem);
    return rem;
}

static u64 magnitude(s64 v)
{
    return v < 0 ? (u64)0 - (u64)v : (u64)v;
}

s64 __divdi3(s64 num, s64 den)
{
    u64 q = __udivmoddi4(magnitude(num), magnitude(den), (u64 *)0);
    int negative = (num < 0) != (den < 0);
    return (s64)(negative ? (u64)0 - q : q);
}

u64 __muldi3(u64 a, u64 b)
{
    u32 alo = (u32)a, ahi = (u32)(a >> 32);
    u32 blo = (u32)b, bhi = (u32)(b >> 32);
    u64 low = __umulsidi3(alo, blo);
    u32 cross = alo * bhi + ahi * blo;
    return low + ((u64)cross << 32);
}
