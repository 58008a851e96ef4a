// The C and C++ standard headers kernels include, reduced to what the device toolchain's libc/libc++
// subset offers and written for the target ABI (ILP32; size_t is unsigned int; int64_t is long long).

export const stddef = String.raw`#pragma once
typedef unsigned int size_t;
typedef int ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
namespace std {
typedef unsigned int size_t;
typedef int ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
}
#define NULL 0
`;

export const stdint = String.raw`#pragma once
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef int intptr_t;
typedef unsigned int uintptr_t;
namespace std {
typedef signed char int8_t;
typedef unsigned char uint8_t;
typedef short int16_t;
typedef unsigned short uint16_t;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long long int64_t;
typedef unsigned long long uint64_t;
typedef int intptr_t;
typedef unsigned int uintptr_t;
}
#define INT8_MAX 127
#define INT16_MAX 32767
#define INT32_MAX 2147483647
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define INT64_MAX 9223372036854775807LL
#define SIZE_MAX 4294967295U
`;

// <assert.h> / <cassert>: no include guard, since the standard makes each inclusion redefine assert
// for the NDEBUG of that point. A failed assert is reported to the device, which stops the core and
// reports it at the assert's line (as TORCH_CHECK); with NDEBUG it expands to ((void)0).
export const assert = String.raw`#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#ifndef __Q7_ASSERT_DECLARED
#define __Q7_ASSERT_DECLARED
void __q7_assert_failed(const char* expr, const char* file, int line);
#endif
#define assert(e) ((e) ? (void)0 : __q7_assert_failed(#e, __FILE__, __LINE__))
#endif
`;

export const stdio = String.raw`#pragma once
#include <stddef.h>
extern "C" {
int printf(const char* format, ...);
int snprintf(char* buffer, size_t size, const char* format, ...);
int puts(const char* text);
}
`;

export const stdlib = String.raw`#pragma once
#include <stddef.h>
extern "C" {
void* malloc(size_t size);
void free(void* ptr);
void* calloc(size_t count, size_t size);
void* realloc(void* ptr, size_t size);
void abort();
int abs(int value);
}
`;

export const string = String.raw`#pragma once
#include <stddef.h>
extern "C" {
void* memcpy(void* dst, const void* src, size_t n);
void* memset(void* dst, int value, size_t n);
int memcmp(const void* a, const void* b, size_t n);
size_t strlen(const char* s);
}
`;

export const math = String.raw`#pragma once
extern "C" {
float fabsf(float x);
float ceilf(float x);
float floorf(float x);
float sinf(float x);
float cosf(float x);
float tanf(float x);
float logf(float x);
float log2f(float x);
float log10f(float x);
float expf(float x);
float powf(float x, float y);
float sqrtf(float x);
float fmaxf(float x, float y);
float fminf(float x, float y);
double fabs(double x);
double ceil(double x);
double floor(double x);
double sin(double x);
double cos(double x);
double tan(double x);
double log(double x);
double log2(double x);
double log10(double x);
double exp(double x);
double pow(double x, double y);
double sqrt(double x);
double tanh(double x);
float tanhf(float x);
}
`;

export const cmath = String.raw`#pragma once
#include <math.h>
namespace std {
inline float abs(float x) { return fabsf(x); }
inline double abs(double x) { return fabs(x); }
inline float exp(float x) { return expf(x); }
inline float log(float x) { return logf(x); }
inline float sqrt(float x) { return sqrtf(x); }
inline float tanh(float x) { return tanhf(x); }
inline float pow(float x, float y) { return powf(x, y); }
}
`;

export const algorithm = String.raw`#pragma once
namespace std {
template <typename T>
const T& min(const T& a, const T& b) { return b < a ? b : a; }
template <typename T>
const T& max(const T& a, const T& b) { return a < b ? b : a; }
}
`;

export const initializerList = String.raw`#pragma once
#include <stddef.h>
namespace std {
template <class E>
class initializer_list {
 public:
  constexpr initializer_list() : begin_(nullptr), size_(0) {}
  constexpr initializer_list(const E* first, size_t count) : begin_(first), size_(count) {}
  constexpr size_t size() const { return size_; }
  constexpr const E* begin() const { return begin_; }
  constexpr const E* end() const { return begin_ + size_; }

 private:
  const E* begin_;
  size_t size_;
};
}
`;
