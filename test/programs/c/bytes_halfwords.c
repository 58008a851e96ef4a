/* Byte and halfword memory access: signed/unsigned loads, packed (unaligned) struct fields,
   byte-wise assembly of words in little-endian order. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

struct __attribute__((packed)) header {
    uint8_t tag;
    uint32_t length;
    int16_t delta;
    uint8_t flags;
    int32_t offset;
};

static union { uint8_t b[64]; int8_t sb[64]; int16_t sh[32]; uint16_t uh[32]; } mem;
static uint8_t *const wire = mem.b;

static uint32_t load_le32(const uint8_t *p) { return p[0] | (p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24); }
static void store_le16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }

int main(void)
{
    for (int i = 0; i < 64; i++)
        wire[i] = (uint8_t)(i * 37 + 11);
    const int8_t *sb = mem.sb;
    const int16_t *sh = mem.sh;
    const uint16_t *uh = mem.uh;
    int32_t sbs = 0, shs = 0;
    uint32_t uhs = 0, ubs = 0;
    for (int i = 0; i < 64; i++) {
        sbs += sb[i];
        ubs += wire[i];
    }
    for (int i = 0; i < 32; i++) {
        shs += sh[i];
        uhs += uh[i];
    }
    printf("bytes: signed=%d unsigned=%u halves: signed=%d unsigned=%u\n", sbs, ubs, shs, uhs);
    struct header h;
    memcpy(&h, wire + 3, sizeof h);
    printf("packed size=%u tag=%u length=%08x delta=%d flags=%u offset=%d\n", (unsigned)sizeof h, h.tag, h.length,
           h.delta, h.flags, h.offset);
    h.length += 0x01010101u;
    h.delta = (int16_t)(h.delta - 1000);
    h.offset = -h.offset;
    memcpy(wire + 3, &h, sizeof h);
    printf("le32@4=%08x le32@9=%08x\n", load_le32(wire + 4), load_le32(wire + 9));
    store_le16(wire + 1, 0xabcd);
    printf("halfword@0=%04x word@0=%08x\n", uh[0], load_le32(wire));
    uint8_t b = 200;
    int8_t c = (int8_t)b;
    int16_t s16 = c;
    uint16_t u16 = b;
    printf("ext: %d %d %u %d\n", c, s16, u16, (int8_t)(uint8_t)(b + 100));
    return (int)(ubs % 100);
}
