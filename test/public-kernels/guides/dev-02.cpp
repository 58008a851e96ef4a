#include <stdint.h>
#include <stdlib.h>
#include <torch/torch.h>

torch::Tensor tensor_negate_shape(torch::Tensor t1) {
   size_t num_elem = t1.numel();
   torch::Tensor t_out = torch::zeros({num_elem}, torch::kFloat);

   return t_out;
}
