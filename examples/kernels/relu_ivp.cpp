// ReLU forward over any length with the IVP vector unit (single core): 1024-float chunks copied into
// TCM, 16 floats per vector operation (IVP_MAXN_2XF32 against a broadcast zero) through the aligning
// load and store streams, and a scalar loop for the tail of each chunk. It runs on the device (the
// compiler lowers the intrinsics) and natively through the host shim.
#include <stddef.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
#include <xtensa/tie/xt_ivp32.h>

torch::Tensor relu_ivp_forward(const torch::Tensor& t_in) {
  const size_t count = (size_t)t_in.numel();
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  constexpr size_t kChunk = 1024;
  constexpr size_t kLanes = 16;
  float* buffer = (float*)torch::neuron::tcm_malloc(sizeof(float) * kChunk);
  if (buffer == nullptr) return t_out;
  auto src = t_in.tcm_accessor();
  auto dst = t_out.tcm_accessor();
  const xb_vecN_2xf32 zero = 0.0f;
  for (size_t start = 0; start < count; start += kChunk) {
    size_t n = count - start < kChunk ? count - start : kChunk;
    src.tensor_to_tcm<float>(buffer, start, n);
    const xb_vecN_2xf32* in = (const xb_vecN_2xf32*)buffer;
    xb_vecN_2xf32* out = (xb_vecN_2xf32*)buffer;
    valign load = IVP_LA_PP(in);
    valign store = IVP_ZALIGN();
    size_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
      xb_vecN_2xf32 x;
      IVP_LAN_2XF32_IP(x, load, in);
      IVP_SAN_2XF32_IP(IVP_MAXN_2XF32(x, zero), store, out);
    }
    IVP_SAPOSN_2XF32_FP(store, out);
    for (; k < n; k++) buffer[k] = buffer[k] > 0.0f ? buffer[k] : 0.0f;
    dst.tcm_to_tensor<float>(buffer, start, n);
  }
  torch::neuron::tcm_free(buffer);
  return t_out;
}
