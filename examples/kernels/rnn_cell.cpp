// A WKV-style recurrence over (B, T, H, Z) in the manner of an RNN cell: state and outputs live in a
// {B, H, T + Z, Z} tensor; 4-D and 2-D accessors, size(i) and torch::zeros (single core).
#include <stdint.h>
#include <torch/torch.h>
#include <cmath>

torch::Tensor wkv_forward(const torch::Tensor& k, const torch::Tensor& v, const torch::Tensor& r,
                          const torch::Tensor& decay, const torch::Tensor& bonus) {
  const int64_t B = k.size(0);
  const int64_t T = k.size(1);
  const int64_t H = k.size(2);
  const int64_t Z = k.size(3);
  torch::Tensor out = torch::zeros({B, H, T + Z, Z}, torch::kFloat);
  auto ka = k.accessor<float, 4>();
  auto va = v.accessor<float, 4>();
  auto ra = r.accessor<float, 4>();
  auto w = decay.accessor<float, 2>();
  auto u = bonus.accessor<float, 2>();
  auto o = out.accessor<float, 4>();
  for (int64_t b = 0; b < B; b++) {
    for (int64_t h = 0; h < H; h++) {
      for (int64_t t = 0; t < T; t++) {
        for (int64_t i = 0; i < Z; i++) {
          float acc = 0.0f;
          for (int64_t j = 0; j < Z; j++) {
            const float kv = ka[b][t][h][j] * va[b][t][h][i];
            const float state = o[b][h][T + j][i];
            acc += ra[b][t][h][j] * (u[h][j] * kv + state);
            o[b][h][T + j][i] = state * std::exp(-std::exp((float)w[h][j])) + kv;
          }
          o[b][h][t][i] = acc;
        }
      }
    }
  }
  return out;
}
