// The <math.h> functions the runtime library defines, as C++ compiled into every image that calls
// them (plain C names): fabsf/fabs, fminf/fmaxf and expf (range reduction by ln 2 split in two parts,
// a degree-6 polynomial on [-ln2/2, ln2/2], scaling by 2^k in at most two steps so that results in
// the subnormal range come out right). The double-precision functions of the SDK's ops are in
// math-double.cpp. Other math functions are not in the library yet: a call to one is an error at the
// call ("declared but not defined").

static float __q7_float_from_bits(unsigned bits) {
  float f;
  memcpy(&f, &bits, 4);
  return f;
}

float fabsf(float x) {
  unsigned bits;
  memcpy(&bits, &x, 4);
  return __q7_float_from_bits(bits & 0x7fffffffu);
}

double fabs(double x) {
  return x < 0.0 ? -x : x;
}

float fmaxf(float x, float y) {
  if (x != x) return y;
  if (y != y) return x;
  return x < y ? y : x;
}

float fminf(float x, float y) {
  if (x != x) return y;
  if (y != y) return x;
  return y < x ? y : x;
}

float expf(float x) {
  if (x != x) return x + x;
  if (x > 88.72283935546875f) return __q7_float_from_bits(0x7f800000u);
  if (x < -103.97208404541015625f) return 0.0f;
  float kf = x * 1.44269502162933349609375f;
  int k = (int)(kf < 0.0f ? kf - 0.5f : kf + 0.5f);
  float fk = (float)k;
  float r = (x - fk * 0.693145751953125f) - fk * 1.428606765330187e-06f;
  float p = 1.0f + r * (1.0f + r * (0.5f + r * (0.16666667163372039794921875f + r * (0.0416666679084300994873046875f + r * (0.008333333767950534820556640625f + r * 0.001388888922519981861114501953125f)))));
  if (k > 127) {
    p = p * __q7_float_from_bits(0x7f000000u);
    k -= 127;
  }
  if (k < -126) {
    p = p * __q7_float_from_bits(0x00800000u);
    k += 126;
  }
  return p * __q7_float_from_bits((unsigned)(k + 127) << 23);
}
