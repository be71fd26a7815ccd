/*
 * animator-host ABI: the host function table.
 *
 * The host hands every animator instance a `const ah_host *` (see
 * ah_plugin_entry.create_animator). It is the only way a plugin reaches the host:
 * plugins never link against the host. Every function takes the table itself as its
 * first argument, so one process can run several independent hosts.
 *
 * The table only grows at its end, in batches marked with the ABI minor that added
 * them. A plugin checks `host->abi.minor` (or `host->struct_size`) before calling a
 * function of a later batch than 1.0. Slots are never reordered, removed or reused.
 *
 * Unless said otherwise a function:
 *   - may be called only from within a call the host made into the plugin, on that
 *     thread ([host-thread]);
 *   - checks every handle and returns AH_ERR_INVALID_HANDLE or AH_ERR_STALE_HANDLE for
 *     a bad one, AH_ERR_INVALID_ARGUMENT for a NULL out-pointer, and leaves the
 *     out-values untouched on error;
 *   - copies whatever it is given: the caller keeps ownership of its memory.
 */
#ifndef ANIMATOR_HOST_HOST_H
#define ANIMATOR_HOST_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "operation.h"
#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Severity of a log message. */
typedef uint32_t ah_log_level;
enum {
    AH_LOG_DEBUG = 0,
    AH_LOG_INFO = 1,
    AH_LOG_WARNING = 2,
    AH_LOG_ERROR = 3,
};

typedef struct ah_host ah_host;

struct ah_host {
    /** The ABI version the host implements. */
    ah_version abi;
    /** sizeof(ah_host) as the host was built: functions beyond it do not exist. */
    uint32_t struct_size;
    /** The host's own pointer. Plugins must not touch it. */
    void *host_data;
    /** The host's name, e.g. "animator-host". Static, NUL-terminated UTF-8. */
    const char *name;
    /** The host's version, e.g. "0.1.0". Static, NUL-terminated UTF-8. */
    const char *version;

    /* ---- Batch 1.0 ------------------------------------------------------------ */

    /**
     * Records a message in the host's log for this run. [any thread]
     * `message` is NUL-terminated UTF-8, copied; NULL is ignored. Never fails.
     */
    void (*log)(const ah_host *host, ah_log_level level, const char *message);

    /**
     * The operation of the transition (exactly one AH_OP_* bit).
     * Returns AH_OK and writes `*out`, or an error.
     */
    ah_status (*context_operation)(const ah_host *host, ah_context ctx, ah_operation *out);

    /**
     * transitionContext.isAnimated: false when the transition runs without animation.
     * Returns AH_OK and writes `*out`, or an error.
     */
    ah_status (*context_is_animated)(const ah_host *host, ah_context ctx, bool *out);

    /**
     * transitionContext.isInteractive: true while an interaction controller drives it.
     * Returns AH_OK and writes `*out`, or an error.
     */
    ah_status (*context_is_interactive)(const ah_host *host, ah_context ctx, bool *out);
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_HOST_H */
