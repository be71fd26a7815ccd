/* Internal to the host: C math the Swift Glibc module does not export, and a cache hint. */
#ifndef ANIMATOR_HOST_CMATH_SHIM_H
#define ANIMATOR_HOST_CMATH_SHIM_H

/** sin(x) and cos(x) from one range reduction (glibc's sincos). */
static inline void ah_sincos(double x, double *sine, double *cosine) {
    __builtin_sincos(x, sine, cosine);
}

/** A hint that `address` will soon be read: its cache line is fetched ahead. A hint only:
    any address is allowed, a bad one is ignored and nothing faults. */
static inline void ah_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
