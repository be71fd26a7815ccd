/*
 * animator-host ABI: what an animator says about itself.
 */
#ifndef ANIMATOR_HOST_DESCRIPTOR_H
#define ANIMATOR_HOST_DESCRIPTOR_H

#include <stdint.h>

#include "operation.h"
#include "param.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Flags of an animator descriptor. */
enum {
    /** The animator can be driven interactively (percent-driven or custom). */
    AH_ANIMATOR_INTERACTIVE = 1u << 0,
    /** (1.4, appended) One instance serves every transition made with the same parameter
     *  values, present and dismiss alike, as a transitioning delegate that returns the same
     *  object for both: state carries from a presentation to its dismissal. Without it
     *  the host may make an instance per transition. */
    AH_ANIMATOR_SHARED_INSTANCE = 1u << 1,
};

/**
 * Describes one animator a library offers. Owned by the plugin; must stay valid and
 * unchanged for as long as the library is loaded (the life of the process). The host
 * reads it only after `ah_plugin_entry.init` succeeded. A text longer than its limit
 * (below) gets the animator refused; the host never reads past the limit.
 */
typedef struct ah_animator_descriptor {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_animator_descriptor). */
    uint32_t struct_size;

    /** Required. Stable reverse-DNS id, e.g. "org.animatorhost.bubble". [a-z0-9._-], at
     *  least one '.', unique among everything installed: the first on the search path
     *  wins. At most 128 bytes. */
    const char *id;
    /** Required. Short name for the command line, e.g. "bubble": [a-z0-9_-], at most 64
     *  bytes. */
    const char *name;
    /** Optional. Human name, e.g. "Bubble"; the host shows `name` when NULL. At most 128
     *  bytes. */
    const char *display_name;
    /** Required. The animator's own version, e.g. "1.2.0". At most 64 bytes. */
    const char *version;
    /** Optional. One sentence; at most 4096 bytes. */
    const char *description;
    /** Optional. At most 256 bytes. */
    const char *author;
    /** Optional. At most 2048 bytes. */
    const char *url;
    /** Required, non-zero. The operations supported: AH_OP_* bits, nothing else. */
    ah_operation operations;
    /** AH_ANIMATOR_* flags. */
    uint32_t flags;
    /** Number of entries in `params`. */
    uint32_t param_count;
    /** `param_count` pointers to parameter descriptors (NULL when param_count is 0).
     *  Names are unique within the animator. */
    const ah_param_descriptor *const *params;
} ah_animator_descriptor;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_DESCRIPTOR_H */
