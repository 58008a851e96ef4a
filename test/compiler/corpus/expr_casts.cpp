// Casts of every kind (static, C-style, functional, const, reinterpret) between arithmetic types, enums, pointers and references.
#include <stdio.h>
#include <stdint.h>
struct V { int a; double b; };
enum class Small : unsigned char { A = 1, B = 200 };
enum Plain { P0, P1 = 5 };
enum Neg : short { N1 = -3 };
int main() {
  double d = 3.75; float fl = -2.5f; int64_t big = 0x123456789LL; unsigned char uc = 250; bool bo = true;
  int i = static_cast<int>(d); unsigned u = (unsigned)fl; short s = (short)big; char c = (char)300;
  printf("%d %u %d %d\n", i, u, s, c);
  long long ll = (long long)d * 3; unsigned long long ull = (unsigned long long)-1; double back = (double)big;
  printf("%lld %llu %.1f\n", ll, ull, back);
  float f2 = (float)big; double fromu = (double)4000000000u; int fromb = bo + uc; unsigned char wrap = (unsigned char)(uc + 10);
  printf("%.1f %.1f %d %d\n", f2, fromu, fromb, wrap);
  int64_t fromf = (int64_t)-7.9; uint32_t fromneg = (uint32_t)1.9f; bool fromd = (bool)0.1;
  printf("%lld %u %d\n", (long long)fromf, fromneg, fromd);
  V v = {7, 1.5}; void* vp = &v; V* back2 = static_cast<V*>(vp); const V* cv = &v; V* mv = const_cast<V*>(cv);
  mv->a = 8; uintptr_t addr = reinterpret_cast<uintptr_t>(back2); V* again = reinterpret_cast<V*>(addr);
  printf("%d %.1f %d\n", again->a, back2->b, (int)(again == &v));
  Small sm = Small::B; int si = static_cast<int>(sm); Small fromi = static_cast<Small>(1); Plain pl = static_cast<Plain>(5);
  Neg ng = N1; int ni = ng; unsigned char raw = (unsigned char)sm;
  printf("%d %d %d %d %d %d\n", si, (int)fromi, pl, ni, raw, (int)sizeof(Small));
  int arr[4] = {1, 2, 3, 4}; char* bytes = reinterpret_cast<char*>(arr); int* ip = reinterpret_cast<int*>(bytes + 4);
  printf("%d %d\n", *ip, (int)bytes[8]);
  double dd = int(2.9) + float(0.25) + double(1); int ff = int(-2.9);
  printf("%.2f %d %d\n", dd, ff, (int)(unsigned char)(-1));
  int x = 5; const int& cr = x; int& r = const_cast<int&>(cr); r = 6; printf("%d\n", x);
  (void)x; (void)0;
  return 0;
}
