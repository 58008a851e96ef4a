#pragma once
#include <stdint.h>
namespace c10 {
enum class ScalarType : int8_t {
  Byte = 0,
  Char = 1,
  Short = 2,
  Int = 3,
  Long = 4,
  Half = 5,
  Float = 6,
  Double = 7,
  BFloat16 = 15,
  Undefined = 16
};
constexpr ScalarType kByte = ScalarType::Byte;
constexpr ScalarType kChar = ScalarType::Char;
constexpr ScalarType kShort = ScalarType::Short;
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kHalf = ScalarType::Half;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kBFloat16 = ScalarType::BFloat16;

// The ScalarType of an element type (-1: none, not checked), for the device's dtype check.
template <typename T>
struct q7_scalar_type_of { static constexpr int value = -1; };
template <> struct q7_scalar_type_of<unsigned char> { static constexpr int value = 0; };
template <> struct q7_scalar_type_of<signed char> { static constexpr int value = 1; };
template <> struct q7_scalar_type_of<short> { static constexpr int value = 2; };
template <> struct q7_scalar_type_of<int> { static constexpr int value = 3; };
template <> struct q7_scalar_type_of<long long> { static constexpr int value = 4; };
template <> struct q7_scalar_type_of<float> { static constexpr int value = 6; };
template <> struct q7_scalar_type_of<double> { static constexpr int value = 7; };

inline size_t elementSize(ScalarType t) {
  switch (t) {
    case ScalarType::Byte:
    case ScalarType::Char:
      return 1;
    case ScalarType::Short:
    case ScalarType::Half:
    case ScalarType::BFloat16:
      return 2;
    case ScalarType::Long:
    case ScalarType::Double:
      return 8;
    default:
      return 4;
  }
}

// Only the dtype of the options has an effect on the device; it must be given.
struct TensorOptions {
  ScalarType dtype_;
  TensorOptions(ScalarType dtype) : dtype_(dtype) {}
  ScalarType dtype() const { return dtype_; }
};

// A number passed to an op: kept as a double (integral values are exact up to 2^53).
class Scalar {
 public:
  Scalar() : value_(0.0) {}
  Scalar(double v) : value_(v) {}
  Scalar(float v) : value_(v) {}
  Scalar(int v) : value_(v) {}
  Scalar(unsigned int v) : value_(v) {}
  Scalar(long long v) : value_((double)v) {}
  double toDouble() const { return value_; }
  float toFloat() const { return (float)value_; }
  int64_t toLong() const { return (int64_t)value_; }

 private:
  double value_;
};
}
