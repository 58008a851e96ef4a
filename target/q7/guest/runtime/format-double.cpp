// printf's %f/%e/%g as C++ for the runtime library: the exact decimal expansion of a double (a
// big number in 16-bit limbs: mantissa × 2^e, or mantissa × 5^-e for negative e), rounded in decimal
// to nearest-even like glibc, laid out as fixed, exponent or shortest ("g") notation. Only 32-bit
// integer arithmetic is used, so it does not depend on the 64-bit or double helpers.

struct Big {
  unsigned limb[170];
  int n;
};

void big_trim(Big* b) {
  while (b->n > 0 && b->limb[b->n - 1] == 0) b->n--;
}

void big_mul_small(Big* b, unsigned m) {
  unsigned carry = 0;
  for (int i = 0; i < b->n; i++) {
    unsigned v = b->limb[i] * m + carry;
    b->limb[i] = v & 65535;
    carry = v >> 16;
  }
  while (carry != 0) {
    b->limb[b->n] = carry & 65535;
    b->n++;
    carry = carry >> 16;
  }
}

void big_shift_left(Big* b, int bits) {
  int words = bits / 16;
  if (words > 0 && b->n > 0) {
    for (int i = b->n - 1; i >= 0; i--) b->limb[i + words] = b->limb[i];
    for (int i = 0; i < words; i++) b->limb[i] = 0;
    b->n += words;
  }
  int rest = bits % 16;
  if (rest > 0) big_mul_small(b, 1u << rest);
}

unsigned big_div_small(Big* b, unsigned d) {
  unsigned rem = 0;
  for (int i = b->n - 1; i >= 0; i--) {
    unsigned cur = (rem << 16) | b->limb[i];
    b->limb[i] = cur / d;
    rem = cur % d;
  }
  big_trim(b);
  return rem;
}

// The significant digits of |x| (x finite, not zero): value = 0.d1d2…dn × 10^exp10.
int decimal_digits(unsigned lo, unsigned hi, char* digits, int* exp10) {
  int e = (int)((hi >> 20) & 2047);
  unsigned mh = hi & 1048575;
  if (e != 0) mh = mh | 1048576;
  int e2 = e != 0 ? e - 1075 : -1074;
  Big b;
  b.limb[0] = lo & 65535;
  b.limb[1] = lo >> 16;
  b.limb[2] = mh & 65535;
  b.limb[3] = mh >> 16;
  b.n = 4;
  big_trim(&b);
  int dexp = 0;
  if (e2 >= 0) {
    big_shift_left(&b, e2);
  } else {
    int k = -e2;
    while (k >= 6) {
      big_mul_small(&b, 15625);
      k -= 6;
    }
    unsigned m = 1;
    while (k > 0) {
      m = m * 5;
      k--;
    }
    if (m > 1) big_mul_small(&b, m);
    dexp = e2;
  }
  char tmp[800];
  int t = 0;
  while (b.n > 0) {
    unsigned r = big_div_small(&b, 10000);
    for (int i = 0; i < 4; i++) {
      tmp[t] = (char)('0' + r % 10);
      r = r / 10;
      t++;
    }
  }
  while (t > 0 && tmp[t - 1] == '0') t--;
  int start = 0;
  while (start < t && tmp[start] == '0') {
    start++;
    dexp++;
  }
  int n = t - start;
  for (int i = 0; i < n; i++) digits[i] = tmp[t - 1 - i];
  *exp10 = n + dexp;
  return n;
}

// Keeps the first keep digits, rounding to nearest (ties to even); sets *carry when 9…9 became 10…0.
int round_digits(char* d, int n, int keep, int* carry) {
  *carry = 0;
  if (keep >= n) return n;
  if (keep < 0) return 0;
  int up = 0;
  if (d[keep] > '5') up = 1;
  else if (d[keep] == '5') {
    for (int i = keep + 1; i < n; i++) {
      if (d[i] != '0') up = 1;
    }
    if (!up && keep > 0) up = (d[keep - 1] - '0') & 1;
  }
  n = keep;
  if (!up) return n;
  int i = keep - 1;
  while (i >= 0 && d[i] == '9') {
    d[i] = '0';
    i--;
  }
  if (i >= 0) {
    d[i]++;
    return n;
  }
  for (int j = n; j > 0; j--) d[j] = d[j - 1];
  d[0] = '1';
  *carry = 1;
  return n + 1;
}

int put_text(char* out, int at, const char* s) {
  for (int i = 0; s[i]; i++) {
    out[at] = s[i];
    at++;
  }
  return at;
}

int fixed_notation(char* out, int at, char* d, int n, int e10, int precision, int alt) {
  int carry;
  n = round_digits(d, n, e10 + precision, &carry);
  if (e10 + precision < 0) n = 0;
  if (carry) e10++;
  if (e10 <= 0) {
    out[at] = '0';
    at++;
  } else {
    for (int i = 0; i < e10; i++) {
      out[at] = i < n ? d[i] : '0';
      at++;
    }
  }
  if (precision > 0 || alt) {
    out[at] = '.';
    at++;
  }
  for (int i = 0; i < precision; i++) {
    int pos = e10 + i;
    out[at] = pos >= 0 && pos < n ? d[pos] : '0';
    at++;
  }
  return at;
}

int exponent_notation(char* out, int at, char* d, int n, int e10, int precision, int alt, int upper, int zero) {
  int carry;
  n = round_digits(d, n, precision + 1, &carry);
  if (carry) e10++;
  int x = zero ? 0 : e10 - 1;
  out[at] = n > 0 ? d[0] : '0';
  at++;
  if (precision > 0 || alt) {
    out[at] = '.';
    at++;
  }
  for (int i = 1; i <= precision; i++) {
    out[at] = i < n ? d[i] : '0';
    at++;
  }
  out[at] = upper ? 'E' : 'e';
  at++;
  out[at] = x < 0 ? '-' : '+';
  at++;
  if (x < 0) x = -x;
  char ex[8];
  int k = 0;
  while (x > 0 || k < 2) {
    ex[k] = (char)('0' + x % 10);
    x = x / 10;
    k++;
  }
  while (k > 0) {
    k--;
    out[at] = ex[k];
    at++;
  }
  return at;
}

// Removes trailing zeros of the fraction (and a trailing point), before any exponent.
int strip_zeros(char* out, int begin, int end) {
  int point = -1;
  int exp = end;
  for (int i = begin; i < end; i++) {
    if (out[i] == '.') point = i;
    if (out[i] == 'e' || out[i] == 'E') exp = i;
  }
  if (point < 0) return end;
  int last = exp;
  while (last - 1 > point && out[last - 1] == '0') last--;
  if (last - 1 == point) last--;
  int k = last;
  for (int i = exp; i < end; i++) {
    out[k] = out[i];
    k++;
  }
  return k;
}

int __q7_format_double(char* out, unsigned lo, unsigned hi, char conv, int precision, int alt) {
  int at = 0;
  int upper = conv == 'F' || conv == 'E' || conv == 'G' || conv == 'A';
  int e = (int)((hi >> 20) & 2047);
  int negative = (hi >> 31) != 0;
  if (negative) {
    out[at] = '-';
    at++;
  }
  if (e == 2047) {
    int nan = (hi & 1048575) != 0 || lo != 0;
    if (nan) at = put_text(out, at, upper ? "NAN" : "nan");
    else at = put_text(out, at, upper ? "INF" : "inf");
    return at;
  }
  char d[800];
  int e10 = 1;
  int n = 1;
  int zero = e == 0 && (hi & 1048575) == 0 && lo == 0;
  if (zero) d[0] = '0';
  else n = decimal_digits(lo, hi, d, &e10);
  char c = conv;
  if (c == 'a') c = 'e';
  if (c == 'A') c = 'E';
  if (c == 'f' || c == 'F') return fixed_notation(out, at, d, n, e10, precision, alt);
  if (c == 'e' || c == 'E') return exponent_notation(out, at, d, n, e10, precision, alt, upper, zero);
  int p = precision == 0 ? 1 : precision;
  char copy[800];
  for (int i = 0; i < n; i++) copy[i] = d[i];
  int carry;
  round_digits(copy, n, p, &carry);
  int x = zero ? 0 : e10 - 1 + carry;
  int begin = at;
  if (p > x && x >= -4) at = fixed_notation(out, at, d, n, e10, p - 1 - x, alt);
  else at = exponent_notation(out, at, d, n, e10, p - 1, alt, upper, zero);
  if (!alt) at = strip_zeros(out, begin, at);
  return at;
}
