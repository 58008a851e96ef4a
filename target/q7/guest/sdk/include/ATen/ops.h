#pragma once
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include <ATen/TensorBase.h>
namespace at {
namespace native {
inline float float_from_bits(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}
inline uint32_t bits_from_float(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  return bits;
}
inline float bfloat16_to_float(uint16_t h) { return float_from_bits((uint32_t)h << 16); }
inline uint16_t float_to_bfloat16(float f) { return (uint16_t)(bits_from_float(f) >> 16); }
inline float half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16;
  uint32_t exponent = (h >> 10) & 0x1f;
  uint32_t mantissa = h & 0x3ff;
  if (exponent == 0) return (sign ? -1.0f : 1.0f) * (float)mantissa * 5.9604645e-8f;
  if (exponent == 31) return float_from_bits(sign | 0x7f800000u | (mantissa << 13));
  return float_from_bits(sign | ((exponent + 112) << 23) | (mantissa << 13));
}
inline uint16_t float_to_half(float f) {
  uint32_t bits = bits_from_float(f);
  uint32_t sign = (bits >> 16) & 0x8000;
  int32_t exponent = (int32_t)((bits >> 23) & 0xff) - 112;
  uint32_t mantissa = (bits >> 13) & 0x3ff;
  if (exponent <= 0) return (uint16_t)sign;
  if (exponent >= 31) return (uint16_t)(sign | 0x7c00);
  return (uint16_t)(sign | ((uint32_t)exponent << 10) | mantissa);
}

inline double load_element(const TensorBase& t, size_t i) {
  Q7PtrType p = t.q7_data_ptr();
  switch (t.scalar_type()) {
    case ScalarType::Byte: return p.operator[]<uint8_t>(i);
    case ScalarType::Char: return p.operator[]<int8_t>(i);
    case ScalarType::Short: return p.operator[]<int16_t>(i);
    case ScalarType::Int: return p.operator[]<int32_t>(i);
    case ScalarType::Long: return (double)p.operator[]<int64_t>(i);
    case ScalarType::Half: return half_to_float(p.operator[]<uint16_t>(i));
    case ScalarType::BFloat16: return bfloat16_to_float(p.operator[]<uint16_t>(i));
    case ScalarType::Double: return p.operator[]<double>(i);
    default: return p.operator[]<float>(i);
  }
}

inline void store_element(const TensorBase& t, size_t i, double v) {
  Q7PtrType p = t.q7_data_ptr();
  switch (t.scalar_type()) {
    case ScalarType::Byte: p.operator[]<uint8_t>(i) = (uint8_t)v; break;
    case ScalarType::Char: p.operator[]<int8_t>(i) = (int8_t)v; break;
    case ScalarType::Short: p.operator[]<int16_t>(i) = (int16_t)v; break;
    case ScalarType::Int: p.operator[]<int32_t>(i) = (int32_t)v; break;
    case ScalarType::Long: p.operator[]<int64_t>(i) = (int64_t)v; break;
    case ScalarType::Half: p.operator[]<uint16_t>(i) = float_to_half((float)v); break;
    case ScalarType::BFloat16: p.operator[]<uint16_t>(i) = float_to_bfloat16((float)v); break;
    case ScalarType::Double: p.operator[]<double>(i) = v; break;
    default: p.operator[]<float>(i) = (float)v; break;
  }
}

enum class UnaryOp { Abs, Ceil, Floor, Sin, Cos, Tan, Log, Log2, Log10, Exp, BitwiseNot };
enum class BinaryOp { Add, Sub, Mul, Div, Pow, BitwiseAnd, BitwiseOr };

inline double apply_unary(UnaryOp op, double x) {
  switch (op) {
    case UnaryOp::Abs: return ::fabs(x);
    case UnaryOp::Ceil: return ::ceil(x);
    case UnaryOp::Floor: return ::floor(x);
    case UnaryOp::Sin: return ::sin(x);
    case UnaryOp::Cos: return ::cos(x);
    case UnaryOp::Tan: return ::tan(x);
    case UnaryOp::Log: return ::log(x);
    case UnaryOp::Log2: return ::log2(x);
    case UnaryOp::Log10: return ::log10(x);
    case UnaryOp::Exp: return ::exp(x);
    case UnaryOp::BitwiseNot: return (double)(~(int64_t)x);
  }
  return x;
}

inline double apply_binary(BinaryOp op, double a, double b) {
  switch (op) {
    case BinaryOp::Add: return a + b;
    case BinaryOp::Sub: return a - b;
    case BinaryOp::Mul: return a * b;
    case BinaryOp::Div: return a / b;
    case BinaryOp::Pow: return ::pow(a, b);
    case BinaryOp::BitwiseAnd: return (double)((int64_t)a & (int64_t)b);
    case BinaryOp::BitwiseOr: return (double)((int64_t)a | (int64_t)b);
  }
  return a;
}

inline void unary_kernel(const Tensor& result, const Tensor& self, UnaryOp op) {
  size_t n = (size_t)self.numel();
  for (size_t i = 0; i < n; i++) store_element(result, i, apply_unary(op, load_element(self, i)));
}

inline void binary_kernel(const Tensor& result, const Tensor& self, const Tensor& other, double alpha, BinaryOp op) {
  size_t n = (size_t)self.numel();
  for (size_t i = 0; i < n; i++) store_element(result, i, apply_binary(op, load_element(self, i), alpha * load_element(other, i)));
}

inline void binary_scalar_kernel(const Tensor& result, const Tensor& self, double other, BinaryOp op) {
  size_t n = (size_t)self.numel();
  for (size_t i = 0; i < n; i++) store_element(result, i, apply_binary(op, load_element(self, i), other));
}
inline void scalar_binary_kernel(const Tensor& result, double self, const Tensor& other, BinaryOp op) {
  size_t n = (size_t)other.numel();
  for (size_t i = 0; i < n; i++) store_element(result, i, apply_binary(op, self, load_element(other, i)));
}

inline void fill_kernel(const Tensor& result, double value) {
  size_t n = (size_t)result.numel();
  for (size_t i = 0; i < n; i++) store_element(result, i, value);
}
}  // namespace native

inline const Tensor& Tensor::fill_(const Scalar& value) const {
  native::fill_kernel(*this, value.toDouble());
  return *this;
}

inline Tensor empty(IntArrayRef size, TensorOptions options) { return Tensor(c10::neuron_tensor_create(size, options.dtype())); }
inline Tensor zeros(IntArrayRef size, TensorOptions options) {
  Tensor t = empty(size, options);
  t.fill_(0);
  return t;
}
inline Tensor ones(IntArrayRef size, TensorOptions options) {
  Tensor t = empty(size, options);
  t.fill_(1);
  return t;
}
inline Tensor full(IntArrayRef size, const Scalar& fill_value, TensorOptions options) {
  Tensor t = empty(size, options);
  t.fill_(fill_value);
  return t;
}
inline Tensor eye(int64_t n, int64_t m, TensorOptions options) {
  int64_t shape[2] = {n, m};
  Tensor t = zeros(IntArrayRef(shape, 2), options);
  for (int64_t i = 0; i < n && i < m; i++) native::store_element(t, (size_t)(i * m + i), 1.0);
  return t;
}
inline Tensor eye(int64_t n, TensorOptions options) { return eye(n, n, options); }

#define Q7_UNARY_OP(name, kind)                                          \
  inline Tensor& name##_out(Tensor& result, const Tensor& self) {        \
    native::unary_kernel(result, self, native::UnaryOp::kind);           \
    return result;                                                       \
  }                                                                      \
  inline Tensor name(const Tensor& self) {                               \
    Tensor result = empty(self.sizes(), self.scalar_type());             \
    native::unary_kernel(result, self, native::UnaryOp::kind);           \
    return result;                                                       \
  }

Q7_UNARY_OP(abs, Abs)
Q7_UNARY_OP(ceil, Ceil)
Q7_UNARY_OP(floor, Floor)
Q7_UNARY_OP(sin, Sin)
Q7_UNARY_OP(cos, Cos)
Q7_UNARY_OP(tan, Tan)
Q7_UNARY_OP(log, Log)
Q7_UNARY_OP(log2, Log2)
Q7_UNARY_OP(log10, Log10)
Q7_UNARY_OP(exp, Exp)
Q7_UNARY_OP(bitwise_not, BitwiseNot)

#define Q7_BINARY_OP(name, kind)                                                                \
  inline Tensor& name##_out(Tensor& result, const Tensor& self, const Tensor& other) {          \
    native::binary_kernel(result, self, other, 1.0, native::BinaryOp::kind);                    \
    return result;                                                                              \
  }                                                                                             \
  inline Tensor& name##_out(Tensor& result, const Tensor& self, const Scalar& other) {          \
    native::binary_scalar_kernel(result, self, other.toDouble(), native::BinaryOp::kind);       \
    return result;                                                                              \
  }                                                                                             \
  inline Tensor name(const Tensor& self, const Tensor& other) {                                 \
    Tensor result = empty(self.sizes(), self.scalar_type());                                    \
    native::binary_kernel(result, self, other, 1.0, native::BinaryOp::kind);                    \
    return result;                                                                              \
  }                                                                                             \
  inline Tensor name(const Tensor& self, const Scalar& other) {                                 \
    Tensor result = empty(self.sizes(), self.scalar_type());                                    \
    native::binary_scalar_kernel(result, self, other.toDouble(), native::BinaryOp::kind);       \
    return result;                                                                              \
  }

Q7_BINARY_OP(mul, Mul)
Q7_BINARY_OP(div, Div)
Q7_BINARY_OP(pow, Pow)
Q7_BINARY_OP(bitwise_and, BitwiseAnd)
Q7_BINARY_OP(bitwise_or, BitwiseOr)
// The documented forms with a Scalar first operand: pow(Scalar, Tensor), bitwise_and/or(Scalar, Tensor).
#define Q7_SCALAR_FIRST_OP(name, kind)                                                          \
  inline Tensor& name##_out(Tensor& result, const Scalar& self, const Tensor& other) {          \
    native::scalar_binary_kernel(result, self.toDouble(), other, native::BinaryOp::kind);       \
    return result;                                                                              \
  }                                                                                             \
  inline Tensor name(const Scalar& self, const Tensor& other) {                                 \
    Tensor result = empty(other.sizes(), other.scalar_type());                                  \
    native::scalar_binary_kernel(result, self.toDouble(), other, native::BinaryOp::kind);       \
    return result;                                                                              \
  }
Q7_SCALAR_FIRST_OP(pow, Pow)
Q7_SCALAR_FIRST_OP(bitwise_and, BitwiseAnd)
Q7_SCALAR_FIRST_OP(bitwise_or, BitwiseOr)

#define Q7_ALPHA_OP(name, kind)                                                                                  \
  inline Tensor& name##_out(Tensor& result, const Tensor& self, const Tensor& other, const Scalar& alpha = 1) {   \
    native::binary_kernel(result, self, other, alpha.toDouble(), native::BinaryOp::kind);                        \
    return result;                                                                                               \
  }                                                                                                              \
  inline Tensor& name##_out(Tensor& result, const Tensor& self, const Scalar& other, const Scalar& alpha = 1) {   \
    native::binary_scalar_kernel(result, self, alpha.toDouble() * other.toDouble(), native::BinaryOp::kind);     \
    return result;                                                                                               \
  }                                                                                                              \
  inline Tensor name(const Tensor& self, const Tensor& other, const Scalar& alpha = 1) {                          \
    Tensor result = empty(self.sizes(), self.scalar_type());                                                     \
    native::binary_kernel(result, self, other, alpha.toDouble(), native::BinaryOp::kind);                        \
    return result;                                                                                               \
  }                                                                                                              \
  inline Tensor name(const Tensor& self, const Scalar& other, const Scalar& alpha = 1) {                          \
    Tensor result = empty(self.sizes(), self.scalar_type());                                                     \
    native::binary_scalar_kernel(result, self, alpha.toDouble() * other.toDouble(), native::BinaryOp::kind);     \
    return result;                                                                                               \
  }

Q7_ALPHA_OP(add, Add)
Q7_ALPHA_OP(sub, Sub)

inline Tensor& clamp_out(Tensor& result, const Tensor& self, const Scalar& min, const Scalar& max) {
  size_t n = (size_t)self.numel();
  double lo = min.toDouble();
  double hi = max.toDouble();
  for (size_t i = 0; i < n; i++) {
    double v = native::load_element(self, i);
    native::store_element(result, i, v < lo ? lo : (v > hi ? hi : v));
  }
  return result;
}
inline Tensor clamp(const Tensor& self, const Scalar& min, const Scalar& max) {
  Tensor result = empty(self.sizes(), self.scalar_type());
  clamp_out(result, self, min, max);
  return result;
}
}  // namespace at
