#pragma once
#include <stddef.h>
#include <stdint.h>
// Device runtime entry points (ROM / SDK runtime). neuron_translate maps an HBM address into a
// local window and returns the local address; the copies move bytes between HBM and local memory.
void* neuron_translate(void* ctx_ptr, uint64_t addr);
// neuron_memcpy is the one copy the device library ships (seed 000 names it beside neuron_translate;
// it gives no signature, so this one is ours): nbytes between local memory at 'local' and HBM at
// 'hbm_addr' in the translation context 'ctx_ptr', towards local memory or towards HBM.
constexpr int NEURON_MEMCPY_TO_LOCAL = 0;
constexpr int NEURON_MEMCPY_TO_HBM = 1;
void neuron_memcpy(void* local, void* ctx_ptr, uint64_t hbm_addr, size_t nbytes, int direction);
// A coherency conflict on the enforcer at 'enforcer': a fatal report (COHERENT policy) or a warning
// (INCOHERENT_VERBOSE).
void neuron_coherency_violation(const char* what, const void* enforcer, bool fatal);
// TORCH_CHECK failed: reported to the device, which stops the core.
void neuron_check_failed(const char* file, int line, const char* condition);
// Runtime primitives behind the SDK's inline functions (device calls and the TCM pool).
void* __q7_tensor_create(const int64_t* sizes, size_t ndim, int dtype);
void* __q7_dst_tensor();
void* __q7_tcm_malloc(size_t nbytes);
void __q7_tcm_free(void* ptr);
// Sanitizer reports (compiled into the SDK only under Q7_SANITIZE_BOUNDS / Q7_SANITIZE_COPIES).
void __q7_index_out_of_bounds(const void* enforcer, int64_t index, int64_t size, const int64_t* sizes);
// (data: the accessor's Q7PtrType, which names the tensor by its HBM address)
void __q7_copy_out_of_bounds(const void* data, size_t offset, size_t count, size_t numel);
// The device checks that the tensor at hbm_addr has dtype 'dtype' (a c10::ScalarType): an accessor or a
// copy reading its elements as another type is a fault at the caller's line.
void __q7_check_dtype(uint64_t hbm_addr, int dtype, const char* what);
