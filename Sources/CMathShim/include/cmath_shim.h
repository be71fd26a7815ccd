/* Internal to the host: C math the Swift Glibc module does not export. */
#ifndef ANIMATOR_HOST_CMATH_SHIM_H
#define ANIMATOR_HOST_CMATH_SHIM_H

/** sin(x) and cos(x) from one range reduction (glibc's sincos). */
static inline void ah_sincos(double x, double *sine, double *cosine) {
    __builtin_sincos(x, sine, cosine);
}

#endif
