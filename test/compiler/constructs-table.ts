// The table of small C++ programs for test/compiler/constructs.test.ts: one construct each, as
// declarations plus a body of main that prints its results. Portable between the q7 core (32-bit) and
// the host (x86-64): no long/size_t/pointer widths, no plain char signedness, no undefined or
// unspecified behaviour. `gap` marks a construct the compiler does not handle yet: the start of the
// diagnostic it must give instead (positioned in the file) — remove it when the gap closes;
// `rejected` marks valid C++ the front-end rejects yet: the start of its error; `wrongAtO1` marks a
// known wrong-code bug of the optimiser (the -O1 output must still differ: remove it when fixed).

export interface Construct {
  readonly name: string;
  readonly decls: string;
  readonly body: string;
  readonly gap?: string;
  readonly rejected?: string;
  readonly wrongAtO1?: boolean;
}

const c = (name: string, decls: string, body: string, known: { gap?: string; rejected?: string; wrongAtO1?: boolean } = {}): Construct => ({ name, decls, body, ...known });

export const CONSTRUCTS: readonly Construct[] = [
  c('static_cast', '', 'double d = 3.7; int i = static_cast<int>(d); unsigned u = static_cast<unsigned>(-1); float f = static_cast<float>(i) / 2; printf("%d %u %.2f\\n", i, u, f);'),
  c('reinterpret_cast', '', 'unsigned x = 0x01020304; unsigned char* p = reinterpret_cast<unsigned char*>(&x); printf("%d %d\\n", p[0], p[3]);'),
  c('const_cast', '', 'int v = 5; const int* cp = &v; *const_cast<int*>(cp) = 7; printf("%d\\n", v);'),
  c('c_style_casts', '', 'printf("%d %d %d %d\\n", int(3.9), (unsigned char)300, (signed char)200, (short)70000);'),
  c('sizeof_alignof', 'struct S { char c; int i; double d; }; struct E {}; struct T { short a; char b; };',
    'int a[7]; printf("%d %d %d %d %d %d %d\\n", (int)sizeof(S), (int)alignof(S), (int)sizeof(int[5]), (int)(sizeof a / sizeof a[0]), (int)sizeof(E), (int)sizeof(T), (int)alignof(long long));'),
  c('enum_underlying', 'enum class E : unsigned char { A = 1, B = 200 }; enum F : short { X = -3, Y }; enum G { P = 1 << 4, Q };',
    'E e = E::B; printf("%d %d %d %d %d %d\\n", (int)sizeof(E), (int)e, X, Y, (int)sizeof(F), Q);'),
  c('union_punning', 'union U { int i; float f; unsigned char b[4]; };', 'U u; u.f = 1.0f; printf("%08x %d %d\\n", u.i, u.b[3], (int)sizeof(U));'),
  c('nested_class', 'struct Outer { struct Inner { int v; int twice() const { return 2 * v; } }; Inner in; int get() const { return in.twice() + 1; } };',
    'Outer o; o.in.v = 20; Outer::Inner i2 = {4}; printf("%d %d\\n", o.get(), i2.twice());'),
  c('static_members', 'struct C { static int count; static int make(int x) { return x * 3 + count; } }; int C::count = 2;',
    'C::count += 5; C obj; printf("%d %d\\n", C::make(5), obj.make(1));'),
  c('friend_function', 'class P { int secret; public: P(int s) : secret(s) {} friend int peek(const P& p); }; int peek(const P& p) { return p.secret * 2; }',
    'P p(21); printf("%d\\n", peek(p));'),
  c('nontype_template_params', 'template <int N> int scaled(int x) { return x * N; } template <typename T, int N> struct Arr { T a[N]; int size() const { return N; } T sum() const { T s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; } };',
    'Arr<short, 3> a = {{1, 2, 3}}; printf("%d %d %d\\n", scaled<7>(6), a.size(), a.sum());'),
  c('constexpr_functions', 'constexpr int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); } constexpr int SZ = fact(4); static_assert(SZ == 24, "fact");',
    'int arr[fact(3)]; int n = 5; printf("%d %d %d\\n", (int)(sizeof arr / sizeof arr[0]), SZ, fact(n));'),
  c('decltype', '', 'int x = 3; decltype(x) y = x + 1; decltype(x)& r = x; r = 10; auto z = y * 2.5; decltype(z) w = z / 2; printf("%d %d %.2f %.2f\\n", x, y, z, w);'),
  c('string_literals', '', 'const char* s = "ab\\tc\\x41\\101\\n"; printf("%d %s", (int)strlen(s), s); char a[] = "hi"; const char* cat = "ab" "cd"; const char* raw = R"(x\\y)"; printf("%d %s %s %d\\n", (int)sizeof a, cat, raw, (int)strlen(raw));'),
  c('char_literals', '', 'printf("%d %d %d %d %d %d\\n", \'A\', \'\\n\', \'\\x7f\', \'\\0\', (unsigned char)\'\\xff\', \'\\\'\' + 1);'),
  c('int64_double_mix', '', 'long long a = 1LL << 40; double d = a * 1.5; long long b = (long long)(d / 3); unsigned long long u = 0xFFFFFFFFFFFFFFFFull; int i = -7; long long m = i * 3000000000LL; printf("%lld %.1f %lld %.0f %lld\\n", a, d, b, (double)u, m);'),
  c('int64_div_mod', '', 'long long a = -7000000000LL; unsigned long long u = 0xFFFFFFFFFFFFFFFFull; printf("%lld %lld %llu %llu %d %d %d\\n", a / 3, a % 3, u / 3, u % 1000, -7 / 2, -7 % 2, 7 % -3);'),
  c('ptr_arith_struct_array', 'struct P { int x; short y; };',
    'P ps[4]; for (int i = 0; i < 4; i++) { ps[i].x = i * 10; ps[i].y = (short)-i; } P* p = ps + 3; printf("%d %d %d %d %d\\n", (int)(p - ps), (p - 1)->x, (int)(&ps[2] - &ps[0]), (ps + 1)->y, (*(p - 2)).x);'),
  c('multidim_array', '', 'int m[3][4]; for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) m[i][j] = i * 10 + j; int (*row)[4] = m + 1; int k[2][3][2] = {}; k[1][2][1] = 9; printf("%d %d %d %d\\n", row[0][2], row[1][3], (int)sizeof m[0], k[1][2][1] + k[0][0][0]);'),
  // front-end: deducing N from an unnamed `int (&)[N]` parameter
  c('references_to_arrays', 'template <int N> int count(int (&)[N]) { return N; } int sum3(int (&arr)[3]) { return arr[0] + arr[1] + arr[2]; }',
    'int a[3] = {1, 2, 3}; int (&r)[3] = a; r[1] = 20; printf("%d %d %d\\n", sum3(a), count(a), (int)sizeof r);', { rejected: "'N' is a type, not a value" }),
  c('functions_returning_references', 'int g[3]; int& at(int i) { return g[i]; } struct Box { int v[2]; int& first() { return v[0]; } };',
    'at(1) = 5; at(1) += 2; Box b = {{1, 2}}; b.first() *= 10; int& r = at(2); r = 4; printf("%d %d %d\\n", g[1], b.v[0], g[2]);'),
  c('const_overloading', 'struct B { int v; int& get() { return v; } const int& get() const { return v; } int which() { return 1; } int which() const { return 2; } };',
    'B b{3}; const B& cb = b; b.get() = 8; printf("%d %d %d\\n", cb.get(), b.which(), cb.which());'),
  c('conversion_operators', 'struct Fix { int raw; operator double() const { return raw / 256.0; } explicit operator bool() const { return raw != 0; } };',
    'Fix f{512}; double d = f; Fix z{0}; double sum = f + 1.0; printf("%.2f %d %d %.2f\\n", d, f ? 1 : 0, z ? 1 : 0, sum);'),
  // a return converting a class through its conversion function
  c('conversion_operator_return', 'struct R { float* p; operator float() const { return *p; } }; float get(float* q) { R r{q}; return r; }',
    'float v = 2.5f; printf("%d\\n", (int)(get(&v) * 2));'),
  c('explicit_constructors', 'struct M { int v; explicit M(int x) : v(x) {} }; int use(M m) { return m.v; }',
    'M m(3); M n = M(4); M o{5}; printf("%d %d %d\\n", use(m), use(n) + o.v, use(M(6)));'),
  c('delegating_constructors', 'struct D { int a, b; D(int x, int y) : a(x), b(y) {} D(int x) : D(x, x * 2) {} D() : D(7) {} };',
    'D d0; D d1(3); D d2(4, 5); printf("%d %d %d %d %d %d\\n", d0.a, d0.b, d1.a, d1.b, d2.a, d2.b);'),
  c('virtual_three_levels', 'struct A { virtual int f() { return 1; } virtual ~A() {} int g() { return f() * 10; } }; struct B : A { int f() override { return 2; } }; struct C : B { int f() override { return B::f() + 3; } };',
    'A a; B b; C cc; A* ps[3] = {&a, &b, &cc}; B& rb = cc; for (int i = 0; i < 3; i++) printf("%d ", ps[i]->g()); printf("%d %d\\n", rb.f(), cc.A::f());'),
  c('pure_virtual_abstract', 'struct Shape { virtual int area() const = 0; virtual ~Shape() {} int twice() const { return 2 * area(); } }; struct Sq : Shape { int s; Sq(int x) : s(x) {} int area() const override { return s * s; } }; struct Rc : Shape { int w, h; Rc(int a, int b) : w(a), h(b) {} int area() const override { return w * h; } };',
    'Sq s(3); Rc r(2, 5); const Shape* all[2] = {&s, &r}; int t = 0; for (const Shape* p : all) t += p->twice(); printf("%d\\n", t);'),
  c('access_control', 'class Base { int priv; protected: int prot; public: Base() : priv(1), prot(2) {} int getPriv() const { return priv; } }; class Der : public Base { public: int both() const { return prot * 10 + getPriv(); } };',
    'Der d; printf("%d\\n", d.both());'),
  c('typedef_using_aliases', 'typedef unsigned int u32; using i16 = short; typedef int Arr3[3]; using Fn = int (*)(int); int inc(int x) { return x + 1; }',
    'u32 a = 4000000000u; i16 b = -2; Arr3 arr = {1, 2, 3}; Fn f = inc; printf("%u %d %d %d\\n", a, b, arr[2], f(41));'),
  c('namespaces_using_directive', 'namespace a { int v = 1; namespace b { int f() { return v + 1; } } } namespace ab = a::b; namespace a { int w() { return v * 100; } }',
    'using namespace a; printf("%d %d %d %d\\n", v, b::f(), ab::f(), w());'),
  c('ternary_lvalue', '', 'int a = 1, b = 2; bool c = true; (c ? a : b) = 5; (!c ? a : b) += 7; int* p = &(c ? a : b); *p += 1; printf("%d %d\\n", a, b);'),
  c('compound_assign_through_pointers', '', 'int arr[4] = {1, 2, 3, 4}; int* p = arr; p[2] *= 5; *(p + 1) -= 3; p[3] <<= 2; *p |= 8; double d[2] = {1.5, 2.5}; double* q = d + 1; *q /= 2; short s[2] = {100, 200}; short* ps = s; ps[1] += 30000; printf("%d %d %d %d %.2f %d\\n", arr[0], arr[1], arr[2], arr[3], d[1], s[1]);'),
  c('sequenced_increments', 'int id(int x) { return x; } int two(int a, int b) { return a * 10 + b; }',
    'int i = 0; int x = id(i++); int y = id(++i); int arr[3] = {0, 0, 0}; int j = 0; arr[j] = j++; int k = (i++, i++, i); int m = two(x, y); printf("%d %d %d %d %d %d %d\\n", x, y, i, arr[0], arr[1], k, m);'),
  c('shifts_of_negative_numbers', '', 'int n = -16; long long n64 = -1000; unsigned u = (unsigned)-1; printf("%d %lld %u %d\\n", n >> 2, n64 >> 3, u >> 28, (int)(-1 >> 31));'),
  c('unsigned_wraparound', '', 'unsigned u = 0; u--; unsigned short us = 65535; us++; unsigned char uc = 250; uc += 10; unsigned long long ull = 0; ull -= 1; unsigned m = 3000000000u; m *= 3; printf("%u %d %d %llu %u\\n", u, us, uc, ull, m);'),
  c('integer_promotions', '', 'unsigned char a = 200, b = 100; int s = a + b; signed char sc = -5; unsigned u = sc; short sh = -1; unsigned char one = 1; int mixed = -1 < 0u; printf("%d %u %d %d %d %d\\n", s, u, sh == 0xffff, ~one, (int)sizeof(a + b), mixed);'),
  c('float_to_int_conversions', '', 'double d = -3.7; int i = (int)d; float f = -0.5f; int j = f; long long k = (long long)-1e10; unsigned char uc = (unsigned char)(int)-1.5; float big = (float)16777217; printf("%d %d %lld %d %.1f %d\\n", i, j, k, uc, big, (int)-0.99);'),
  c('inf_printing', '', 'double z = 0.0; double inf = 1.0 / z; float finf = (float)inf; printf("%f %f %f %d %d\\n", inf, -inf, (double)finf, inf > 1e308, -inf < 0);'),
  c('printf_formats', '', 'printf("[%5d|%-5d|%05d|%x|%X|%o|%c|%s|%%|%.3s|%u|%+d|%10.3f|%-8.2f|%lld]\\n", 42, 42, 42, 255, 255, 8, 65, "str", "abcdef", 4000000000u, 5, 3.14159, -2.5, -9000000000LL);'),
  c('printf_e_g', '', 'printf("%e %g %g %.3e\\n", 12345.678, 0.0001, 100000.0, -0.5);'),
  c('snprintf', '', 'char buf[32]; int n = snprintf(buf, sizeof buf, "x=%d %s %.2f", 42, "ab", 1.5); char small[5]; int m = snprintf(small, 5, "%d", 1234567); printf("%d [%s] %d [%s] %d\\n", n, buf, m, small, snprintf(0, 0, "%lld", -9000000000LL));'),
  c('operator_overloading', 'struct V { int x, y; V operator+(const V& o) const { return {x + o.x, y + o.y}; } V& operator+=(const V& o) { x += o.x; y += o.y; return *this; } bool operator==(const V& o) const { return x == o.x && y == o.y; } int operator[](int i) const { return i ? y : x; } int operator()(int k) const { return k * x; } }; V operator-(const V& a) { return {-a.x, -a.y}; }',
    'V a{1, 2}, b{10, 20}; V c = a + b; c += a; V n = -c; printf("%d %d %d %d %d %d\\n", c.x, c.y, c == V{12, 24}, n[1], c(2), (a + a)[0]);'),
  c('bool_conversions', '', 'bool b = 5; int c = b + true; bool d = 0.0; int* p = nullptr; bool e = p; bool f = 0.25; printf("%d %d %d %d %d %d\\n", b, c, d, e, !p, f);'),
  // front-end: pointers to data members
  c('pointer_to_member_data', 'struct S { int x, y; };', 'S s{1, 2}; int S::*pm = &S::y; s.*pm = 9; S* ps = &s; printf("%d %d\\n", s.y, ps->*pm);', { rejected: "unsupported declarator '*pm'" }),
  // front-end: pointers to member functions
  c('pointer_to_member_function', 'struct S { int v; int add(int k) const { return v + k; } };', 'S s{4}; int (S::*pf)(int) const = &S::add; printf("%d\\n", (s.*pf)(3));', { rejected: "unsupported declarator '*pf'" }),
  // owner C (lower/statements.ts vexingInitialiser): `int (*fr)(int);` is taken for `T v(x);`
  c('function_pointer_locals', 'int add_one(int x) { return x + 1; } int twice(int x) { return 2 * x; } int (*gfp)(int);',
    'int (*fr)(int); fr = add_one; gfp = twice; int (*table[2])(int) = {add_one, twice}; printf("%d %d %d\\n", fr(3), gfp(4), table[1](table[0](5)));'),
  // front-end: explicit specialisations of function templates
  c('function_templates', 'template <typename T> T maxv(T a, T b) { return a > b ? a : b; } template <typename T> const char* name() { return "other"; } template <> const char* name<int>() { return "int"; }',
    'printf("%d %.1f %s %s\\n", maxv(3, 9), maxv(2.5, -1.0), name<int>(), name<float>());', { rejected: "call to function for call to 'name' is ambiguous" }),
  c('class_template_statics', 'template <typename T, int N = 4> struct Ring { T data[N]; int head = 0; void push(T v) { data[head] = v; head = (head + 1) % N; } static int capacity() { return N; } };',
    'Ring<int> r; for (int i = 0; i < 6; i++) r.push(i * i); Ring<char, 2> rc; printf("%d %d %d %d\\n", r.data[0], r.data[1], r.head, Ring<int>::capacity() + rc.capacity());'),
  c('variadic_templates', 'int total() { return 0; } template <typename T, typename... Rest> int total(T first, Rest... rest) { return (int)first + total(rest...); } template <typename... T> int count(T...) { return (int)sizeof...(T); }',
    'printf("%d %d\\n", total(1, 2.5, (short)3), count(1, 2, 3, 4));'),
  c('integer_literal_forms', '', 'printf("%d %d %d %d %u %llu %d\\n", 0x1F, 017, 0b1011, 1\'000\'000, 10u, 10ull, (int)sizeof(10ll));'),
  c('floating_literal_forms', '', 'printf("%.3f %.3f %.3f %.3f %.3f\\n", 1e3, .5, 5., 0x1p4, (double)1.5f);'),
  c('global_aggregate_arrays', 'struct Pt { int x, y; }; const Pt pts[] = {{1, 2}, {3, 4}, {5}}; int grid[2][3] = {{1, 2, 3}, {4}}; const char* names[] = {"a", "bc"};',
    'int s = 0; for (const Pt& p : pts) s += p.x * p.y; printf("%d %d %d %s\\n", s, grid[1][0] + grid[1][2], (int)(sizeof pts / sizeof pts[0]), names[1]);'),
  // WRONG CODE at -O1, owner E (opt/fold.ts foldAddresses): `int* old = p; p = p + 1; *old = 1;` stores
  // through the new p (disabling foldAddresses fixes it)
  c('pointer_increments', '', 'int a[4] = {0}; int* p = a; *p++ = 1; *p++ = 2; *++p = 4; int* q = &a[3]; int n = *q--; n += *q; printf("%d %d %d %d %d\\n", a[0], a[1], a[2], a[3], n);'),
  c('references_to_pointers_and_auto', 'void reset(int*& p, int* to) { p = to; }',
    'int x = 1, y = 2; int* p = &x; reset(p, &y); const auto& r = x; auto* q = &y; auto v = *q; *q = 7; printf("%d %d %d\\n", *p, r, v);'),
  c('chained_member_calls', 'struct Counter { int n = 0; Counter& inc() { ++n; return *this; } Counter& add(int k) { n += k; return *this; } };',
    'Counter c; c.inc().inc().add(5).inc(); printf("%d\\n", c.n);'),
  c('struct_with_array_copy', 'struct Buf { int a[4]; short len; }; Buf make() { Buf b = {{1, 2, 3, 4}, 4}; return b; }',
    'Buf b1 = make(); Buf b2 = b1; b2.a[0] = 9; Buf b3; b3 = b2; printf("%d %d %d %d\\n", b1.a[0], b2.a[0], b3.a[3], b3.len);'),
  c('enum_bitmask_and_switch', 'enum Flags : unsigned { R = 1, W = 2, X = 4 }; inline Flags operator|(Flags a, Flags b) { return Flags((unsigned)a | (unsigned)b); } enum class Color { Red, Green, Blue }; int code(Color c) { switch (c) { case Color::Red: return 1; case Color::Green: return 2; default: return 3; } }',
    'Flags f = R | X; printf("%d %d %d %d\\n", (int)f, (f & W) != 0, code(Color::Green), code(Color::Blue));'),
  c('short_circuit_side_effects', 'int calls = 0; bool t(bool v) { calls++; return v; }',
    'bool a = t(false) && t(true); bool b = t(true) || t(false); bool c = t(true) && t(false) || t(true); printf("%d %d %d %d\\n", a, b, c, calls);'),
  c('mutual_recursion', 'bool odd(int n); bool even(int n) { return n == 0 ? true : odd(n - 1); } bool odd(int n) { return n == 0 ? false : even(n - 1); }',
    'printf("%d %d\\n", even(10), odd(7));'),
  c('float_math_mix', '', 'float a = 0.1f, b = 0.2f; double d = a + b; int i = 7; float q = i / 2; float r = i / 2.0f; long long big = 1LL << 53; double bd = (double)(big + 1); printf("%.6f %.1f %.1f %.0f %d\\n", d, q, r, bd, (int)(3.99f * 10));'),
  c('static_downcast', 'struct Base { int tag; Base(int t) : tag(t) {} }; struct Derived : Base { int extra; Derived() : Base(7), extra(35) {} };',
    'Derived d; Base* b = &d; Derived* back = static_cast<Derived*>(b); Base& rb = d; printf("%d %d %d\\n", back->extra, static_cast<Derived&>(rb).tag, b->tag);'),
  c('object_array_lifetimes', 'int order = 0; struct T { int id; T() : id(++order) { printf("ctor %d\\n", id); } ~T() { printf("dtor %d\\n", id); } };',
    '{ T ts[3]; printf("made %d\\n", ts[2].id); } printf("end\\n");'),
  c('alignment_with_int64', 'struct A { char c; long long v; }; struct B { char c; double d; short s; }; struct C { int i; char c; };',
    'printf("%d %d %d %d\\n", (int)sizeof(A), (int)sizeof(B), (int)sizeof(C), (int)alignof(B));'),
  c('memory_functions', '', 'char a[8]; memset(a, 0x41, 7); a[7] = 0; char b[8]; memcpy(b, a, 8); b[3] = 0x42; printf("%s %s %d %d\\n", a, b, memcmp(a, b, 8) < 0, (int)strlen(b));'),
  c('nan_comparisons', '', 'double z = 0.0; double n = z / z; float fn = (float)n; printf("%d %d %d %d %d\\n", n != n, n < 1.0, n == n, fn != fn, !(n >= 0.0));'),
  c('unsigned_division', '', 'unsigned a = 4000000000u, b = 3u; unsigned short hs = 65000; printf("%u %u %u %d\\n", a / b, a % 7u, a >> 1, hs / 7);'),
  c('brace_initialised_scalars', '', 'int x = {5}; int y{}; double d{2}; long long ll{-3}; bool b{}; printf("%d %d %.1f %lld %d\\n", x, y, d, ll, b);'),
  c('mixed_ternaries', '', 'int i = 3; double r = i > 2 ? 1 : 2.5; long long big = i > 5 ? 1 : 5000000000LL; unsigned u = i > 0 ? -1 : 0u; printf("%.1f %lld %u\\n", r, big, u);'),
  c('member_increments_through_pointers', 'struct Cnt { int count; short s; double d; };',
    'Cnt arr[2] = {{1, 2, 0.5}, {10, 20, 1.5}}; Cnt* p = arr; p->count++; ++arr[1].count; (p + 1)->s--; p[1].d += 1.0; int old = p->count++; printf("%d %d %d %d %.1f %d\\n", arr[0].count, arr[1].count, arr[0].s, arr[1].s, arr[1].d, old);'),
  c('narrowing_conversions', '', 'int big = 70000; short s = (short)big; signed char c = (signed char)(127 + 1); unsigned char uc = (unsigned char)-1; long long w = 0x123456789LL; int lo = (int)w; printf("%d %d %d %d %d\\n", s, c, uc, lo, (int)(unsigned short)-2);'),
  c('recursive_int64', 'long long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } unsigned long long pow3(int n) { return n == 0 ? 1 : 3 * pow3(n - 1); }',
    'printf("%lld %llu\\n", fib(40 - 20), pow3(40));'),
  c('struct_return_virtual', 'struct Pair { int a; long long b; }; struct Maker { virtual Pair make(int k) const { return {k, k * 1000000000LL}; } virtual ~Maker() {} }; struct Twice : Maker { Pair make(int k) const override { Pair p = Maker::make(k); p.a *= 2; return p; } };',
    'Twice t; const Maker& m = t; Pair p = m.make(3); printf("%d %lld\\n", p.a, p.b);'),
  c('local_structs_and_enums', '', 'struct Loc { int x; int y; int sum() const { return x + y; } }; enum Dir { N, E, S, W }; Loc l{3, 4}; Dir d = S; printf("%d %d\\n", l.sum(), d);'),
  c('comparison_operators_in_templates', 'struct Ver { int major, minor; bool operator<(const Ver& o) const { return major < o.major || (major == o.major && minor < o.minor); } }; template <typename T> const T& largest(const T& a, const T& b) { return a < b ? b : a; }',
    'Ver a{1, 5}, b{1, 7}; const Ver& m = largest(a, b); printf("%d.%d %d\\n", m.major, m.minor, largest(3, -4));'),
  c('reference_members_and_user_copies', 'struct Ref { int& r; const int c; Ref(int& x) : r(x), c(x + 1) {} }; struct W { int n; W(int v) : n(v) {} W(const W& o) : n(o.n + 100) {} W& operator=(const W& o) { n = o.n + 1000; return *this; } };',
    'int v = 3; Ref rf(v); rf.r = 9; W a(1); W b = a; W c(2); c = a; printf("%d %d %d %d %d\\n", v, rf.c, b.n, c.n, a.n);'),
  c('int64_enums_and_bool_bits', 'enum class Big : long long { X = 5000000000LL }; enum Fwd : unsigned char; enum Fwd : unsigned char { F1 = 255 };',
    'unsigned x = 12; bool a = true, b = false; printf("%lld %d %u %d %d\\n", (long long)Big::X, F1, x & -x, a ^ b, (a | b) + (a & b));'),
  c('trailing_and_deduced_return_types', 'extern "C" int cfun(int x) { return x + 1; } auto add(int a, int b) -> long long { return (long long)a + b; } auto mul(int a, int b) { return a * b; }',
    'printf("%d %lld %d\\n", cfun(1), add(2000000000, 2000000000), mul(6, 7));'),
  c('class_template_of_structs', 'template <typename T> struct Stack { T items[8]; int n = 0; void push(const T& v) { items[n++] = v; } T pop() { return items[--n]; } bool empty() const { return n == 0; } }; struct P { int x; double y; };',
    'Stack<P> s; s.push({1, 2.5}); s.push(P{3, 4.5}); P t = s.pop(); Stack<long long> q; q.push(1LL << 40); printf("%d %.1f %d %lld\\n", t.x, t.y, s.empty(), q.pop());'),
  c('anonymous_union_members', 'struct V { union { int i; float f; }; short tag; };', 'V v; v.i = 0x3f800000; v.tag = 1; printf("%.1f %d\\n", v.f, v.tag);'),
  // front-end: u"" and U"" string literals are typed as arrays of char
  c('unicode_literals', '', 'const char* a = u8"h\\u00e9"; const char16_t* b = u"ab"; const char32_t* c = U"xyz"; char16_t ch = u\'q\'; char32_t big = U\'\\U0001F600\'; printf("%d %d %d %d %u %d\\n", (unsigned char)a[1], (int)b[1], (int)c[2], (int)ch, (unsigned)big, (int)sizeof(u"abc"));', { rejected: "initialising 'const char16_t *' from incompatible type 'const char [3]'" }),
  // the out-of-class definition of a class template's static data member, instantiated per instance
  c('local_classes_and_statics_in_templates', 'template <typename T> struct Holder { static T value; }; template <typename T> T Holder<T>::value = T(3);',
    'Holder<int>::value += 4; printf("%d %.1f\\n", Holder<int>::value, (double)Holder<float>::value);'),
  // ?: with a class operand and an arithmetic one ([expr.cond]): the class converts to the other's type
  // (`r > 0.0 ? r : 0.0` is a double, `r > 0 ? 0 : r` an int); two unrelated classes convert through
  // their conversion functions (the built-in candidates); nested; a writable proxy assigned the result
  c('conditional_class_operands', 'template <typename T, bool ro> struct Ref { T* p; operator T() const { return *p; } Ref& operator=(T v) { *p = v; return *this; } };',
    'float a = 1.5f, b = -2.0f; int n = 3; Ref<float, true> ra{&a}; Ref<float, false> rb{&b}; Ref<int, true> rn{&n}; double c1 = ra > 0.0 ? ra : 0.0; auto c2 = rb > 0.0 ? rb : 0.0; auto c3 = ra > 0 ? 0 : ra; auto c4 = true ? ra : rb; auto c5 = false ? rn : ra; auto c6 = a > 0 ? (b > 0 ? rb : 1.0f) : ra; auto c7 = b < 0 ? -1 : rb; rb = ra > 1.0 ? ra : 0.0; printf("%.2f %.2f %d %.2f %.2f %.2f %d %.2f %d %d %d\\n", c1, c2, c3, c4, c5, c6, c7, (float)rb, (int)sizeof(c2), (int)sizeof(c3), (int)sizeof(c4));'),
  // a class value meeting scalars through its conversion function in every context
  c('class_operand_contexts', 'template <typename T, bool ro> struct Ref { T* p; operator T() const { return *p; } Ref& operator=(T v) { *p = v; return *this; } }; int twice(int x) { return x * 2; } double half(double x) { return x / 2; } float get(float* q) { Ref<float, true> r{q}; return r; }',
    'float a = 1.5f, b = -2.0f; int n = 3; int arr[5] = {10, 11, 12, 13, 14}; Ref<float, true> ra{&a}; Ref<float, false> rb{&b}; Ref<int, true> rn{&n}; printf("%.2f %d %d %.2f %d %d\\n", ra + rb, ra < rb, rn == 3, -ra, !rn, rn && ra); switch (rn) { case 3: printf("three\\n"); break; default: printf("other\\n"); } printf("%d %d\\n", arr[rn], rn[arr]); int i1 = rn; double d1 = ra; float f1(ra); int i2{rn}; printf("%d %.2f %d %.2f %.2f %.2f %d\\n", twice(rn), half(ra), i1, d1, f1, get(&a), i2); double acc = 1; acc += ra; acc *= rn; int k = 10; k -= rn; rb = rb + 1.0f; printf("%.2f %d %.2f\\n", acc, k, (float)rb); printf("%d %d %.2f %d\\n", (int)ra, static_cast<int>(rb), static_cast<double>(rn), int(ra)); if (ra) printf("yes\\n"); for (int q = 0; q < rn; q++) printf("%d", q); printf("\\n");'),
  c('implicit_move_members', 'struct M { int v; int moved; M(int x) : v(x), moved(0) {} M(M&& o) : v(o.v), moved(1) { o.v = -1; } M& operator=(M&& o) { v = o.v; moved = 2; o.v = -2; return *this; } }; struct H { M m; int k = 5; }; M pass(M m) { return m; } H passH(H h) { return h; }',
    'M a = pass(M(7)); H h{M(3)}; H h2 = passH(static_cast<H&&>(h)); H h3{M(9)}; h3 = static_cast<H&&>(h2); printf("%d %d %d %d %d %d %d\\n", a.v, a.moved, h.m.v, h2.m.v, h3.m.v, h3.m.moved, h3.k);'),
  c('defaulted_special_members', 'struct S { int a; S() = default; S(const S&) = default; S& operator=(const S&) = default; ~S() = default; }; struct P : S { int b = 4; };',
    'S s; s.a = 3; S t(s); S u; u = t; P p; p.a = 6; P q = p; printf("%d %d %d %d\\n", t.a, u.a, q.a, q.b);'),
];
