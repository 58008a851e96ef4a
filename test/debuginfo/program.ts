// The C++ program the inspection tests stop in: locals of every kind (integers of each width and
// signedness, 64-bit, chars, bools, float, double, enums, typedefs, bit-fields, a struct with a base,
// 2-D and char arrays, pointers, references, a class template), a block scope and a global.

export const PROGRAM = `struct Base { int id; };
struct Flags { unsigned a : 3; int b : 5; unsigned c : 8; };
enum Color { Red, Green = 5, Blue };
enum class Mode : unsigned char { Off = 1, On = 2 };
typedef unsigned int u32;
struct Pt : Base { short x; long long big; float f; double d; char name[6]; int m[2][3]; Flags fl; };
template <typename T, int N> struct Box { T v[N]; };
int g_counter = 42;
static int sink(int v) { return v; }
long long work(int a, const Pt& r, Pt* p, unsigned long long u) {
  long long z = -1234567890123456789LL;
  unsigned long long big = 18446744073709551615ULL;
  Color c = Green;
  Mode mo = Mode::On;
  u32 w = 0xdeadbeefu;
  bool yes = true;
  char ch = 'A';
  signed char sc = -7;
  float fl = 0.1f;
  double db = -2.5e-300;
  Box<short, 3> box = {{1, -2, 3}};
  int arr[40];
  for (int k = 0; k < 40; k++) arr[k] = k * k;
  int* pa = &arr[3];
  const int& ra = arr[5];
  int r2 = a + r.x + p->m[1][2];
  {
    int inner = r2 * 2;
    sink(inner + (int)z + c + (int)w + box.v[1] + arr[39] + *pa + ra + (int)u + (yes ? 1 : 0) + ch + sc + (int)fl + (int)big + (int)mo);
  }
  return z;
}
// called through a pointer, so that -O1 does not inline it
long long (*g_work)(int, const Pt&, Pt*, unsigned long long) = work;
int main() {
  Pt pt{};
  pt.id = 77;
  pt.x = -3;
  pt.big = 1LL << 40;
  pt.f = 1.5f;
  pt.d = 0.1;
  pt.name[0] = 'h'; pt.name[1] = 'i';
  pt.m[1][2] = 9;
  pt.m[0][1] = -4;
  pt.fl.a = 5; pt.fl.b = -3; pt.fl.c = 200;
  return (int)g_work(4, pt, &pt, 0x8000000000000001ULL);
}
`;
/** The line of the sink(...) call inside the block. */
export const STOP_LINE = PROGRAM.split('\n').findIndex((l) => l.includes('sink(inner')) + 1;
