/*
 * animator-host ABI: plain value types shared by every other header.
 *
 * Only C scalars, fixed-layout structs and 64-bit handles cross the boundary. Points,
 * sizes and rects are in points (UIKit's unit), y grows downwards, colors are
 * non-premultiplied sRGB components in [0, 1].
 */
#ifndef ANIMATOR_HOST_TYPES_H
#define ANIMATOR_HOST_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Result of every host function that can fail. Zero is success; errors are negative so
 * a plugin can test `status < 0`. New codes may be appended in later minors: treat any
 * unknown negative value as a generic failure.
 */
typedef int32_t ah_status;
enum {
    AH_OK = 0,
    /** The handle was never issued by this host, or names an object of another kind. */
    AH_ERR_INVALID_HANDLE = -1,
    /** The handle was valid once, but its object is gone (e.g. the transition ended). */
    AH_ERR_STALE_HANDLE = -2,
    /** A pointer argument was NULL, or a value was out of range. */
    AH_ERR_INVALID_ARGUMENT = -3,
    /** The call is not allowed now (e.g. completing a transition a second time). */
    AH_ERR_INVALID_STATE = -4,
    /** This host does not implement the request. */
    AH_ERR_UNSUPPORTED = -5,
};

/** A point, in points. */
typedef struct ah_point {
    double x;
    double y;
} ah_point;

/** A size, in points. */
typedef struct ah_size {
    double width;
    double height;
} ah_size;

/** A rectangle: origin and size, in points. */
typedef struct ah_rect {
    ah_point origin;
    ah_size size;
} ah_rect;

/** A color: sRGB components, not premultiplied, each in [0, 1]. */
typedef struct ah_color {
    double red;
    double green;
    double blue;
    double alpha;
} ah_color;

/**
 * A handle: an id the host issued for one of its objects (a transition context, a view,
 * a layer, an animation...). The host checks every handle it is given: a forged, stale or
 * wrongly typed handle makes the call return AH_ERR_INVALID_HANDLE or
 * AH_ERR_STALE_HANDLE, never crash. Zero is never a valid handle ("none").
 */
typedef uint64_t ah_handle;

/** The transition context of one transition (UIViewControllerContextTransitioning). */
typedef ah_handle ah_context;

/** The "no handle" value. */
#define AH_NULL_HANDLE ((ah_handle)0)

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_TYPES_H */
