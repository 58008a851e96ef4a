// Harness for guides/tut-perf-02.cpp, the multicore kernel function of the performance tutorial
// printed without its #include lines: the harness supplies them (get_cpu_id/get_cpu_count come from
// <neuron/neuron-utils.hpp>).
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>

#include "../guides/tut-perf-02.cpp"
