// Harness for guides/ref-07.cpp, a kernel function printed without its #include lines: the harness
// supplies them.
#include <torch/torch.h>

#include "../guides/ref-07.cpp"
