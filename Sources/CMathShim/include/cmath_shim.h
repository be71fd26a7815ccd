/* Internal to the host: C math the Swift Glibc module does not export, a cache hint, a
   wide fill and a checksum in the processor's vector instructions. */
#ifndef ANIMATOR_HOST_CMATH_SHIM_H
#define ANIMATOR_HOST_CMATH_SHIM_H

#include <wchar.h>

/** sin(x) and cos(x) from one range reduction (glibc's sincos). */
static inline void ah_sincos(double x, double *sine, double *cosine) {
    __builtin_sincos(x, sine, cosine);
}

/** A hint that `address` will soon be read: its cache line is fetched ahead. A hint only:
    any address is allowed, a bad one is ignored and nothing faults. */
static inline void ah_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

/** Fills `count` 32-bit words at `words` with `value` through glibc's wmemset (wchar_t is
    four bytes on Linux), which uses the widest stores the processor has. */
static inline void ah_fill32(unsigned int *words, unsigned int value, unsigned long count) {
    _Static_assert(sizeof(wchar_t) == 4, "wchar_t is four bytes");
    wmemset((wchar_t *)words, (wchar_t)value, count);
}

/** Whether `ah_adler32_sse2` is built (x86-64, whose every processor has SSE2). */
#if defined(__SSE2__)
#define AH_HAS_ADLER32_SSE2 1
/** The Adler-32 sums (`*a`, `*b`, each below 65521) after `count` more bytes from
    `bytes`, continuing from `*a` and `*b`. Contract: `bytes` holds `count` readable bytes
    (any alignment); `*a` and `*b` are below 65521 on entry. */
void ah_adler32_sse2(const unsigned char *bytes, unsigned long count, unsigned int *a, unsigned int *b);
#endif

#endif
