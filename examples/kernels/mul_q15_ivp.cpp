// Q15 fixed-point multiply of two int16 tensors with the IVP vector unit (single core): out = a × b
// rounded to Q15, i.e. (a × b + 2^14) >> 15 saturated to int16. 32 lanes per operation: the 16 × 16
// products go into the 48-bit accumulator (IVP_MULNX16) and IVP_PACKVRNX48 shifts them right by 15
// with round-half-up and signed saturation. Chunks of 512 elements are copied into TCM; the tail of a
// chunk takes the scalar path, which mul_q15_scalar takes for every element (the reference).
#include <stddef.h>
#include <stdint.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
#include <xtensa/tie/xt_ivp32.h>

torch::Tensor mul_q15_scalar(const torch::Tensor& t_a, const torch::Tensor& t_b) {
  const size_t count = (size_t)t_a.numel();
  torch::Tensor t_out = torch::empty(t_a.sizes(), torch::kShort);
  auto a = t_a.accessor<int16_t, 1>();
  auto b = t_b.accessor<int16_t, 1>();
  auto out = t_out.accessor<int16_t, 1>();
  for (size_t i = 0; i < count; i++) {
    int32_t p = ((int32_t)a[i] * (int32_t)b[i] + (1 << 14)) >> 15;  // rounded half up at bit 15
    out[i] = (int16_t)(p > 32767 ? 32767 : p);                        // only -1 x -1 saturates
  }
  return t_out;
}

torch::Tensor mul_q15_ivp(const torch::Tensor& t_a, const torch::Tensor& t_b) {
  const size_t count = (size_t)t_a.numel();
  torch::Tensor t_out = torch::empty(t_a.sizes(), torch::kShort);
  constexpr size_t kChunk = 512;  // 1 KiB of int16: every buffer stays 64-byte aligned in the TCM pool
  constexpr size_t kLanes = 32;
  int16_t* buf_a = (int16_t*)torch::neuron::tcm_malloc(sizeof(int16_t) * kChunk);
  if (buf_a == nullptr) return t_out;
  int16_t* buf_b = (int16_t*)torch::neuron::tcm_malloc(sizeof(int16_t) * kChunk);
  if (buf_b == nullptr) {
    torch::neuron::tcm_free(buf_a);
    return t_out;
  }
  auto src_a = t_a.tcm_accessor();
  auto src_b = t_b.tcm_accessor();
  auto dst = t_out.tcm_accessor();
  for (size_t start = 0; start < count; start += kChunk) {
    size_t n = count - start < kChunk ? count - start : kChunk;
    src_a.tensor_to_tcm<int16_t>(buf_a, start, n);
    src_b.tensor_to_tcm<int16_t>(buf_b, start, n);
    const xb_vecNx16* pa = (const xb_vecNx16*)buf_a;
    const xb_vecNx16* pb = (const xb_vecNx16*)buf_b;
    xb_vecNx16* po = (xb_vecNx16*)buf_a;
    size_t k = 0;
    for (; k + kLanes <= n; k += kLanes) {
      xb_vecNx16 va, vb;
      IVP_LVNX16_IP(va, pa, 64);
      IVP_LVNX16_IP(vb, pb, 64);
      xb_vecNx48 w = IVP_MULNX16(va, vb);
      IVP_SVNX16_IP(IVP_PACKVRNX48(w, 15), po, 64);
    }
    for (; k < n; k++) {
      int32_t p = ((int32_t)buf_a[k] * (int32_t)buf_b[k] + (1 << 14)) >> 15;
      buf_a[k] = (int16_t)(p > 32767 ? 32767 : p);
    }
    dst.tcm_to_tensor<int16_t>(buf_a, start, n);
  }
  torch::neuron::tcm_free(buf_b);
  torch::neuron::tcm_free(buf_a);
  return t_out;
}
