// ReLU forward over any shape, copying 1024-float chunks into TCM and back (single core).
#include <stddef.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>

torch::Tensor relu_tcm_forward(const torch::Tensor& t_in) {
  const size_t count = (size_t)t_in.numel();
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  constexpr size_t kChunk = 1024;
  float* buffer = (float*)torch::neuron::tcm_malloc(sizeof(float) * kChunk);
  if (buffer == nullptr) return t_out;
  auto src = t_in.tcm_accessor();
  auto dst = t_out.tcm_accessor();
  for (size_t start = 0; start < count; start += kChunk) {
    size_t n = count - start < kChunk ? count - start : kChunk;
    src.tensor_to_tcm<float>(buffer, start, n);
    for (size_t k = 0; k < n; k++) buffer[k] = buffer[k] > 0.0f ? buffer[k] : 0.0f;
    dst.tcm_to_tensor<float>(buffer, start, n);
  }
  torch::neuron::tcm_free(buffer);
  return t_out;
}
