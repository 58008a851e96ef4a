// c10: the Q7 device pointer (Q7PtrType, seed 000 §1/§4), dtypes, ArrayRef, Scalar, TensorOptions and the
// runtime primitives the device library calls (neuron_translate is the window mapper in the ROM).

export const runtime = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
// Device runtime entry points (ROM / SDK runtime). neuron_translate maps an HBM address into a
// local window and returns the local address; the copies move bytes between HBM and local memory.
void* neuron_translate(void* ctx_ptr, uint64_t addr);
// neuron_memcpy is the one copy the device library ships (seed 000 names it beside neuron_translate;
// it gives no signature, so this one is ours): nbytes between local memory at 'local' and HBM at
// 'hbm_addr' in the translation context 'ctx_ptr', towards local memory or towards HBM.
constexpr int NEURON_MEMCPY_TO_LOCAL = 0;
constexpr int NEURON_MEMCPY_TO_HBM = 1;
void neuron_memcpy(void* local, void* ctx_ptr, uint64_t hbm_addr, size_t nbytes, int direction);
// A coherency conflict on the enforcer at 'enforcer': a fatal report (COHERENT policy) or a warning
// (INCOHERENT_VERBOSE).
void neuron_coherency_violation(const char* what, const void* enforcer, bool fatal);
// TORCH_CHECK failed: reported to the device, which stops the core.
void neuron_check_failed(const char* file, int line, const char* condition);
// Runtime primitives behind the SDK's inline functions (device calls and the TCM pool).
void* __q7_tensor_create(const int64_t* sizes, size_t ndim, int dtype);
void* __q7_dst_tensor();
void* __q7_tcm_malloc(size_t nbytes);
void __q7_tcm_free(void* ptr);
// Sanitizer reports (compiled into the SDK only under Q7_SANITIZE_BOUNDS / Q7_SANITIZE_COPIES).
void __q7_index_out_of_bounds(const void* enforcer, int64_t index, int64_t size, const int64_t* sizes);
// (data: the accessor's Q7PtrType, which names the tensor by its HBM address)
void __q7_copy_out_of_bounds(const void* data, size_t offset, size_t count, size_t numel);
// The device checks that the tensor at hbm_addr has dtype 'dtype' (a c10::ScalarType): an accessor or a
// copy reading its elements as another type is a fault at the caller's line.
void __q7_check_dtype(uint64_t hbm_addr, int dtype, const char* what);
`;

export const q7PtrType = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron/runtime.h>
namespace c10 {
// A device pointer: a 64-bit HBM address with its translation context (16 bytes, align 8).
struct Q7PtrType {
  uint64_t hbm_addr;
  void* ctx_ptr;
  bool is_nullptr;

  Q7PtrType() : hbm_addr(0), ctx_ptr(nullptr), is_nullptr(true) {}
  Q7PtrType(uint64_t addr, void* ctx) : hbm_addr(addr), ctx_ptr(ctx), is_nullptr(false) {}

  // Element idx of type T: translates the address into a local window (the only HBM-touching step).
  template <typename T>
  T& operator[](size_t idx) const {
    void* nx = neuron_translate(ctx_ptr, hbm_addr + sizeof(T) * idx);
    return ((T*)nx)[0];
  }

  // Address arithmetic only: no translation, no memory access.
  template <typename T>
  Q7PtrType operator+(size_t idx) const {
    uint64_t result = hbm_addr + sizeof(T) * idx;
    return Q7PtrType(result, ctx_ptr);
  }
};
}
`;

export const scalarType = String.raw`#pragma once
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
`;

export const arrayRef = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
#include <initializer_list>
namespace c10 {
// A borrowed view of a contiguous array (pointer + length); the owner must outlive it.
template <typename T>
class ArrayRef {
 public:
  ArrayRef() : data_(nullptr), length_(0) {}
  ArrayRef(const T* data, size_t length) : data_(data), length_(length) {}
  ArrayRef(const std::initializer_list<T>& list) : data_(list.begin()), length_(list.size()) {}
  const T* data() const { return data_; }
  size_t size() const { return length_; }
  bool empty() const { return length_ == 0; }
  const T& operator[](size_t i) const { return data_[i]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + length_; }
  const T& front() const { return data_[0]; }
  const T& back() const { return data_[length_ - 1]; }
  // The same length and equal elements (what == and != compare, e.g. t1.sizes() == t2.sizes()).
  bool equals(ArrayRef other) const {
    if (length_ != other.length_) return false;
    for (size_t i = 0; i < length_; i++) {
      if (!(data_[i] == other.data_[i])) return false;
    }
    return true;
  }

 private:
  const T* data_;
  size_t length_;
};
template <typename T>
bool operator==(ArrayRef<T> a, ArrayRef<T> b) { return a.equals(b); }
template <typename T>
bool operator!=(ArrayRef<T> a, ArrayRef<T> b) { return !a.equals(b); }
typedef ArrayRef<int64_t> IntArrayRef;
}
`;
