#pragma once
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
