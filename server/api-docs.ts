// One-line documentation of the Neuron device API (from the public custom-op reference), keyed by the
// qualified name the semantic model gives the function; shown in hovers and completion items.

const DOCS: Record<string, string> = {
  'at::TensorBase::accessor': 'Random access to the elements (`acc[i][j]`), straight to HBM with one window translation per element. Single-core only; no bounds checking. On a `const Tensor` the accessor is read-only.',
  'at::TensorBase::read_stream_accessor': 'Sequential reader: `read()` returns the next element from a 4 KB TCM buffer, `close()` ends the stream. Reading past the end is undefined. Single-core only.',
  'at::TensorBase::write_stream_accessor': 'Sequential writer: `write(x)` appends the next element; data reaches the tensor on `close()` or when the stream goes out of scope. Must be the only accessor of its tensor.',
  'at::TensorBase::tcm_accessor': 'Explicit bulk copies between the tensor (HBM) and a TCM buffer; no coherency checks. The only accessor allowed in multicore mode.',
  'at::TensorBase::set_accessor_coherence_policy': 'What a mix of accessors on this tensor does: COHERENT (default) fails the op, INCOHERENT_VERBOSE prints a warning, INCOHERENT_QUIET does nothing.',
  'at::TensorBase::get_accessor_coherence_policy': "The tensor's coherence policy (COHERENT unless set).",
  'at::TensorBase::numel': 'Number of elements.',
  'at::TensorBase::sizes': 'The shape, as an IntArrayRef of int64_t.',
  'at::TensorBase::size': 'The size of one dimension (negative indices count from the end).',
  'at::TensorBase::dim': 'Number of dimensions (at most 8 of at most 65535 each, or 4 of at most 4294967295).',
  'at::TensorBase::scalar_type': 'The dtype.',
  'at::TensorTcmAccessor::tensor_to_tcm': 'Copies `num_elem` elements from element `tensor_offset` of the flattened tensor into the TCM buffer: (TCM pointer, element offset, count).',
  'at::TensorTcmAccessor::tcm_to_tensor': 'Copies `num_elem` elements from the TCM buffer to element `tensor_offset` of the flattened tensor: (TCM pointer, element offset, count) — same order as tensor_to_tcm.',
  'at::TensorReadStreamAccessor::read': 'The next element (served from the 4 KB TCM buffer, refilled by DMA).',
  'at::TensorReadStreamAccessor::close': 'Ends the stream and releases its buffered-reader slot and its 4 KB of TCM.',
  'at::TensorWriteStreamAccessor::write': 'Appends the next element to the 4 KB TCM buffer (flushed to HBM when full).',
  'at::TensorWriteStreamAccessor::close': 'Flushes the buffer to the tensor and releases the writer slot and its 4 KB of TCM.',
  'torch::neuron::tcm_malloc': 'Allocates from the 16 KB TCM pool of this core (each open stream holds 4 KB of it). Returns nullptr when the pool is exhausted.',
  'torch::neuron::tcm_free': 'Returns a tcm_malloc buffer to the pool. Freeing any other pointer is undefined.',
  get_dst_tensor: "The op's output tensor, to write in place; the kernel's return value is then ignored. Required in multicore mode.",
  get_cpu_id: "This core's id, in [0, get_cpu_count()).",
  get_cpu_count: 'The number of GPSIMD cores running the kernel (8 per NeuronCore-v2).',
  printf: 'Buffered on the device and printed by the runtime after the run; in multicore mode only core 0 prints.',
  'at::zeros': 'A new tensor filled with 0. Only the dtype option matters, and it must be given.',
  'at::ones': 'A new tensor filled with 1. Only the dtype option matters, and it must be given.',
  'at::empty': 'A new tensor with uninitialised contents. Only the dtype option matters, and it must be given.',
  'at::full': 'A new tensor filled with a value. Only the dtype option matters, and it must be given.',
  'at::eye': 'A new 2-D identity tensor.',
};

const OPS = ['abs', 'ceil', 'floor', 'sin', 'cos', 'tan', 'log', 'log2', 'log10', 'exp', 'bitwise_not', 'add', 'sub', 'mul', 'div', 'pow', 'clamp', 'bitwise_and', 'bitwise_or'];

/** The one-line doc of a function, by its qualified name. */
export function apiDoc(qualifiedName: string): string | undefined {
  if (DOCS[qualifiedName]) return DOCS[qualifiedName];
  const m = /^at::(\w+?)(_out)?$/.exec(qualifiedName);
  if (m && OPS.includes(m[1])) {
    return m[2]
      ? `Elementwise ${m[1]} into the given result tensor. No broadcasting: shapes must match.`
      : `Elementwise ${m[1]} into a new tensor. No broadcasting: shapes must match.`;
  }
  return undefined;
}
