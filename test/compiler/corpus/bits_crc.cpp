// Bit-level work on unsigned values: CRC-32 (bitwise), a xorshift generator, bit reversal, parity.
#include <stdio.h>
#include <stdint.h>

uint32_t crc32(const uint8_t* data, int n) {
  uint32_t crc = 0xffffffffu;
  for (int i = 0; i < n; i++) {
    crc ^= data[i];
    for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

uint32_t xorshift(uint32_t* state) {
  uint32_t x = *state;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  *state = x;
  return x;
}

uint32_t reverseBits(uint32_t v) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i++) {
    r = (r << 1) | (v & 1);
    v >>= 1;
  }
  return r;
}

int parity(uint32_t v) {
  v ^= v >> 16;
  v ^= v >> 8;
  v ^= v >> 4;
  v ^= v >> 2;
  v ^= v >> 1;
  return v & 1;
}

int main() {
  uint8_t msg[9] = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
  printf("%08x\n", crc32(msg, 9));
  uint32_t s = 2463534242u;
  for (int i = 0; i < 5; i++) printf("%u ", xorshift(&s));
  printf("\n%08x %08x\n", reverseBits(1), reverseBits(0x12345678u));
  printf("%d %d %d\n", parity(7), parity(0xff), parity(0x80000001u));
  uint16_t h = 0xabcd;
  uint16_t swapped = (uint16_t)((h << 8) | (h >> 8));
  printf("%04x\n", swapped);
  return (int)(crc32(msg, 9) & 0x7f);
}
