// The C library subset the SDK headers declare, as C++ source compiled by this compiler into every
// image (free functions get plain C names): memory and string functions, puts/putchar, and the
// formatting core of printf (`__q7_vprintf`, reached from the ROM's printf stub, which hands over the
// six argument-register words and the address of the stack words).
//
// The `...` arguments are read as the windowed ABI passes them: 4-byte words, 64-bit values at an
// even word, nothing straddling the registers and the stack.

typedef unsigned int size_t;

int __q7_write(int fd, const void* buf, unsigned len);
void __q7_exit(int code);
int __q7_format_double(char* out, unsigned lo, unsigned hi, char conv, int precision, int alt);

void* memcpy(void* dst, const void* src, size_t n) {
  unsigned char* d = (unsigned char*)dst;
  const unsigned char* s = (const unsigned char*)src;
  if ((((unsigned)d | (unsigned)s | n) & 3) == 0) {
    unsigned* dw = (unsigned*)dst;
    const unsigned* sw = (const unsigned*)src;
    for (size_t i = 0; i < n / 4; i++) dw[i] = sw[i];
    return dst;
  }
  for (size_t i = 0; i < n; i++) d[i] = s[i];
  return dst;
}

void* memset(void* dst, int value, size_t n) {
  unsigned char* d = (unsigned char*)dst;
  for (size_t i = 0; i < n; i++) d[i] = (unsigned char)value;
  return dst;
}

int memcmp(const void* a, const void* b, size_t n) {
  const unsigned char* x = (const unsigned char*)a;
  const unsigned char* y = (const unsigned char*)b;
  for (size_t i = 0; i < n; i++) {
    if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
  }
  return 0;
}

size_t strlen(const char* s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

int abs(int v) {
  return v < 0 ? -v : v;
}

void abort() {
  __q7_write(2, "abort\n", 6);
  __q7_exit(134);
}

void __q7_pure_virtual() {
  __q7_write(2, "pure virtual function called\n", 29);
  __q7_exit(134);
}

int puts(const char* s) {
  unsigned n = strlen(s);
  __q7_write(1, s, n);
  __q7_write(1, "\n", 1);
  return (int)n + 1;
}

int putchar(int c) {
  char ch = (char)c;
  __q7_write(1, &ch, 1);
  return c & 255;
}

// ---- printf --------------------------------------------------------------------------------------

// Where formatted text goes: standard output through buf, or (snprintf) the caller's buffer dst of
// cap bytes, of which the first cap - 1 characters are kept.
struct Out {
  char buf[128];
  int used;
  int total;
  int to_buffer;
  char* dst;
  int cap;
};

void out_flush(Out* o) {
  if (o->used > 0) __q7_write(1, o->buf, (unsigned)o->used);
  o->used = 0;
}

void out_char(Out* o, char c) {
  if (o->to_buffer) {
    if (o->total < o->cap - 1) o->dst[o->total] = c;
    o->total++;
    return;
  }
  if (o->used == 128) out_flush(o);
  o->buf[o->used] = c;
  o->used++;
  o->total++;
}

void out_repeat(Out* o, char c, int n) {
  for (int i = 0; i < n; i++) out_char(o, c);
}

struct Args {
  const unsigned* regs;
  const unsigned* stack;
  int index;
};

unsigned arg_word(Args* a) {
  unsigned w;
  if (a->index < 6) w = a->regs[a->index];
  else w = a->stack[a->index - 6];
  a->index++;
  return w;
}

// A 64-bit argument: low word first; at an even word; wholly on the stack if it would straddle.
void arg_pair(Args* a, unsigned* lo, unsigned* hi) {
  if (a->index & 1) a->index++;
  if (a->index == 5) a->index = 6;
  *lo = arg_word(a);
  *hi = arg_word(a);
}

struct Spec {
  int left;
  int plus;
  int space;
  int alt;
  int zero;
  int width;
  int precision;
  int length;
  char conv;
};

// Writes text (n chars, with a sign/prefix of p chars) padded to the field width.
void out_field(Out* o, const Spec* s, const char* prefix, int p, const char* text, int n, int zeros) {
  int len = p + zeros + n;
  int pad = s->width > len ? s->width - len : 0;
  if (!s->left && !s->zero) out_repeat(o, ' ', pad);
  for (int i = 0; i < p; i++) out_char(o, prefix[i]);
  if (!s->left && s->zero) out_repeat(o, '0', pad);
  out_repeat(o, '0', zeros);
  for (int i = 0; i < n; i++) out_char(o, text[i]);
  if (s->left) out_repeat(o, ' ', pad);
}

// Divides the 64-bit value hi:lo by base in place; returns the remainder (16-bit steps).
unsigned divide64(unsigned* hi, unsigned* lo, unsigned base) {
  unsigned parts[4];
  parts[0] = *hi >> 16;
  parts[1] = *hi & 65535;
  parts[2] = *lo >> 16;
  parts[3] = *lo & 65535;
  unsigned rem = 0;
  for (int i = 0; i < 4; i++) {
    unsigned cur = (rem << 16) | parts[i];
    parts[i] = cur / base;
    rem = cur % base;
  }
  *hi = (parts[0] << 16) | parts[1];
  *lo = (parts[2] << 16) | parts[3];
  return rem;
}

void format_integer(Out* o, Spec* s, unsigned lo, unsigned hi, int negative) {
  char digits[24];
  int n = 0;
  unsigned base = 10;
  if (s->conv == 'x' || s->conv == 'X' || s->conv == 'p') base = 16;
  if (s->conv == 'o') base = 8;
  const char* set = s->conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  unsigned h = hi;
  unsigned l = lo;
  while (h != 0 || l != 0) {
    unsigned r = divide64(&h, &l, base);
    digits[n] = set[r];
    n++;
  }
  char text[24];
  for (int i = 0; i < n; i++) text[i] = digits[n - 1 - i];
  int zeros = 0;
  if (s->precision >= 0) {
    if (s->precision > n) zeros = s->precision - n;
    s->zero = 0;
  } else if (n == 0) {
    zeros = 1;
  }
  char prefix[2];
  int p = 0;
  if (negative) { prefix[0] = '-'; p = 1; }
  else if (s->plus && s->conv != 'u' && base == 10) { prefix[0] = '+'; p = 1; }
  else if (s->space && s->conv != 'u' && base == 10) { prefix[0] = ' '; p = 1; }
  if (s->alt && base == 16 && n > 0) { prefix[0] = '0'; prefix[1] = s->conv == 'X' ? 'X' : 'x'; p = 2; }
  if (s->conv == 'p') { prefix[0] = '0'; prefix[1] = 'x'; p = 2; if (n == 0 && s->precision < 0) zeros = 1; }
  if (s->alt && base == 8 && zeros == 0 && (n == 0 || text[0] != '0')) zeros = 1;
  out_field(o, s, prefix, p, text, n, zeros);
}

void format_string(Out* o, Spec* s, const char* str) {
  if (!str) str = "(null)";
  int n = 0;
  while (str[n] && (s->precision < 0 || n < s->precision)) n++;
  s->zero = 0;
  out_field(o, s, "", 0, str, n, 0);
}

void format_float(Out* o, Spec* s, unsigned lo, unsigned hi) {
  char text[400];
  int precision = s->precision < 0 ? 6 : s->precision;
  if (precision > 300) precision = 300;
  int n = __q7_format_double(text, lo, hi, s->conv, precision, s->alt);
  char prefix[1];
  int p = 0;
  int start = 0;
  if (text[0] == '-') { prefix[0] = '-'; p = 1; start = 1; }
  else if (s->plus) { prefix[0] = '+'; p = 1; }
  else if (s->space) { prefix[0] = ' '; p = 1; }
  if (text[start] == 'i' || text[start] == 'n' || text[start] == 'I' || text[start] == 'N') s->zero = 0;
  out_field(o, s, prefix, p, text + start, n - start, 0);
}

// The format (the next argument word) and its conversions, written to out.
void format_args(Out* o, Args* a) {
  Out& out = *o;
  Args& args = *a;
  const char* f = (const char*)arg_word(&args);
  while (*f) {
    if (*f != '%') {
      out_char(&out, *f);
      f++;
      continue;
    }
    f++;
    Spec s;
    s.left = 0; s.plus = 0; s.space = 0; s.alt = 0; s.zero = 0;
    s.width = 0; s.precision = -1; s.length = 0; s.conv = 0;
    for (;;) {
      if (*f == '-') s.left = 1;
      else if (*f == '+') s.plus = 1;
      else if (*f == ' ') s.space = 1;
      else if (*f == '#') s.alt = 1;
      else if (*f == '0') s.zero = 1;
      else break;
      f++;
    }
    if (*f == '*') {
      s.width = (int)arg_word(&args);
      if (s.width < 0) { s.left = 1; s.width = -s.width; }
      f++;
    } else {
      while (*f >= '0' && *f <= '9') { s.width = s.width * 10 + (*f - '0'); f++; }
    }
    if (*f == '.') {
      f++;
      s.precision = 0;
      if (*f == '*') {
        s.precision = (int)arg_word(&args);
        f++;
      } else {
        while (*f >= '0' && *f <= '9') { s.precision = s.precision * 10 + (*f - '0'); f++; }
      }
    }
    if (s.left) s.zero = 0;
    for (;;) {
      if (*f == 'h') s.length = s.length == -1 ? -2 : -1;
      else if (*f == 'l') s.length = s.length + 1;
      else if (*f == 'z' || *f == 'j' || *f == 't' || *f == 'L') s.length = *f == 'j' ? 2 : *f == 'L' ? 3 : 0;
      else break;
      f++;
    }
    s.conv = *f;
    if (*f) f++;
    char c = s.conv;
    if (c == 'd' || c == 'i') {
      unsigned lo;
      unsigned hi;
      if (s.length == 2) arg_pair(&args, &lo, &hi);
      else {
        lo = arg_word(&args);
        if (s.length == -2) lo = (unsigned)(int)(signed char)lo;
        if (s.length == -1) lo = (unsigned)(int)(short)lo;
        hi = (int)lo < 0 ? 4294967295u : 0;
      }
      int negative = (int)hi < 0;
      if (negative) {
        lo = ~lo + 1;
        hi = ~hi + (lo == 0 ? 1 : 0);
      }
      format_integer(&out, &s, lo, hi, negative);
    } else if (c == 'u' || c == 'x' || c == 'X' || c == 'o') {
      unsigned lo;
      unsigned hi = 0;
      if (s.length == 2) arg_pair(&args, &lo, &hi);
      else {
        lo = arg_word(&args);
        if (s.length == -2) lo = lo & 255;
        if (s.length == -1) lo = lo & 65535;
      }
      format_integer(&out, &s, lo, hi, 0);
    } else if (c == 'p') {
      unsigned v = arg_word(&args);
      format_integer(&out, &s, v, 0, 0);
    } else if (c == 'c') {
      char ch = (char)arg_word(&args);
      s.zero = 0;
      out_field(&out, &s, "", 0, &ch, 1, 0);
    } else if (c == 's') {
      format_string(&out, &s, (const char*)arg_word(&args));
    } else if (c == 'f' || c == 'F' || c == 'e' || c == 'E' || c == 'g' || c == 'G' || c == 'a' || c == 'A') {
      unsigned lo;
      unsigned hi;
      arg_pair(&args, &lo, &hi);
      format_float(&out, &s, lo, hi);
    } else if (c == '%') {
      out_char(&out, '%');
    } else if (c == 'n') {
      int* where = (int*)arg_word(&args);
      *where = out.total;
    } else {
      out_char(&out, '%');
      if (c) out_char(&out, c);
    }
  }
}

void out_init(Out* o, Args* a, const unsigned* regs, const unsigned* stack) {
  o->used = 0;
  o->total = 0;
  o->to_buffer = 0;
  o->dst = 0;
  o->cap = 0;
  a->regs = regs;
  a->stack = stack;
  a->index = 0;
}

// printf(format, ...): regs are the six argument register words, stack the caller's stack words.
int __q7_vprintf(const unsigned* regs, const unsigned* stack) {
  Out out;
  Args args;
  out_init(&out, &args, regs, stack);
  format_args(&out, &args);
  out_flush(&out);
  return out.total;
}

// snprintf(buffer, size, format, ...): the length the whole text has; at most size - 1 characters
// and a terminating zero are stored (nothing when size is 0).
int __q7_vsnprintf(const unsigned* regs, const unsigned* stack) {
  Out out;
  Args args;
  out_init(&out, &args, regs, stack);
  out.to_buffer = 1;
  out.dst = (char*)arg_word(&args);
  out.cap = (int)arg_word(&args);
  format_args(&out, &args);
  if (out.cap > 0) out.dst[out.total < out.cap - 1 ? out.total : out.cap - 1] = 0;
  return out.total;
}
