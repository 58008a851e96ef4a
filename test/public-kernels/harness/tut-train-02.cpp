// Harness for guides/tut-train-02.cpp, the shape file of the training tutorial printed without its
// #include lines: the harness supplies them (NEURON_LIBRARY comes from torchneuron/register.h).
#include <torch/torch.h>
#include "torchneuron/register.h"

#include "../guides/tut-train-02.cpp"
