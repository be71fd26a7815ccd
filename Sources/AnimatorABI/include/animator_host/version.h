/*
 * animator-host ABI: versions.
 *
 * Every published struct of this ABI starts with an `ah_version` (the ABI the author
 * built against) followed by its own `struct_size`. The host reads a field only when
 * `struct_size` says the struct is long enough to hold it.
 *
 * Evolution rules (they are the contract between hosts and plugins):
 *  - MAJOR changes only when an existing field, function or meaning changes. A host
 *    loads only plugins of its own MAJOR.
 *  - MINOR grows when something is appended: a field at the end of a struct, a function
 *    at the end of the host table (in a batch marked with the minor that added it), a
 *    new enum value or flag bit. Nothing is ever reordered, removed or reused.
 *  - A host of MAJOR.M loads every plugin built for MAJOR.m with m <= M. A plugin built
 *    for a newer minor than the host is refused with both versions named.
 *  - A plugin that wants a function appended in minor m checks `host->abi.minor >= m`
 *    (or `struct_size`) before calling it.
 */
#ifndef ANIMATOR_HOST_VERSION_H
#define ANIMATOR_HOST_VERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The ABI major version described by these headers. */
#define AH_ABI_MAJOR 1u
/** The ABI minor version described by these headers. */
#define AH_ABI_MINOR 14u

/** A version pair. Compare majors for equality and minors for order. */
typedef struct ah_version {
    uint32_t major;
    uint32_t minor;
} ah_version;

/** Initializer for the `abi` field of every published struct. */
#define AH_ABI_VERSION_INIT { AH_ABI_MAJOR, AH_ABI_MINOR }

/** True when a host of version `host` can load something built for `built`. */
#define AH_VERSION_IS_COMPATIBLE(host, built) \
    ((built).major == (host).major && (built).minor <= (host).minor)

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_VERSION_H */
