#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// The heap allocations this process has made so far (every malloc, calloc, realloc and aligned allocation), or -1
/// where they are not counted (a C library other than glibc).
long long widget_i18n_allocations(void);

#endif
