#pragma once
#include <stddef.h>
#include <stdint.h>
#include <neuron/runtime.h>
namespace c10 {
// A device pointer: a 64-bit HBM address with its translation context (16 bytes, align 8).
struct Q7PtrType {
  uint64_t hbm_addr;
  void* ctx_ptr;
  bool is_nullptr;

  Q7PtrType() : hbm_addr(0), ctx_ptr(nullptr), is_nullptr(true) {}
  Q7PtrType(uint64_t addr, void* ctx) : hbm_addr(addr), ctx_ptr(ctx), is_nullptr(false) {}

  // Element idx of type T: translates the address into a local window (the only HBM-touching step).
  template <typename T>
  T& operator[](size_t idx) const {
    void* nx = neuron_translate(ctx_ptr, hbm_addr + sizeof(T) * idx);
    return ((T*)nx)[0];
  }

  // Address arithmetic only: no translation, no memory access.
  template <typename T>
  Q7PtrType operator+(size_t idx) const {
    uint64_t result = hbm_addr + sizeof(T) * idx;
    return Q7PtrType(result, ctx_ptr);
  }
};
}
