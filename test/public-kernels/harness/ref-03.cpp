// Harness for guides/ref-03.cpp, a declaration statement of the API reference guide: it declares the
// input the statement names (t_in) and returns the tensor the statement declares.
#include <torch/torch.h>

torch::Tensor exp_example(torch::Tensor& t_in) {
#include "../guides/ref-03.cpp"
  return t_out;
}
