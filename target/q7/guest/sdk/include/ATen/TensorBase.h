#pragma once
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
