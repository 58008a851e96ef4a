#pragma once
#include <torch/torch.h>
namespace torch {
namespace neuron {
// The ops of one custom-op library, as NEURON_LIBRARY's block declares them.
class NeuronLibrary {
 public:
  explicit NeuronLibrary(const char* ns) : ns_(ns), count_(0) {}
  // Registers torch.ops.<ns>.<op>: shape_fn runs on the host while tracing, kernel_fn_name names the
  // compute function in the kernel sources (the build fails when no function has that name).
  template <typename ShapeFn>
  NeuronLibrary& def(const char* op, ShapeFn shape_fn, const char* kernel_fn_name) {
    (void)op;
    (void)shape_fn;
    (void)kernel_fn_name;
    ++count_;
    return *this;
  }
  const char* name() const { return ns_; }
  int size() const { return count_; }

 private:
  const char* ns_;
  int count_;
};
// Runs a library's registration block once, when the shape library is loaded.
struct NeuronLibraryInit {
  NeuronLibraryInit(void (*block)(NeuronLibrary&), const char* ns) {
    NeuronLibrary lib(ns);
    block(lib);
  }
};
}  // namespace neuron
}  // namespace torch
#define NEURON_LIBRARY(ns, m) \
  static void neuron_library_block_##ns(torch::neuron::NeuronLibrary& m); \
  static const torch::neuron::NeuronLibraryInit neuron_library_init_##ns(&neuron_library_block_##ns, #ns); \
  static void neuron_library_block_##ns(torch::neuron::NeuronLibrary& m)
