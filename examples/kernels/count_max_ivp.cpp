// Compare, select and reduce with the IVP vector unit (single core): of the int32 elements greater
// than a threshold, how many there are and the largest (INT32_MIN when there is none), returned as the
// int32 tensor [count, max]. 16 lanes per operation: IVP_GTN_2X32 compares into a predicate,
// IVP_MOVN_2X32T selects 1 or 0 for the count and the element or INT32_MIN for the maximum, and the
// lane sums and maxima are reduced once at the end (IVP_RADDN_2X32, IVP_RMAXN_2X32). Chunks of 256
// elements are copied into TCM; the tail of a chunk takes the scalar path of count_max_scalar.
#include <stddef.h>
#include <stdint.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
#include <xtensa/tie/xt_ivp32.h>

constexpr int32_t kLowest = -2147483647 - 1;  // INT32_MIN

torch::Tensor count_max_scalar(const torch::Tensor& t_in, int64_t threshold) {
  const size_t count = (size_t)t_in.numel();
  auto in = t_in.accessor<int32_t, 1>();
  int32_t n = 0;
  int32_t best = kLowest;
  for (size_t i = 0; i < count; i++) {
    int32_t x = in[i];
    if (x > threshold) {
      n++;
      if (x > best) best = x;
    }
  }
  torch::Tensor t_out = torch::empty({2}, torch::kInt);
  auto out = t_out.accessor<int32_t, 1>();
  out[0] = n;
  out[1] = best;
  return t_out;
}

torch::Tensor count_max_ivp(const torch::Tensor& t_in, int64_t threshold) {
  const size_t count = (size_t)t_in.numel();
  constexpr size_t kChunk = 256;
  constexpr size_t kLanes = 16;
  torch::Tensor t_out = torch::empty({2}, torch::kInt);
  int32_t* buffer = (int32_t*)torch::neuron::tcm_malloc(sizeof(int32_t) * kChunk);
  if (buffer == nullptr) return t_out;
  auto src = t_in.tcm_accessor();
  const int32_t limit = (int32_t)threshold;
  const xb_vecN_2x32v vlimit = limit;
  const xb_vecN_2x32v one = 1;
  const xb_vecN_2x32v zero = 0;
  const xb_vecN_2x32v lowest = kLowest;
  xb_vecN_2x32v counts = 0;
  xb_vecN_2x32v maxima = kLowest;
  int32_t n = 0;
  int32_t best = kLowest;
  for (size_t start = 0; start < count; start += kChunk) {
    size_t m = count - start < kChunk ? count - start : kChunk;
    src.tensor_to_tcm<int32_t>(buffer, start, m);
    const xb_vecN_2x32v* p = (const xb_vecN_2x32v*)buffer;
    size_t k = 0;
    for (; k + kLanes <= m; k += kLanes) {
      xb_vecN_2x32v x;
      IVP_LVN_2X32_IP(x, p, 64);
      vboolN_2 above = IVP_GTN_2X32(x, vlimit);
      counts = IVP_ADDN_2X32(counts, IVP_MOVN_2X32T(one, zero, above));
      maxima = IVP_MAXN_2X32(maxima, IVP_MOVN_2X32T(x, lowest, above));
    }
    for (; k < m; k++) {
      if (buffer[k] > limit) {
        n++;
        if (buffer[k] > best) best = buffer[k];
      }
    }
  }
  torch::neuron::tcm_free(buffer);
  n += (int32_t)IVP_RADDN_2X32(counts);
  int32_t vbest = (int32_t)IVP_RMAXN_2X32(maxima);
  auto out = t_out.accessor<int32_t, 1>();
  out[0] = n;
  out[1] = vbest > best ? vbest : best;
  return t_out;
}
