// Harness for guides/ref-06.cpp, the CoherencyEnforcer::Policy enumeration as the API reference guide
// prints it: a kernel returns the guide's enumerator values next to the SDK's, so the test can
// check that the two agree.
#include <torch/torch.h>

#include "../guides/ref-06.cpp"

torch::Tensor policy_values() {
  torch::Tensor t = torch::empty({6}, torch::kInt);
  auto a = t.accessor<int, 1>();
  a[0] = COHERENT;
  a[1] = INCOHERENT_VERBOSE;
  a[2] = INCOHERENT_QUIET;
  a[3] = torch::CoherencyEnforcer::COHERENT;
  a[4] = torch::CoherencyEnforcer::INCOHERENT_VERBOSE;
  a[5] = torch::CoherencyEnforcer::INCOHERENT_QUIET;
  return t;
}
