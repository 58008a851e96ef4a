// The host shim's runtime (C++): the primitives the SDK headers declare, implemented over plain host
// memory so that g++ compiles a kernel natively. An "HBM address" is a host pointer; neuron_translate
// is the identity, the DMA copies are memcpy, tensors are malloc'ed, the TCM pool is a 16 KiB budget
// on malloc (64-byte-aligned blocks), and every sanitizer report prints and exits with status 3. The .npy helpers read and
// write the dtypes q7 run supports (version 1.0–3.0 headers, little-endian, C order).

export const HOST_RUNTIME_HEADER = String.raw`#pragma once
#include <stdint.h>
#include <stddef.h>
#include <torch/torch.h>
namespace q7host {
extern uint32_t cpu_id;
extern uint32_t cpu_count;
extern c10::NeuronTensorImpl* dst;
extern long long kernel_ns;
torch::Tensor load_npy(const char* path);
void save_npy(const char* path, const torch::Tensor& t);
torch::Tensor empty_like(const torch::Tensor& t);
}
`;

export const HOST_RUNTIME_SOURCE = String.raw`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <torch/torch.h>
#include <neuron/neuron-utils.hpp>
#include "q7_host_runtime.h"

namespace q7host {
uint32_t cpu_id = 0;
uint32_t cpu_count = 1;
c10::NeuronTensorImpl* dst = nullptr;
long long kernel_ns = 0;
static size_t tcm_used = 0;
static const size_t kTcmPool = 16384;

[[noreturn]] static void fail(const char* what) {
  fprintf(stderr, "hostshim: %s\n", what);
  exit(3);
}

static c10::NeuronTensorImpl* make_impl(const int64_t* sizes, size_t ndim, int dtype) {
  if (ndim > 8) fail("more than 8 dimensions");
  c10::NeuronTensorImpl* impl = (c10::NeuronTensorImpl*)calloc(1, sizeof(c10::NeuronTensorImpl));
  int64_t numel = 1;
  for (size_t d = 0; d < ndim; d++) { impl->sizes_[d] = sizes[d]; numel *= sizes[d]; }
  int64_t stride = 1;
  for (size_t d = ndim; d-- > 0;) { impl->strides_[d] = stride; stride *= sizes[d]; }
  impl->dim_ = (int64_t)ndim;
  impl->numel_ = numel;
  impl->dtype_ = (c10::ScalarType)dtype;
  size_t bytes = (size_t)numel * c10::elementSize(impl->dtype_);
  void* data = malloc(bytes ? bytes : 1);
  memset(data, 0xcd, bytes);
  impl->hbm_addr_ = (uint64_t)(uintptr_t)data;
  impl->ctx_ptr_ = nullptr;
  return impl;
}

struct DType { const char* descr; int scalar; };
static const DType kDTypes[] = {
  {"<f4", 6}, {"|V2", 15}, {"<V2", 15}, {"<f2", 5}, {"<i4", 3}, {"<i2", 2}, {"|i1", 1}, {"<i1", 1}, {"|u1", 0}, {"<u1", 0},
};

torch::Tensor load_npy(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) fail("cannot open an input .npy");
  unsigned char head[12];
  if (fread(head, 1, 10, f) != 10 || memcmp(head, "\x93NUMPY", 6) != 0) fail("not a .npy file");
  size_t hlen = head[8] | (head[9] << 8);
  if (head[6] >= 2) {
    if (fread(head + 10, 1, 2, f) != 2) fail("truncated .npy header");
    hlen |= (size_t)head[10] << 16 | (size_t)head[11] << 24;
  }
  char* text = (char*)calloc(hlen + 1, 1);
  if (fread(text, 1, hlen, f) != hlen) fail("truncated .npy header");
  const char* d = strstr(text, "'descr'");
  const char* s = strstr(text, "'shape'");
  if (!d || !s || strstr(text, "'fortran_order': True")) fail("unsupported .npy header");
  d = strchr(d + 7, '\'');
  int dtype = -1;
  for (const DType& t : kDTypes) if (strncmp(d + 1, t.descr, strlen(t.descr)) == 0) dtype = t.scalar;
  if (dtype < 0) fail("unsupported .npy dtype");
  int64_t sizes[8];
  size_t ndim = 0;
  const char* p = strchr(s, '(') + 1;
  while (*p && *p != ')') {
    if (*p >= '0' && *p <= '9') { if (ndim == 8) fail("too many dimensions"); sizes[ndim++] = strtoll(p, (char**)&p, 10); }
    else p++;
  }
  c10::NeuronTensorImpl* impl = make_impl(sizes, ndim, dtype);
  size_t bytes = (size_t)impl->numel_ * c10::elementSize(impl->dtype_);
  if (fread((void*)(uintptr_t)impl->hbm_addr_, 1, bytes, f) != bytes) fail("truncated .npy data");
  fclose(f);
  free(text);
  return torch::Tensor(impl);
}

void save_npy(const char* path, const torch::Tensor& t) {
  c10::NeuronTensorImpl* impl = t.unsafeGetTensorImpl();
  const char* descr = "<f4";
  for (const DType& d : kDTypes) if (d.scalar == (int)impl->dtype_) { descr = d.descr; break; }
  char shape[256] = "";
  for (int64_t d = 0; d < impl->dim_; d++) {
    char num[32];
    snprintf(num, sizeof num, d + 1 == impl->dim_ && impl->dim_ != 1 ? "%lld" : "%lld,", (long long)impl->sizes_[d]);
    if (d) strcat(shape, " ");
    strcat(shape, num);
  }
  char header[512];
  int n = snprintf(header, sizeof header, "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, shape);
  int total = 10 + n + 1;
  int pad = (64 - total % 64) % 64;
  memset(header + n, ' ', pad);
  header[n + pad] = '\n';
  n += pad + 1;
  FILE* f = fopen(path, "wb");
  if (!f) fail("cannot write the output .npy");
  unsigned char pre[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(n & 255), (unsigned char)(n >> 8)};
  fwrite(pre, 1, 10, f);
  fwrite(header, 1, n, f);
  // element by element through the strides (the result may be a view)
  size_t elem = c10::elementSize(impl->dtype_);
  int64_t idx[8] = {0};
  for (int64_t k = 0; k < impl->numel_; k++) {
    int64_t off = 0;
    for (int64_t d = 0; d < impl->dim_; d++) off += idx[d] * impl->strides_[d];
    fwrite((const char*)(uintptr_t)impl->hbm_addr_ + off * elem, 1, elem, f);
    for (int64_t d = impl->dim_; d-- > 0;) { if (++idx[d] < impl->sizes_[d]) break; idx[d] = 0; }
  }
  fclose(f);
}

torch::Tensor empty_like(const torch::Tensor& t) {
  c10::NeuronTensorImpl* impl = t.unsafeGetTensorImpl();
  return torch::Tensor(make_impl(impl->sizes_, (size_t)impl->dim_, (int)impl->dtype_));
}
}  // namespace q7host

void* neuron_translate(void*, uint64_t addr) { return (void*)(uintptr_t)addr; }
void neuron_memcpy(void* local, void*, uint64_t hbm, size_t n, int direction) {
  if (direction == NEURON_MEMCPY_TO_HBM) memcpy((void*)(uintptr_t)hbm, local, n);
  else memcpy(local, (const void*)(uintptr_t)hbm, n);
}
void neuron_coherency_violation(const char* what, const void*, bool fatal) {
  if (fatal) q7host::fail(what);
  printf("coherency warning: %s\n", what);
}
void neuron_check_failed(const char* file, int line, const char* condition) {
  fprintf(stderr, "%s:%d: TORCH_CHECK(%s) failed\n", file, line, condition);
  exit(3);
}
void* __q7_tensor_create(const int64_t* sizes, size_t ndim, int dtype) { return q7host::make_impl(sizes, ndim, dtype); }
void* __q7_dst_tensor() { return q7host::dst; }
void* __q7_tcm_malloc(size_t nbytes) {
  if (q7host::tcm_used + nbytes > q7host::kTcmPool) return nullptr;
  // 64-byte aligned, as aligned vector loads need (the size is kept in the 64 bytes before the block)
  char* p = (char*)aligned_alloc(64, 64 + ((nbytes + 63) & ~(size_t)63));
  *(size_t*)p = nbytes;
  q7host::tcm_used += nbytes;
  return p + 64;
}
void __q7_tcm_free(void* ptr) {
  if (!ptr) return;
  size_t* p = (size_t*)((char*)ptr - 64);
  q7host::tcm_used -= *p;
  free(p);
}
void __q7_index_out_of_bounds(const void*, int64_t index, int64_t size, const int64_t*) {
  fprintf(stderr, "hostshim: index %lld out of bounds for size %lld\n", (long long)index, (long long)size);
  exit(3);
}
void __q7_copy_out_of_bounds(const void*, size_t offset, size_t count, size_t numel) {
  fprintf(stderr, "hostshim: copy of %zu elements at %zu past the end of %zu\n", count, offset, numel);
  exit(3);
}
// The reference build does not check element types (the emulated device does: a dtype-mismatch fault).
void __q7_check_dtype(uint64_t, int, const char*) {}
uint32_t get_cpu_id() { return q7host::cpu_id; }
uint32_t get_cpu_count() { return q7host::cpu_count; }
`;
