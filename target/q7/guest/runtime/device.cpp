// The guest side of the device contract (target/q7/abi.ts, whose numbers are the macros of
// <q7/abi.h>) as C++ compiled into the runtime library: the log ring that printf writes in kernel mode, the TCM pool allocator, the tensor factory
// and launch-block readers behind the SDK's inline functions, and the device reports (TORCH_CHECK,
// coherency conflicts, sanitizer findings). Device calls go through the ROM's `__q7_device_call`
// (SIMCALL with a2 = number, a3..a7 = arguments). Fatal reports stop the core on the device; should a
// host return from one, the program exits with status 134 (as abort does).

#include <q7/abi.h>

/* The TCM pool's bookkeeping: most blocks it hands out at once (kept outside the pool), and its granule in bytes. */
#define Q7_TCM_MAX_BLOCKS 32u
#define Q7_TCM_GRANULE 16u

int __q7_device_call(int number, unsigned a, unsigned b, unsigned c, unsigned d, unsigned e);
void __q7_exit(int code);

static unsigned __q7_mailbox_word(unsigned offset) { return *(volatile unsigned*)(Q7_CSR_BASE + offset); }
static unsigned __q7_launch_word(unsigned offset) { return *(volatile unsigned*)(Q7_LAUNCH_BASE + offset); }

static void __q7_fatal_report(int kind, unsigned message, unsigned a0, unsigned a1, unsigned a2) {
  /* the device stops the core unless that sanitizer is switched off (then it answers REPORT_IGNORED) */
  if (__q7_device_call(Q7_DEVICE_CALL_REPORT, (unsigned)kind, message, a0, a1, a2) == Q7_REPORT_IGNORED) return;
  __q7_exit(134);
}

/* printf/puts in kernel mode: append to the mailbox's log ring (head counts every byte ever written;
   the byte at head goes to ring[head % size]), then tell the device the new head. */
int __q7_log_write(const char* buf, unsigned len) {
  unsigned size = __q7_mailbox_word(Q7_MAILBOX_LOG_BUF_SIZE);
  char* ring = (char*)__q7_mailbox_word(Q7_MAILBOX_LOG_BUF_PTR);
  unsigned head = __q7_mailbox_word(Q7_MAILBOX_LOG_HEAD);
  if (size != 0 && ring != nullptr) {
    unsigned from = len > size ? len - size : 0;
    for (unsigned i = from; i < len; i++) ring[(head + i) % size] = buf[i];
  }
  head += len;
  *(volatile unsigned*)(Q7_CSR_BASE + Q7_MAILBOX_LOG_HEAD) = head;
  __q7_device_call(Q7_DEVICE_CALL_LOG_WRITTEN, head, 0, 0, 0, 0);
  return (int)len;
}

/* The TCM pool: first fit over blocks kept sorted by offset; sizes rounded up to Q7_TCM_GRANULE bytes. */
struct __q7_tcm_block {
  unsigned offset;
  unsigned size;
  unsigned requested;
};
static __q7_tcm_block __q7_tcm_blocks[Q7_TCM_MAX_BLOCKS];
static unsigned __q7_tcm_count;

void* __q7_tcm_malloc(unsigned nbytes) {
  unsigned size = ((nbytes == 0 ? 1 : nbytes) + (Q7_TCM_GRANULE - 1u)) & ~(Q7_TCM_GRANULE - 1u);
  if (nbytes > Q7_TCM_POOL_SIZE || __q7_tcm_count == Q7_TCM_MAX_BLOCKS) return nullptr;
  unsigned at = 0;
  unsigned index = 0;
  while (index < __q7_tcm_count && __q7_tcm_blocks[index].offset - at < size) {
    at = __q7_tcm_blocks[index].offset + __q7_tcm_blocks[index].size;
    index++;
  }
  if (index == __q7_tcm_count && Q7_TCM_POOL_SIZE - at < size) return nullptr;
  for (unsigned k = __q7_tcm_count; k > index; k--) __q7_tcm_blocks[k] = __q7_tcm_blocks[k - 1];
  __q7_tcm_blocks[index].offset = at;
  __q7_tcm_blocks[index].size = size;
  __q7_tcm_blocks[index].requested = nbytes;
  __q7_tcm_count++;
  unsigned ptr = Q7_TCM_POOL_BASE + at;
  __q7_device_call(Q7_DEVICE_CALL_TCM_EVENT, Q7_TCM_EVENT_ALLOC, ptr, nbytes, 0, 0);
  return (void*)ptr;
}

void __q7_tcm_free(void* p) {
  if (p == nullptr) return;
  unsigned ptr = (unsigned)p;
  for (unsigned index = 0; index < __q7_tcm_count; index++) {
    if (Q7_TCM_POOL_BASE + __q7_tcm_blocks[index].offset == ptr) {
      unsigned requested = __q7_tcm_blocks[index].requested;
      for (unsigned k = index; k + 1 < __q7_tcm_count; k++) __q7_tcm_blocks[k] = __q7_tcm_blocks[k + 1];
      __q7_tcm_count--;
      __q7_device_call(Q7_DEVICE_CALL_TCM_EVENT, Q7_TCM_EVENT_FREE, ptr, requested, 0, 0);
      return;
    }
  }
  __q7_fatal_report(Q7_REPORT_BAD_TCM_FREE, (unsigned)"tcm_free of a pointer that tcm_malloc did not return", ptr, 0, 0);
}

void* __q7_tensor_create(const long long* sizes, unsigned ndim, int dtype) {
  return (void*)__q7_device_call(Q7_DEVICE_CALL_TENSOR_CREATE, (unsigned)sizes, ndim, (unsigned)dtype, 0, 0);
}

void __q7_check_dtype(unsigned long long hbm_addr, int dtype, const char* what) {
  __q7_device_call(Q7_DEVICE_CALL_CHECK_DTYPE, (unsigned)hbm_addr, (unsigned)(hbm_addr >> 32), (unsigned)dtype, (unsigned)what, 0);
}

void* __q7_dst_tensor() {
  return (void*)__q7_launch_word(Q7_LAUNCH_DST_TENSOR);
}

unsigned get_cpu_count() {
  return __q7_launch_word(Q7_LAUNCH_CORE_COUNT);
}

void neuron_check_failed(const char* file, int line, const char* condition) {
  __q7_fatal_report(Q7_REPORT_CHECK_FAILED, (unsigned)condition, (unsigned)file, (unsigned)line, 0);
}

void __q7_assert_failed(const char* expr, const char* file, int line) {
  __q7_fatal_report(Q7_REPORT_ASSERT_FAILED, (unsigned)expr, (unsigned)file, (unsigned)line, 0);
}

void neuron_coherency_violation(const char* what, const void* enforcer, bool fatal) {
  if (fatal) __q7_fatal_report(Q7_REPORT_COHERENCY, (unsigned)what, (unsigned)enforcer, 0, 0);
  else __q7_device_call(Q7_DEVICE_CALL_REPORT, Q7_REPORT_COHERENCY_WARNING, (unsigned)what, (unsigned)enforcer, 0, 0);
}

/* The dimension is counted from the tensor's first: the accessor's sizes point into the tensor's
   NeuronTensorImpl::sizes_, whose handle holds the impl pointer just before the enforcer. */
void __q7_index_out_of_bounds(const void* enforcer, long long index, long long size, const long long* sizes) {
  const long long* impl = *(const long long* const*)((const char*)enforcer - (Q7_TENSOR_HANDLE_ENFORCER - Q7_TENSOR_HANDLE_IMPL));
  int dim = impl != nullptr ? (int)(sizes - impl) : -1;
  int clamped = index > 2147483647LL ? 2147483647 : index < -2147483647LL - 1 ? -2147483647 - 1 : (int)index;
  __q7_fatal_report(Q7_REPORT_OUT_OF_BOUNDS, (unsigned)enforcer, (unsigned)clamped, (unsigned)size, (unsigned)dim);
}

void __q7_copy_out_of_bounds(const void* data, unsigned offset, unsigned count, unsigned numel) {
  __q7_fatal_report(Q7_REPORT_COPY_OUT_OF_BOUNDS, (unsigned)data, offset, count, numel);
}
