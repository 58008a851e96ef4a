/* volatile: loads and stores that must not be optimised away, volatile struct fields. */
#include <stdio.h>
#include <stdint.h>

static volatile uint32_t reg_status;
static volatile uint32_t reg_data;
static volatile struct { uint8_t ctrl; uint16_t count; uint32_t acc; } dev;
static volatile int spin;

static void write_reg(volatile uint32_t *r, uint32_t v) { *r = v; }

int main(void)
{
    uint32_t reads = 0;
    for (int i = 0; i < 100; i++) {
        write_reg(&reg_data, (uint32_t)i * 3u);
        reads += reg_data;
        reg_status = reg_status + 1;
    }
    printf("reads=%u status=%u\n", reads, reg_status);
    for (int i = 0; i < 300; i++) {
        dev.ctrl = (uint8_t)(dev.ctrl + 7);
        dev.count = (uint16_t)(dev.count + dev.ctrl);
        dev.acc += dev.count;
    }
    printf("dev ctrl=%u count=%u acc=%u\n", dev.ctrl, dev.count, dev.acc);
    for (spin = 0; spin < 1000; spin++)
        ;
    printf("spin=%d\n", spin);
    volatile int local = 5;
    local *= 3;
    local -= 1;
    printf("local=%d\n", local);
    return (int)(dev.acc % 100);
}
