// An enum-driven tokenizer over a string: states, transitions in a switch, counters in a struct.
#include <stdio.h>

enum State { Start, InNumber, InWord, InSpace };

struct Counts {
  int numbers;
  int words;
  int other;
  long long sum;
};

Counts scan(const char* s) {
  Counts c = {0, 0, 0, 0};
  State st = Start;
  long long value = 0;
  for (int i = 0;; i++) {
    char ch = s[i];
    bool digit = ch >= '0' && ch <= '9';
    bool alpha = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    switch (st) {
      case InNumber:
        if (digit) {
          value = value * 10 + (ch - '0');
          continue;
        }
        c.sum += value;
        c.numbers++;
        break;
      case InWord:
        if (alpha) continue;
        c.words++;
        break;
      default:
        break;
    }
    if (ch == 0) break;
    if (digit) {
      st = InNumber;
      value = ch - '0';
    } else if (alpha) {
      st = InWord;
    } else {
      st = InSpace;
      if (ch != ' ') c.other++;
    }
  }
  return c;
}

int main() {
  const char* inputs[] = {"abc 123 de 4", "", "99 bottles, 98 bottles; 9000000000!", "x1y22z333"};
  for (int i = 0; i < 4; i++) {
    Counts c = scan(inputs[i]);
    printf("%d numbers (sum %lld), %d words, %d other\n", c.numbers, c.sum, c.words, c.other);
  }
  return scan("1 2 3").numbers;
}
