/* The shim is header-only; a C target needs one source file. */
#include "cmath_shim.h"
