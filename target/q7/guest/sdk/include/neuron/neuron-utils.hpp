#pragma once
#include <stdint.h>
#include <neuron/tcm.h>
// This core's id in [0, get_cpu_count()), and the number of GPSIMD cores running the kernel.
uint32_t get_cpu_id();
uint32_t get_cpu_count();
