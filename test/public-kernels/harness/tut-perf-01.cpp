// Harness for guides/tut-perf-01.cpp, a kernel function printed without its #include lines: the harness
// supplies them.
#include <torch/torch.h>

#include "../guides/tut-perf-01.cpp"
