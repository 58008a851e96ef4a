// ReLU forward and backward on a 2-D float tensor, through accessor<float, 2> (single core).
#include <stdint.h>
#include <torch/torch.h>

torch::Tensor relu_forward(const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros({t_in.size(0), t_in.size(1)}, torch::kFloat);
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  for (int64_t i = 0; i < t_in.size(0); i++) {
    for (int64_t j = 0; j < t_in.size(1); j++) {
      float x = in[i][j];
      out[i][j] = x > 0.0f ? x : 0.0f;
    }
  }
  return t_out;
}

torch::Tensor relu_backward(const torch::Tensor& t_grad, const torch::Tensor& t_in) {
  torch::Tensor t_out = torch::zeros(t_grad.sizes(), torch::kFloat);
  auto grad = t_grad.accessor<float, 2>();
  auto in = t_in.accessor<float, 2>();
  auto out = t_out.accessor<float, 2>();
  for (int64_t i = 0; i < t_grad.size(0); i++) {
    for (int64_t j = 0; j < t_grad.size(1); j++) {
      out[i][j] = in[i][j] > 0.0f ? (float)grad[i][j] : 0.0f;
    }
  }
  return t_out;
}
