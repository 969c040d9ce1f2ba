// Counts the process's heap allocations for `widget-i18n-bench format`'s `allocs` figures.
//
// On glibc an executable that defines `malloc` and its siblings interposes them for every library it loads (the
// Swift runtime's swift_slowAlloc calls malloc, or posix_memalign for wider alignments); each definition here
// counts the call and hands it to glibc's own allocator through the `__libc_*` entry points glibc exports for
// exactly this (glibc manual, "Replacing malloc"). Elsewhere nothing is replaced and the count is -1.
#include "AllocationCounter.h"

#include <errno.h>  // (and with it <features.h>, which says whether this is glibc)
#include <stdatomic.h>
#include <stddef.h>

#if defined(__linux__) && defined(__GLIBC__)
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic long long allocations;

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

void *malloc(size_t size) {
    count();
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    count();
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    count();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

long long widget_i18n_allocations(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
#else
long long widget_i18n_allocations(void) { return -1; }
#endif
