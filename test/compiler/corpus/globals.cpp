// Globals: zero-initialised, constant tables in .rodata, initialised data, string tables, pointers
// to globals, globals updated through functions.
#include <stdio.h>
#include <stdint.h>

int counter;
int64_t total = 1000000000000LL;
const int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
const char* names[] = {"alpha", "beta", "gamma"};
float weights[4] = {0.5f, 1.5f, -2.0f};
int* where = &counter;
struct Config {
  int id;
  short flags;
  const char* label;
};
Config config = {42, -2, "cfg"};
uint8_t bytes[5];
char letters[] = {'x', 'y', 'z', 0};

void bump(int by) {
  counter += by;
  total -= by;
}

int main() {
  for (int i = 0; i < 8; i++) bump(primes[i]);
  printf("%d %lld\n", counter, total);
  for (int i = 0; i < 3; i++) printf("%s ", names[i]);
  printf("\n%f %f %f %f\n", weights[0], weights[1], weights[2], weights[3]);
  *where = 5;
  printf("%d %d %d %s\n", counter, config.id, config.flags, config.label);
  bytes[4] = 255;
  int s = 0;
  for (int i = 0; i < 5; i++) s += bytes[i];
  printf("%d %s\n", s, letters);
  config.id++;
  printf("%d\n", config.id);
  return counter;
}
