/* Structs: by value in and out, nested, arrays of structs, copies, bitfields. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>

struct point { int x, y; };
struct rect { struct point lo, hi; char tag[8]; };
struct big { int32_t a[10]; int64_t total; uint8_t flag; };
struct flags { unsigned mode : 3; unsigned level : 5; unsigned on : 1; signed delta : 7; };

static struct point add_points(struct point a, struct point b)
{
    struct point r = { a.x + b.x, a.y + b.y };
    return r;
}

static int area(struct rect r) { return (r.hi.x - r.lo.x) * (r.hi.y - r.lo.y); }

static struct big make_big(int seed)
{
    struct big b;
    b.total = 0;
    for (int i = 0; i < 10; i++) {
        b.a[i] = seed * (i + 1) - 7 * i;
        b.total += b.a[i];
    }
    b.flag = (uint8_t)(seed & 0xff);
    return b;
}

static int64_t sum_big(struct big b)
{
    int64_t s = 0;
    for (int i = 0; i < 10; i++)
        s += b.a[i];
    return s + b.flag;
}

int main(void)
{
    struct point p = add_points((struct point){ 3, 4 }, (struct point){ -10, 20 });
    printf("p=(%d,%d)\n", p.x, p.y);
    struct rect rects[4];
    for (int i = 0; i < 4; i++) {
        rects[i].lo = (struct point){ i, -i };
        rects[i].hi = add_points(rects[i].lo, (struct point){ 2 + i, 3 * i + 1 });
        memset(rects[i].tag, 0, sizeof rects[i].tag);
        memcpy(rects[i].tag, "rect", 4);
        rects[i].tag[4] = (char)('0' + i);
    }
    struct rect copy = rects[2];
    rects[2].hi.x = 100;
    for (int i = 0; i < 4; i++)
        printf("%s: (%d,%d)-(%d,%d) area=%d\n", rects[i].tag, rects[i].lo.x, rects[i].lo.y, rects[i].hi.x,
               rects[i].hi.y, area(rects[i]));
    printf("copy %s area=%d\n", copy.tag, area(copy));
    struct big b = make_big(1234);
    printf("big total=%lld sum=%lld flag=%u\n", (long long)b.total, (long long)sum_big(b), b.flag);
    struct flags f = { 5, 17, 1, -20 };
    f.level += 20;
    f.delta -= 50;
    printf("flags mode=%u level=%u on=%u delta=%d size=%u\n", f.mode, f.level, f.on, f.delta,
           (unsigned)sizeof f);
    return area(copy) % 100;
}
