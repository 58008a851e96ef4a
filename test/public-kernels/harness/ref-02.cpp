// Harness for guides/ref-02.cpp, a statement of the API reference guide: it declares the tensors the
// statement names (t_in, t_out) and returns the result.
#include <torch/torch.h>

torch::Tensor exp_out_example(torch::Tensor& t_in) {
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
#include "../guides/ref-02.cpp"
  return t_out;
}
