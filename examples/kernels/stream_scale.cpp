// Multiplies every element by a scale factor, reading and writing sequentially through the
// buffered stream accessors (single core).
#include <stddef.h>
#include <torch/torch.h>

torch::Tensor stream_scale(const torch::Tensor& t_in, double scale) {
  torch::Tensor t_out = torch::empty(t_in.sizes(), torch::kFloat);
  const size_t count = (size_t)t_in.numel();
  auto reader = t_in.read_stream_accessor<float>();
  auto writer = t_out.write_stream_accessor<float>();
  const float factor = (float)scale;
  for (size_t i = 0; i < count; i++) writer.write(reader.read() * factor);
  reader.close();
  writer.close();
  return t_out;
}
