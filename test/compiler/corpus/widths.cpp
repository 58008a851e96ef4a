// Conversions between integer widths: truncation, sign and zero extension, promotions.
#include <stdio.h>
#include <stdint.h>

int8_t to8(int v) { return (int8_t)v; }
uint8_t tou8(int v) { return (uint8_t)v; }
int16_t to16(int v) { return (int16_t)v; }
uint16_t tou16(int v) { return (uint16_t)v; }

int main() {
  int samples[] = {0, 1, 127, 128, 255, 256, -1, -128, -129, 32767, 32768, 65535, 65536, -32768, -32769, 123456789};
  for (int i = 0; i < 16; i++) {
    int v = samples[i];
    printf("%d -> %d %u %d %u\n", v, to8(v), tou8(v), to16(v), tou16(v));
  }
  int8_t a = 100;
  int8_t b = 100;
  int sum = a + b;
  int8_t wrapped = a + b;
  printf("%d %d\n", sum, wrapped);
  uint8_t c = 200;
  uint8_t d = 100;
  printf("%d %d\n", c + d, (uint8_t)(c + d));
  int16_t s = -5;
  uint16_t t = s;
  uint32_t w = s;
  int32_t back = (int16_t)t;
  printf("%u %u %d\n", (unsigned)t, w, back);
  unsigned char uc = 250;
  uc += 10;
  signed char sc = -120;
  sc -= 10;
  printf("%u %d\n", (unsigned)uc, sc);
  bool flag = 5;
  int fromBool = flag + flag;
  printf("%d %d\n", (int)flag, fromBool);
  return 0;
}
