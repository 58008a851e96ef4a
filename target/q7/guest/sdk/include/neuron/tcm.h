#pragma once
#include <stddef.h>
#include <neuron/runtime.h>
namespace torch {
namespace neuron {
// Allocation from the 16 KB TCM pool of this core; returns nullptr when the pool is exhausted.
inline void* tcm_malloc(size_t nbytes) { return __q7_tcm_malloc(nbytes); }
inline void tcm_free(void* ptr) { __q7_tcm_free(ptr); }
}
}
