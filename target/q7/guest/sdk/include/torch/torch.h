#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron_torch_extension/Q7PtrType.h>
#include <c10/ScalarType.h>
#include <ATen/TensorBase.h>
#include <ATen/ops.h>
#include <neuron/tcm.h>
namespace torch {
using namespace at;
using at::Tensor;
using at::CoherencyEnforcer;
using c10::kByte;
using c10::kChar;
using c10::kShort;
using c10::kInt;
using c10::kHalf;
using c10::kFloat;
using c10::kBFloat16;
using c10::Scalar;
using c10::ScalarType;
using c10::TensorOptions;
using c10::IntArrayRef;
}
// The op's output tensor: a kernel that writes it in place must call this (required in multicore mode).
inline torch::Tensor get_dst_tensor() { return torch::Tensor((c10::NeuronTensorImpl*)__q7_dst_tensor()); }
