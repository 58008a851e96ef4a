// C strings and memory functions: strlen, memcpy, memset, memcmp, manual reversal, character tests.
#include <stdio.h>
#include <string.h>

void reverse(char* s) {
  int n = (int)strlen(s);
  for (int i = 0; i < n / 2; i++) {
    char t = s[i];
    s[i] = s[n - 1 - i];
    s[n - 1 - i] = t;
  }
}

int countVowels(const char* s) {
  int n = 0;
  for (; *s; s++) {
    char c = *s;
    if (c >= 'A' && c <= 'Z') c = c - 'A' + 'a';
    if (c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u') n++;
  }
  return n;
}

int toInt(const char* s) {
  int sign = 1;
  int v = 0;
  if (*s == '-') {
    sign = -1;
    s++;
  }
  while (*s >= '0' && *s <= '9') v = v * 10 + (*s++ - '0');
  return sign * v;
}

int main() {
  char buf[32];
  memset(buf, 0, sizeof(buf));
  memcpy(buf, "Hello, Xtensa", 13);
  printf("%s %d\n", buf, (int)strlen(buf));
  reverse(buf);
  printf("%s\n", buf);
  printf("%d %d\n", countVowels("Programming In C Plus Plus"), countVowels(""));
  printf("%d %d %d\n", toInt("12345"), toInt("-987"), toInt("42abc"));
  char a[4] = {1, 2, 3, 4};
  char b[4] = {1, 2, 9, 4};
  printf("%d %d %d\n", memcmp(a, b, 2), memcmp(a, b, 4) < 0, memcmp(b, a, 4) > 0);
  int words[4];
  memset(words, 0xff, sizeof(words));
  printf("%d %x\n", words[0], (unsigned)words[3]);
  puts("puts works");
  return (int)strlen("twelve chars");
}
