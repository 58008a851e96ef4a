// The C heap of the runtime library: malloc, free, calloc and realloc over the region the linker's
// heap file (compiler/link.ts) bounds with `__q7_heap_base()` / `__q7_heap_limit()`. First fit over a
// free list kept sorted by address, neighbours coalesced on free; every block has an 8-byte header
// (size, tag) and 8-byte-aligned payloads. malloc(0) returns a unique pointer (a minimum block);
// exhaustion returns null without touching the heap; free(NULL) and frees of pointers the heap did
// not hand out (or already freed) are ignored.

/* size_t: from the libc part, which precedes this one in the runtime's translation unit */
unsigned __q7_heap_base();
unsigned __q7_heap_limit();
void* memcpy(void* dst, const void* src, size_t n);
void* memset(void* dst, int value, size_t n);

struct __q7_heap_block {
  unsigned size; /* whole block in bytes, header included, a multiple of 8 */
  unsigned tag;  /* __Q7_HEAP_USED or __Q7_HEAP_FREE */
  __q7_heap_block* next; /* free blocks only: the next free block by address */
};

static __q7_heap_block* __q7_heap_free_list;
static unsigned __q7_heap_lo;
static unsigned __q7_heap_hi;
static bool __q7_heap_ready;

static const unsigned __Q7_HEAP_USED = 0xa110c8edu;
static const unsigned __Q7_HEAP_FREE = 0xf4eeb10cu;
static const unsigned __Q7_HEAP_HEADER = 8u;
static const unsigned __Q7_HEAP_MIN = 16u;

static void __q7_heap_init() {
  __q7_heap_ready = true;
  unsigned lo = (__q7_heap_base() + 7u) & ~7u;
  unsigned hi = __q7_heap_limit() & ~7u;
  if (hi <= lo || hi - lo < __Q7_HEAP_MIN) return;
  __q7_heap_lo = lo;
  __q7_heap_hi = hi;
  __q7_heap_block* all = (__q7_heap_block*)lo;
  all->size = hi - lo;
  all->tag = __Q7_HEAP_FREE;
  all->next = nullptr;
  __q7_heap_free_list = all;
}

/* The block size for a request, or 0 when it cannot be satisfied by any heap. */
static unsigned __q7_heap_block_size(size_t n) {
  if (n > 0x7ffffff0u) return 0;
  unsigned size = (n + __Q7_HEAP_HEADER + 7u) & ~7u;
  return size < __Q7_HEAP_MIN ? __Q7_HEAP_MIN : size;
}

void* malloc(size_t n) {
  if (!__q7_heap_ready) __q7_heap_init();
  unsigned size = __q7_heap_block_size(n);
  if (size == 0) return nullptr;
  __q7_heap_block** link = &__q7_heap_free_list;
  while (*link != nullptr && (*link)->size < size) link = &(*link)->next;
  __q7_heap_block* block = *link;
  if (block == nullptr) return nullptr;
  if (block->size - size >= __Q7_HEAP_MIN) {
    __q7_heap_block* rest = (__q7_heap_block*)((unsigned)block + size);
    rest->size = block->size - size;
    rest->tag = __Q7_HEAP_FREE;
    rest->next = block->next;
    *link = rest;
    block->size = size;
  } else {
    *link = block->next;
  }
  block->tag = __Q7_HEAP_USED;
  return (void*)((unsigned)block + __Q7_HEAP_HEADER);
}

/* The header of a pointer malloc handed out and that is still in use, else null. */
static __q7_heap_block* __q7_heap_owner(void* p) {
  unsigned at = (unsigned)p;
  if ((at & 7u) != 0 || at < __q7_heap_lo + __Q7_HEAP_HEADER || at >= __q7_heap_hi) return nullptr;
  __q7_heap_block* block = (__q7_heap_block*)(at - __Q7_HEAP_HEADER);
  return block->tag == __Q7_HEAP_USED ? block : nullptr;
}

/* Merges a free block with the free block right after it when they touch. */
static void __q7_heap_merge_next(__q7_heap_block* block) {
  __q7_heap_block* next = block->next;
  if (next != nullptr && (unsigned)block + block->size == (unsigned)next) {
    block->size += next->size;
    block->next = next->next;
    next->tag = 0;
  }
}

void free(void* p) {
  if (p == nullptr) return;
  __q7_heap_block* block = __q7_heap_owner(p);
  if (block == nullptr) return;
  __q7_heap_block* prev = nullptr;
  __q7_heap_block* after = __q7_heap_free_list;
  while (after != nullptr && (unsigned)after < (unsigned)block) {
    prev = after;
    after = after->next;
  }
  block->tag = __Q7_HEAP_FREE;
  block->next = after;
  if (prev == nullptr) __q7_heap_free_list = block;
  else prev->next = block;
  __q7_heap_merge_next(block);
  if (prev != nullptr) __q7_heap_merge_next(prev);
}

void* calloc(size_t count, size_t each) {
  if (each != 0 && count > 0xffffffffu / each) return nullptr;
  size_t n = count * each;
  void* p = malloc(n);
  if (p != nullptr) memset(p, 0, n);
  return p;
}

void* realloc(void* p, size_t n) {
  if (p == nullptr) return malloc(n);
  __q7_heap_block* block = __q7_heap_owner(p);
  if (block == nullptr) return nullptr;
  unsigned have = block->size - __Q7_HEAP_HEADER;
  if (n <= have) return p;
  void* q = malloc(n);
  if (q == nullptr) return nullptr;
  memcpy(q, p, have);
  free(p);
  return q;
}
