// Enumerations: unscoped and scoped, explicit values, switch over enumerators, as array indices.
#include <stdio.h>

enum Color { Red, Green = 5, Blue };
enum class Mode : unsigned char { Off = 1, Slow = 2, Fast = 4 };
enum Signed { Minus = -3, Zero = 0, Plus = 3 };

const char* colorName(Color c) {
  switch (c) {
    case Red: return "red";
    case Green: return "green";
    case Blue: return "blue";
  }
  return "?";
}

int speed(Mode m) {
  switch (m) {
    case Mode::Off: return 0;
    case Mode::Slow: return 10;
    case Mode::Fast: return 100;
  }
  return -1;
}

int main() {
  Color cs[] = {Red, Green, Blue};
  for (int i = 0; i < 3; i++) printf("%s=%d ", colorName(cs[i]), cs[i]);
  printf("\n");
  Mode m = Mode::Slow;
  printf("%d %d %d\n", speed(m), speed(Mode::Fast), (int)m);
  Signed s = Minus;
  printf("%d %d %d\n", s, s + Plus, s < Zero);
  int counts[Blue + 1] = {0};
  counts[Green] = 7;
  counts[Blue]++;
  printf("%d %d %d\n", counts[0], counts[5], counts[6]);
  Color c = static_cast<Color>(6);
  printf("%s\n", colorName(c));
  return Blue;
}
