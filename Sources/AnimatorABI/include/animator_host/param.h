/*
 * animator-host ABI: animator parameters.
 *
 * An animator declares its parameters in its descriptor so that the host can list them,
 * check a user's `--param name=value` before anything runs, and hand the animator a
 * complete, typed set of values when it creates an instance.
 */
#ifndef ANIMATOR_HOST_PARAM_H
#define ANIMATOR_HOST_PARAM_H

#include <stdbool.h>
#include <stdint.h>

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The type of a parameter. New types may be appended in later minors. */
typedef uint32_t ah_param_type;
enum {
    /** A double; optionally bounded by min and max. Text form: `0.4`. */
    AH_PARAM_NUMBER = 0,
    /** A boolean. Text form: `true` or `false`. */
    AH_PARAM_BOOL = 1,
    /** An ah_point. Text form: `x,y`. */
    AH_PARAM_POINT = 2,
    /** An ah_size. Text form: `width,height` or `WxH`. */
    AH_PARAM_SIZE = 3,
    /** An ah_color. Text form: `#rrggbb` or `#rrggbbaa`. */
    AH_PARAM_COLOR = 4,
    /** A UTF-8 string. */
    AH_PARAM_STRING = 5,
    /** One of a fixed list of names (`enum_values`). */
    AH_PARAM_ENUM = 6,
};

/** Flags of a parameter descriptor. */
enum {
    /** `min` is meaningful (AH_PARAM_NUMBER only). */
    AH_PARAM_HAS_MIN = 1u << 0,
    /** `max` is meaningful (AH_PARAM_NUMBER only). */
    AH_PARAM_HAS_MAX = 1u << 1,
};

/**
 * A parameter value. Only the field(s) of `type` are meaningful; the others are zero.
 * For AH_PARAM_ENUM both `string` (the chosen name) and `enum_index` are set.
 * Strings are owned by whoever built the value (see where it is passed).
 */
typedef struct ah_param_value {
    ah_param_type type;
    uint32_t enum_index;
    double number;
    bool boolean;
    ah_point point;
    ah_size size;
    ah_color color;
    const char *string;
} ah_param_value;

/**
 * Describes one parameter. Owned by the plugin; must stay valid and unchanged for as
 * long as the library is loaded (that is, for the life of the process).
 */
typedef struct ah_param_descriptor {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_param_descriptor). */
    uint32_t struct_size;

    /** Required. An identifier: a letter, then letters, digits, '_' or '-'; at most 64
     *  bytes (so is each enum value; a string default at most 4096). */
    const char *name;
    /** Required. One of the AH_PARAM_* types. */
    ah_param_type type;
    /** AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX, or 0. */
    uint32_t flags;
    /** Optional. One line of help for `animator-host inspect`; at most 1024 bytes. */
    const char *help;
    /** Required. The default; its `type` must equal `type` and it must be in range. */
    ah_param_value default_value;
    /** Lower bound (inclusive) when AH_PARAM_HAS_MIN is set. */
    double min;
    /** Upper bound (inclusive) when AH_PARAM_HAS_MAX is set. */
    double max;
    /** AH_PARAM_ENUM only: `enum_count` (>= 1) distinct names. NULL otherwise. */
    const char *const *enum_values;
    uint32_t enum_count;
} ah_param_descriptor;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_PARAM_H */
