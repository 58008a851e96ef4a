// The tensor object chain (TensorImpl → TensorBase → Tensor) with its accessor factories (seed 000 §3),
// and the buffered stream and TCM accessors.

export const tcm = String.raw`#pragma once
#include <stddef.h>
#include <neuron/runtime.h>
namespace torch {
namespace neuron {
// Allocation from the 16 KB TCM pool of this core; returns nullptr when the pool is exhausted.
inline void* tcm_malloc(size_t nbytes) { return __q7_tcm_malloc(nbytes); }
inline void tcm_free(void* ptr) { __q7_tcm_free(ptr); }
}
}
`;

export const tensorImpl = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron_torch_extension/Q7PtrType.h>
#include <c10/ScalarType.h>
#include <c10/ArrayRef.h>
namespace c10 {
// What the runtime hands the kernel for each tensor: shape, strides (in elements), dtype and the
// HBM address with its translation context.
class NeuronTensorImpl {
 public:
  int64_t sizes_[8];
  int64_t strides_[8];
  int64_t dim_;
  int64_t numel_;
  uint64_t hbm_addr_;
  void* ctx_ptr_;
  ScalarType dtype_;

  Q7PtrType q7_data_ptr() const { return Q7PtrType(hbm_addr_, ctx_ptr_); }
  IntArrayRef sizes() const { return IntArrayRef(sizes_, (size_t)dim_); }
  IntArrayRef strides() const { return IntArrayRef(strides_, (size_t)dim_); }
  int64_t dim() const { return dim_; }
  int64_t numel() const { return numel_; }
  ScalarType dtype() const { return dtype_; }
};
// A new contiguous HBM tensor, made by the device.
inline NeuronTensorImpl* neuron_tensor_create(IntArrayRef sizes, ScalarType dtype) {
  return (NeuronTensorImpl*)__q7_tensor_create(sizes.data(), sizes.size(), (int)dtype);
}
}
`;

export const tensorStream = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron_torch_extension/Q7PtrType.h>
#include <ATen/CoherencyEnforcer.h>
#include <neuron/tcm.h>
namespace at {
using c10::Q7PtrType;

// Sequential reader: a buffered reader on the enforcer, elements served from a 4 KB TCM buffer.
template <typename T>
class TensorReadStreamAccessor {
 public:
  static constexpr size_t kBufferBytes = 4096;

  TensorReadStreamAccessor(Q7PtrType data, size_t numel, CoherencyEnforcer& enforcer)
      : data_(data), numel_(numel), next_(0), buffered_from_(0), buffered_count_(0), closed_(false), enforcer_(enforcer) {
    enforcer_.acquire_buffered_reader();
    if (c10::q7_scalar_type_of<T>::value >= 0) __q7_check_dtype(data_.hbm_addr, c10::q7_scalar_type_of<T>::value, "read_stream_accessor");
    buffer_ = (T*)torch::neuron::tcm_malloc(kBufferBytes);
  }
  ~TensorReadStreamAccessor() { close(); }

  T read() {
#ifdef Q7_SANITIZE_COPIES
    if (next_ >= numel_) __q7_copy_out_of_bounds(&data_, next_, 1, numel_);
#endif
    if (next_ >= buffered_from_ + buffered_count_) refill();
    T value = buffer_ != nullptr ? buffer_[next_ - buffered_from_] : data_.template operator[]<T>(next_);
    next_++;
    return value;
  }

  int close() {
    if (closed_) return 0;
    closed_ = true;
    if (buffer_ != nullptr) torch::neuron::tcm_free(buffer_);
    buffer_ = nullptr;
    enforcer_.release_buffered_reader();
    return 0;
  }

 private:
  void refill() {
    buffered_from_ = next_;
    size_t left = next_ < numel_ ? numel_ - next_ : 0;
    buffered_count_ = left < kBufferBytes / sizeof(T) ? left : kBufferBytes / sizeof(T);
    if (buffer_ != nullptr && buffered_count_ > 0)
      neuron_memcpy(buffer_, data_.ctx_ptr, data_.hbm_addr + sizeof(T) * buffered_from_, sizeof(T) * buffered_count_, NEURON_MEMCPY_TO_LOCAL);
  }

  Q7PtrType data_;
  size_t numel_;
  size_t next_;
  size_t buffered_from_;
  size_t buffered_count_;
  bool closed_;
  T* buffer_;
  CoherencyEnforcer& enforcer_;
};

// Sequential writer: the single buffered writer; data reaches the tensor on flush, close or destruction.
template <typename T>
class TensorWriteStreamAccessor {
 public:
  static constexpr size_t kBufferBytes = 4096;

  TensorWriteStreamAccessor(Q7PtrType data, size_t numel, CoherencyEnforcer& enforcer)
      : data_(data), numel_(numel), next_(0), pending_(0), closed_(false), enforcer_(enforcer) {
    enforcer_.acquire_buffered_writer();
    if (c10::q7_scalar_type_of<T>::value >= 0) __q7_check_dtype(data_.hbm_addr, c10::q7_scalar_type_of<T>::value, "write_stream_accessor");
    buffer_ = (T*)torch::neuron::tcm_malloc(kBufferBytes);
  }
  ~TensorWriteStreamAccessor() { close(); }

  void write(T value) {
#ifdef Q7_SANITIZE_COPIES
    if (next_ >= numel_) __q7_copy_out_of_bounds(&data_, next_, 1, numel_);
#endif
    if (buffer_ == nullptr) {
      data_.template operator[]<T>(next_) = value;
      next_++;
      return;
    }
    buffer_[pending_] = value;
    pending_++;
    next_++;
    if (pending_ == kBufferBytes / sizeof(T)) flush();
  }

  int close() {
    if (closed_) return 0;
    flush();
    closed_ = true;
    if (buffer_ != nullptr) torch::neuron::tcm_free(buffer_);
    buffer_ = nullptr;
    enforcer_.release_buffered_writer();
    return 0;
  }

 private:
  void flush() {
    if (buffer_ != nullptr && pending_ > 0)
      neuron_memcpy(buffer_, data_.ctx_ptr, data_.hbm_addr + sizeof(T) * (next_ - pending_), sizeof(T) * pending_, NEURON_MEMCPY_TO_HBM);
    pending_ = 0;
  }

  Q7PtrType data_;
  size_t numel_;
  size_t next_;
  size_t pending_;
  bool closed_;
  T* buffer_;
  CoherencyEnforcer& enforcer_;
};

// Explicit bulk copies between the tensor (HBM) and a TCM buffer; no coherency checks.
// Arguments are the same for both directions: (TCM pointer, element offset, element count).
template <bool read_only>
class TensorTcmAccessor {
 public:
  TensorTcmAccessor(Q7PtrType data, size_t numel) : data_(data), numel_(numel) {}

  template <typename T>
  void tensor_to_tcm(T* tcm_ptr, size_t tensor_offset, size_t num_elem) {
#ifdef Q7_SANITIZE_COPIES
    if (tensor_offset > numel_ || num_elem > numel_ - tensor_offset) __q7_copy_out_of_bounds(&data_, tensor_offset, num_elem, numel_);
#endif
    if (c10::q7_scalar_type_of<T>::value >= 0) __q7_check_dtype(data_.hbm_addr, c10::q7_scalar_type_of<T>::value, "tensor_to_tcm");
    neuron_memcpy(tcm_ptr, data_.ctx_ptr, data_.hbm_addr + sizeof(T) * tensor_offset, sizeof(T) * num_elem, NEURON_MEMCPY_TO_LOCAL);
  }

  template <typename T>
  void tcm_to_tensor(T* tcm_ptr, size_t tensor_offset, size_t num_elem) {
#ifdef Q7_SANITIZE_COPIES
    if (tensor_offset > numel_ || num_elem > numel_ - tensor_offset) __q7_copy_out_of_bounds(&data_, tensor_offset, num_elem, numel_);
#endif
    static_assert(!read_only, "cannot copy into a tensor through a read-only TensorTcmAccessor (tcm_accessor of a const Tensor)");
    if (c10::q7_scalar_type_of<T>::value >= 0) __q7_check_dtype(data_.hbm_addr, c10::q7_scalar_type_of<T>::value, "tcm_to_tensor");
    neuron_memcpy((void*)tcm_ptr, data_.ctx_ptr, data_.hbm_addr + sizeof(T) * tensor_offset, sizeof(T) * num_elem, NEURON_MEMCPY_TO_HBM);
  }

 private:
  Q7PtrType data_;
  size_t numel_;
};
}
`;

export const tensorBase = String.raw`#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron_torch_extension/Q7PtrType.h>
#include <c10/ScalarType.h>
#include <c10/ArrayRef.h>
#include <c10/NeuronTensorImpl.h>
#include <ATen/CoherencyEnforcer.h>
#include <ATen/core/TensorAccessor.h>
#include <ATen/TensorStream.h>
#include <neuron/runtime.h>

#define TORCH_CHECK(cond, ...) \
  if (!(cond)) neuron_check_failed(__FILE__, __LINE__, #cond)

namespace at {
using c10::IntArrayRef;
using c10::Q7PtrType;
using c10::Scalar;
using c10::ScalarType;
using c10::TensorOptions;

class TensorBase {
 public:
  TensorBase() : impl_(nullptr) {}
  explicit TensorBase(c10::NeuronTensorImpl* impl) : impl_(impl) {}
  TensorBase(const TensorBase& other) : impl_(other.impl_) {}

  int64_t dim() const { return impl_->dim(); }
  int64_t numel() const { return impl_->numel(); }
  IntArrayRef sizes() const { return impl_->sizes(); }
  IntArrayRef strides() const { return impl_->strides(); }
  int64_t size(int64_t dim) const { return impl_->sizes_[dim < 0 ? dim + impl_->dim_ : dim]; }
  int64_t stride(int64_t dim) const { return impl_->strides_[dim < 0 ? dim + impl_->dim_ : dim]; }
  ScalarType scalar_type() const { return impl_->dtype(); }
  bool defined() const { return impl_ != nullptr; }
  Q7PtrType q7_data_ptr() const { return impl_->q7_data_ptr(); }
  c10::NeuronTensorImpl* unsafeGetTensorImpl() const { return impl_; }

  CoherencyEnforcer::Policy get_accessor_coherence_policy() const { return coherency_enforcer_.get_policy(); }
  void set_accessor_coherence_policy(CoherencyEnforcer::Policy policy) const { coherency_enforcer_.set_policy(policy); }

  // const Tensor -> read-only accessor
  template <typename T, size_t N>
  TensorAccessor<T, N, true> accessor() const& {
    static_assert(N > 0, "accessor is used for indexing tensor, for scalars use *data_ptr<T>()");
    TORCH_CHECK(dim() == N, "TensorAccessor expected ", N, " dims but tensor has ", dim());
    if (c10::q7_scalar_type_of<T>::value >= 0 && (int)scalar_type() != c10::q7_scalar_type_of<T>::value) __q7_check_dtype(impl_->hbm_addr_, c10::q7_scalar_type_of<T>::value, "accessor");
    return TensorAccessor<T, N, true>(q7_data_ptr(), sizes().data(), strides().data(), coherency_enforcer_);
  }
  // non-const Tensor -> read/write accessor
  template <typename T, size_t N>
  TensorAccessor<T, N, false> accessor() & {
    static_assert(N > 0, "accessor is used for indexing tensor, for scalars use *data_ptr<T>()");
    TORCH_CHECK(dim() == N, "TensorAccessor expected ", N, " dims but tensor has ", dim());
    if (c10::q7_scalar_type_of<T>::value >= 0 && (int)scalar_type() != c10::q7_scalar_type_of<T>::value) __q7_check_dtype(impl_->hbm_addr_, c10::q7_scalar_type_of<T>::value, "accessor");
    return TensorAccessor<T, N, false>(q7_data_ptr(), sizes().data(), strides().data(), coherency_enforcer_);
  }
  // no accessor on an rvalue Tensor: it would outlive the tensor
  template <typename T, size_t N>
  TensorAccessor<T, N, false> accessor() && = delete;

  template <typename T>
  TensorReadStreamAccessor<T> read_stream_accessor() const& {
    return TensorReadStreamAccessor<T>(q7_data_ptr(), (size_t)numel(), coherency_enforcer_);
  }
  template <typename T>
  TensorWriteStreamAccessor<T> write_stream_accessor() & {
    return TensorWriteStreamAccessor<T>(q7_data_ptr(), (size_t)numel(), coherency_enforcer_);
  }

  TensorTcmAccessor<true> tcm_accessor() const& { return TensorTcmAccessor<true>(q7_data_ptr(), (size_t)numel()); }
  TensorTcmAccessor<false> tcm_accessor() & { return TensorTcmAccessor<false>(q7_data_ptr(), (size_t)numel()); }

 protected:
  c10::NeuronTensorImpl* impl_;
  mutable CoherencyEnforcer coherency_enforcer_;
};

class Tensor : public TensorBase {
 public:
  Tensor() {}
  explicit Tensor(c10::NeuronTensorImpl* impl) : TensorBase(impl) {}
  Tensor(const Tensor& other) : TensorBase(other) {}

  Tensor& operator=(const Tensor& other) {
    impl_ = other.impl_;
    return *this;
  }

  const Tensor& fill_(const Scalar& value) const;
};
}
`;
