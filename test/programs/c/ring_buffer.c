/* A fixed-size ring buffer (queue) with wrap-around, and a bounded producer/consumer simulation. */
#include <stdio.h>
#include <stdint.h>

#define CAP 8

struct ring { int16_t items[CAP]; uint8_t head, tail, count; };

static int ring_push(struct ring *r, int16_t v)
{
    if (r->count == CAP)
        return 0;
    r->items[r->tail] = v;
    r->tail = (uint8_t)((r->tail + 1) % CAP);
    r->count++;
    return 1;
}

static int ring_pop(struct ring *r, int16_t *v)
{
    if (r->count == 0)
        return 0;
    *v = r->items[r->head];
    r->head = (uint8_t)((r->head + 1) % CAP);
    r->count--;
    return 1;
}

int main(void)
{
    struct ring r = { { 0 }, 0, 0, 0 };
    int produced = 0, consumed = 0, dropped = 0;
    int32_t sum = 0;
    uint32_t rng = 99;
    for (int tick = 0; tick < 200; tick++) {
        rng = rng * 1103515245u + 12345u;
        int burst = (int)((rng >> 16) % 4);
        for (int k = 0; k < burst; k++) {
            if (ring_push(&r, (int16_t)(tick * 10 - k * 333)))
                produced++;
            else
                dropped++;
        }
        int16_t v;
        int take = (int)((rng >> 8) % 3);
        for (int k = 0; k < take && ring_pop(&r, &v); k++) {
            consumed++;
            sum += v;
        }
        if (tick % 40 == 0)
            printf("tick %3d: count=%u head=%u tail=%u\n", tick, r.count, r.head, r.tail);
    }
    printf("produced=%d consumed=%d dropped=%d left=%u sum=%d\n", produced, consumed, dropped, r.count, sum);
    return dropped % 100;
}
