// Default arguments and overloading by parameter types and counts.
#include <stdio.h>
#include <stdint.h>

int scale(int v, int by = 2, int plus = -1) { return v * by + plus; }

const char* kind(int) { return "int"; }
const char* kind(unsigned) { return "unsigned"; }
const char* kind(int64_t) { return "int64"; }
const char* kind(float) { return "float"; }
const char* kind(double) { return "double"; }
const char* kind(const char*) { return "string"; }
const char* kind(char) { return "char"; }

int area(int side) { return side * side; }
int area(int w, int h) { return w * h; }

float mix(float a, float b, float t = 0.5f) { return a + (b - a) * t; }

int main() {
  printf("%d %d %d\n", scale(5), scale(5, 3), scale(5, 3, 10));
  printf("%s %s %s %s %s %s %s\n", kind(1), kind(1u), kind((int64_t)1), kind(1.0f), kind(1.0), kind("s"), kind('c'));
  printf("%d %d\n", area(4), area(4, 5));
  printf("%f %f\n", mix(0.0f, 10.0f), mix(0.0f, 10.0f, 0.25f));
  return scale(1);
}
