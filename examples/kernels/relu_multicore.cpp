// ReLU forward split across the GPSIMD cores: each core converts its own slice of the output tensor
// (obtained with get_dst_tensor) through TCM; the last core also takes the remainder.
#include <stddef.h>
#include <stdint.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
#include <algorithm>

torch::Tensor relu_multicore_forward(const torch::Tensor& t_in) {
  torch::Tensor t_out = get_dst_tensor();
  const uint32_t core = get_cpu_id();
  const uint32_t cores = get_cpu_count();
  const size_t count = (size_t)t_in.numel();
  const size_t share = count / cores;
  const size_t begin = share * core;
  const size_t end = core + 1 == cores ? count : begin + share;
  constexpr size_t kChunk = 512;
  float* buffer = (float*)torch::neuron::tcm_malloc(sizeof(float) * kChunk);
  if (buffer != nullptr) {
    auto src = t_in.tcm_accessor();
    auto dst = t_out.tcm_accessor();
    for (size_t start = begin; start < end; start += kChunk) {
      size_t n = std::min(end - start, kChunk);
      src.tensor_to_tcm<float>(buffer, start, n);
      for (size_t k = 0; k < n; k++) buffer[k] = buffer[k] > 0.0f ? buffer[k] : 0.0f;
      dst.tcm_to_tensor<float>(buffer, start, n);
    }
    torch::neuron::tcm_free(buffer);
  }
  return t_out;
}
