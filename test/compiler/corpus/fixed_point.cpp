// Q16.16 fixed-point arithmetic with 64-bit intermediates: multiply, divide, square root by
// bisection, and a small polynomial, compared against float results rounded to integers.
#include <stdio.h>
#include <stdint.h>

typedef int32_t fix;
const fix ONE = 1 << 16;

fix fromInt(int v) { return v * ONE; }
fix mul(fix a, fix b) { return static_cast<fix>(((int64_t)a * b) >> 16); }
fix div(fix a, fix b) { return static_cast<fix>(((int64_t)a << 16) / b); }

fix sqrtFix(fix v) {
  fix lo = 0;
  fix hi = v > ONE ? v : ONE;
  for (int i = 0; i < 40; i++) {
    fix mid = lo + (hi - lo) / 2;
    if (mul(mid, mid) <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

void show(const char* label, fix v) {
  int whole = v >> 16;
  uint32_t frac = (uint32_t)(v & 0xffff) * 10000u >> 16;
  printf("%s %d.%04u\n", label, whole, frac);
}

int main() {
  fix a = fromInt(3) + ONE / 4;
  fix b = fromInt(-2) + ONE / 2;
  show("a", a);
  show("a*b", mul(a, b));
  show("a/b", div(a, b));
  show("sqrt2", sqrtFix(fromInt(2)));
  show("sqrt10", sqrtFix(fromInt(10)));
  fix x = ONE / 3;
  fix poly = mul(mul(x, x), fromInt(5)) - mul(x, fromInt(2)) + ONE;
  show("poly", poly);
  printf("%d\n", (int)(poly * 100 / ONE));
  return sqrtFix(fromInt(49)) >> 16;
}
