#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron_torch_extension/Q7PtrType.h>
#include <c10/ArrayRef.h>
#include <ATen/CoherencyEnforcer.h>
namespace at {
using c10::Q7PtrType;
using c10::IntArrayRef;

// The leaf proxy: a copy of the data pointer plus the element index. Reading (operator T) or writing
// (operator=) translates at that moment, so no translation window is held across accesses.
template <typename T, bool read_only>
class TensorElementReference {
 public:
  TensorElementReference(Q7PtrType data, size_t index) : data_(data), index_(index) {}

  operator T() const { return data_.template operator[]<T>(index_); }

  TensorElementReference& operator=(T value) {
    static_assert(!read_only, "cannot write through a read-only TensorAccessor (accessor of a const Tensor)");
    data_.template operator[]<T>(index_) = value;
    return *this;
  }

 private:
  Q7PtrType data_;
  const size_t index_;
};

// Holds the tensor's data pointer, its sizes and strides (in elements, borrowed) and its coherency
// enforcer; the virtual destructor releases the unbuffered slot the constructor acquired.
template <typename T, size_t N, typename index_t = int64_t>
class TensorAccessorBase {
 public:
  TensorAccessorBase(Q7PtrType data, const index_t* sizes, const index_t* strides, CoherencyEnforcer& coherency_enforcer)
      : data_(data), sizes_(sizes), strides_(strides), coherency_enforcer_(coherency_enforcer) {
    coherency_enforcer_.acquire_unbuffered_accessor();
  }
  virtual ~TensorAccessorBase() { coherency_enforcer_.release_unbuffered_accessor(); }

  IntArrayRef sizes() const { return IntArrayRef(sizes_, N); }
  IntArrayRef strides() const { return IntArrayRef(strides_, N); }
  index_t size(index_t i) const { return sizes_[i]; }
  index_t stride(index_t i) const { return strides_[i]; }

 protected:
  Q7PtrType data_;
  const index_t* sizes_;
  const index_t* strides_;
  CoherencyEnforcer& coherency_enforcer_;
};

// operator[] peels one dimension: address arithmetic only, translation happens at the leaf.
template <typename T, size_t N, bool read_only, typename index_t = int64_t>
class TensorAccessor : public TensorAccessorBase<T, N, index_t> {
 public:
  TensorAccessor(Q7PtrType data, const index_t* sizes, const index_t* strides, CoherencyEnforcer& coherency_enforcer)
      : TensorAccessorBase<T, N, index_t>(data, sizes, strides, coherency_enforcer) {}

  TensorAccessor<T, N - 1, read_only, index_t> operator[](index_t i) {
#ifdef Q7_SANITIZE_BOUNDS
    if (i < 0 || i >= this->sizes_[0]) __q7_index_out_of_bounds(&this->coherency_enforcer_, i, this->sizes_[0], this->sizes_);
#endif
    return TensorAccessor<T, N - 1, read_only, index_t>(this->data_.template operator+<T>(this->strides_[0] * i),
                                                        this->sizes_ + 1, this->strides_ + 1, this->coherency_enforcer_);
  }
  const TensorAccessor<T, N - 1, read_only, index_t> operator[](index_t i) const {
#ifdef Q7_SANITIZE_BOUNDS
    if (i < 0 || i >= this->sizes_[0]) __q7_index_out_of_bounds(&this->coherency_enforcer_, i, this->sizes_[0], this->sizes_);
#endif
    return TensorAccessor<T, N - 1, read_only, index_t>(this->data_.template operator+<T>(this->strides_[0] * i),
                                                        this->sizes_ + 1, this->strides_ + 1, this->coherency_enforcer_);
  }
};

// The last dimension returns the element proxy.
template <typename T, bool read_only, typename index_t>
class TensorAccessor<T, 1, read_only, index_t> : public TensorAccessorBase<T, 1, index_t> {
 public:
  TensorAccessor(Q7PtrType data, const index_t* sizes, const index_t* strides, CoherencyEnforcer& coherency_enforcer)
      : TensorAccessorBase<T, 1, index_t>(data, sizes, strides, coherency_enforcer) {}

  TensorElementReference<T, read_only> operator[](index_t i) {
#ifdef Q7_SANITIZE_BOUNDS
    if (i < 0 || i >= this->sizes_[0]) __q7_index_out_of_bounds(&this->coherency_enforcer_, i, this->sizes_[0], this->sizes_);
#endif
    return TensorElementReference<T, read_only>(this->data_, this->strides_[0] * i);
  }
  const TensorElementReference<T, read_only> operator[](index_t i) const {
#ifdef Q7_SANITIZE_BOUNDS
    if (i < 0 || i >= this->sizes_[0]) __q7_index_out_of_bounds(&this->coherency_enforcer_, i, this->sizes_[0], this->sizes_);
#endif
    return TensorElementReference<T, read_only>(this->data_, this->strides_[0] * i);
  }
};
}
