// Harness for guides/ref-05.cpp, a kernel function of the API reference guide printed without its
// #include lines: the harness supplies them.
#include <assert.h>
#include <torch/torch.h>

#include "../guides/ref-05.cpp"
