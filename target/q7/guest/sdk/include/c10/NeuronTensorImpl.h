#pragma once
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
