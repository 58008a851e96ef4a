#undef assert
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#ifndef __Q7_ASSERT_DECLARED
#define __Q7_ASSERT_DECLARED
void __q7_assert_failed(const char* expr, const char* file, int line);
#endif
#define assert(e) ((e) ? (void)0 : __q7_assert_failed(#e, __FILE__, __LINE__))
#endif
