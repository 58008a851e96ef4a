// Nested classes and enums, static and const member functions, friends, unions, non-type template parameters, constexpr, decltype, sizeof/alignof/offsetof, literals of every form, mixed ?:, pointer comparisons, arrays of structs, multi-dimensional arrays, struct returns.
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>
struct Outer {
  struct Inner { int v; int twice() const { return v * 2; } };
  enum Kind : uint8_t { K0, K1 = 7 };
  Inner in; Kind k;
  static int count;
  static int make(int x) { return x + count; }
  int get() const { return in.v; }
  int get() { return in.v + 100; }
  friend int peek(const Outer& o);
private:
  int secret = 42;
};
int Outer::count = 3;
int peek(const Outer& o) { return o.secret; }
union Pun { uint32_t u; float f; uint8_t b[4]; };
template <int N, typename T = int> struct Arr { T data[N]; constexpr int size() const { return N; } T sum() const { T s = 0; for (int i = 0; i < N; i++) s += data[i]; return s; } };
template <unsigned B, unsigned E> struct Pow { static const unsigned value = B * Pow<B, E - 1>::value; };
template <unsigned B> struct Pow<B, 0> { static const unsigned value = 1; };
constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
template <typename T> T maxOf(T a, T b) { return a > b ? a : b; }
struct Pt { int x, y; };
static Pt mid(Pt a, Pt b) { Pt r = {(a.x + b.x) / 2, (a.y + b.y) / 2}; return r; }
int main() {
  Outer o; o.in.v = 5; o.k = Outer::K1; const Outer& co = o;
  printf("%d %d %d %d %d %d\n", o.in.twice(), Outer::make(4), o.get(), co.get(), peek(o), (int)o.k);
  Pun p; p.f = 1.0f; printf("%08x %d %d\n", (unsigned)p.u, p.b[3], (int)sizeof(Pun));
  Arr<4> a = {{1, 2, 3, 4}}; Arr<3, double> ad = {{0.5, 1.5, 2.0}};
  printf("%d %d %.1f %d\n", a.size(), a.sum(), ad.sum(), (int)sizeof(ad));
  printf("%u %d %d\n", Pow<3, 4>::value, fact(6), maxOf(3, 9) + (int)maxOf(2.5, 1.5));

  int arr[10]; char buf[3][5]; double dd[2][3] = {{1, 2, 3}, {4, 5, 6}};
  printf("%d %d %d %d %d %d\n", (int)sizeof(arr), (int)sizeof arr[0], (int)sizeof(buf), (int)sizeof(buf[1]), (int)alignof(double), (int)alignof(Pt));
  printf("%d %d %d\n", (int)sizeof(int64_t), (int)sizeof(o.in), (int)sizeof(dd[1][2]));
  decltype(o.in.v) dv = 9; decltype(fact(2)) df = 10; auto au = 3.5f;
  printf("%d %d %.1f\n", dv, df, (double)au);
  printf("%d %d\n", (int)offsetof(Pt, y), (int)offsetof(Outer, k));
  const char* s = "hello, " "world" "!"; char c1 = 'A', c2 = '\n', c3 = '\x41', c4 = '\101', c5 = '\\';
  printf("%s %d %d %d %d %d %d\n", s, c1, c2, c3, c4, c5, (int)sizeof("ab" "cd"));
  unsigned long long h = 0xFFull; long l = 017L; int b = 0b1011; unsigned u = 10u; long long ll = 1'000'000LL; unsigned hx = 0XABCDu;
  printf("%llu %ld %d %u %lld %u\n", h, l, b, u, ll, hx);
  int i = 3; double x = i > 2 ? 1 : 2.5; long long y = i ? i : 5LL; unsigned z = i < 0 ? -1 : 1u;
  printf("%.1f %lld %u\n", x, y, z);
  int nums[5] = {1, 2, 3, 4, 5}; int* p1 = &nums[1]; int* p4 = nums + 4;
  printf("%d %d %d %d %d\n", p1 < p4, p4 >= p1, p1 == &nums[1], (int)(p4 - p1), p1 != nullptr);
  Pt pts[3] = {{1, 2}, {3, 4}, {5, 6}}; Pt m = mid(pts[0], pts[2]); pts[1] = m; Pt cp = pts[1];
  printf("%d %d %d %d\n", pts[1].x, pts[1].y, cp.x, (int)(sizeof(pts) / sizeof(pts[0])));
  for (int r = 0; r < 3; r++) for (int c = 0; c < 5; c++) buf[r][c] = (char)('a' + r * 5 + c);
  printf("%c %c %.1f %.1f\n", buf[2][4], buf[1][0], dd[1][2], dd[0][1] + dd[1][0]);
  int grid[2][3][4] = {}; grid[1][2][3] = 7; int* row = grid[1][2]; printf("%d %d\n", row[3], (int)sizeof(grid[0]));
  return 0;
}
