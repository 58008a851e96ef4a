// The runtime library linked into every image: one translation unit that the compiler builds once
// (per front-end and optimisation level) with plain C names; a program links only the functions it
// reaches. The parts follow in this order because each may use what the ones before it declare
// (int64.cpp's u32/u64 and helpers, libc.cpp's size_t and memcpy).
#include "int64.cpp"
#include "soft-float.cpp"
#include "libc.cpp"
#include "heap.cpp"
#include "format-double.cpp"
#include "math.cpp"
#include "math-double.cpp"
#include "device.cpp"
