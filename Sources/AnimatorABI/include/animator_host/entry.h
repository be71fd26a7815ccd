/*
 * animator-host ABI: the one symbol a plugin library exports.
 *
 * A plugin is a shared library that exports a function named AH_ENTRY_SYMBOL
 * ("animator_host_entry") of type ah_entry_function. The host:
 *   1. dlopens the library (RTLD_NOW | RTLD_LOCAL) and never dlcloses it;
 *   2. calls the entry function once and checks the returned struct's `abi`
 *      (same major, minor not newer than the host's) and `struct_size`;
 *   3. calls `init` once with the library's path;
 *   4. reads `animator_count` descriptors and checks each;
 *   5. creates instances with `create_animator` when it runs a transition.
 */
#ifndef ANIMATOR_HOST_ENTRY_H
#define ANIMATOR_HOST_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#include "animator.h"
#include "descriptor.h"
#include "host.h"
#include "param.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The name of the exported entry function. */
#define AH_ENTRY_SYMBOL "animator_host_entry"

typedef struct ah_plugin_entry {
    /** AH_ABI_VERSION_INIT: the ABI the library was built against. */
    ah_version abi;
    /** sizeof(ah_plugin_entry). */
    uint32_t struct_size;

    /**
     * Prepares the library. Required. [host-thread] [once]
     * `plugin_path` is the library's path (NUL-terminated, owned by the host, valid
     * during the call). Returns false to refuse loading; the host then reports the
     * library as failed and calls nothing else in it.
     */
    bool (*init)(const char *plugin_path);

    /**
     * Releases what init acquired. Optional (NULL). [host-thread]
     * Called at most once, after the last instance was destroyed. The library stays
     * mapped afterwards: hosts never unload plugin libraries.
     */
    void (*deinit)(void);

    /** Number of animators the library offers (>= 1). Required. [host-thread] */
    uint32_t (*animator_count)(void);

    /**
     * Descriptor of animator `index` (< animator_count()). Required. [host-thread]
     * Returns a pointer owned by the library, valid for the life of the process, or NULL
     * for an index out of range.
     */
    const ah_animator_descriptor *(*animator_descriptor)(uint32_t index);

    /**
     * Creates an instance of the animator whose descriptor id is `animator_id`.
     * Required. [host-thread]
     * `host` stays valid until the instance is destroyed. `params` holds exactly one
     * value per descriptor parameter, in descriptor order, already checked against its
     * type and range (`param_count` equals the descriptor's); the array and its strings
     * are owned by the host and valid only during this call: copy what you keep.
     * Returns the instance, or NULL for an unknown id or on failure.
     */
    const ah_animator *(*create_animator)(const ah_host *host, const char *animator_id,
                                          const ah_param_value *params, uint32_t param_count);
} ah_plugin_entry;

/**
 * The type of the exported entry function. It may be called more than once and must
 * return the same pointer each time, to a struct valid for the life of the process.
 * It must do no other work: allocation and setup belong in `init`.
 */
typedef const ah_plugin_entry *(*ah_entry_function)(void);

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_ENTRY_H */
