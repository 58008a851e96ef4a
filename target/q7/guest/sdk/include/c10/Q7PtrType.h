#pragma once
#include <neuron_torch_extension/Q7PtrType.h>
