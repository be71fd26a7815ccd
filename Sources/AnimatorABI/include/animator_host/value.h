/*
 * animator-host ABI: animatable values (batch 1.1).
 */
#ifndef ANIMATOR_HOST_VALUE_H
#define ANIMATOR_HOST_VALUE_H

#include <stdint.h>

#include "path.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A 4×4 transform with Core Animation's conventions (CATransform3D): row vectors, so a
 * point [x y z 1] times the matrix; translation in m41…m43, perspective in m34 (−1/d).
 * UIView's affine transform (a, b, c, d, tx, ty) is m11, m12, m21, m22, m41, m42.
 */
typedef struct ah_transform3d {
    double m11, m12, m13, m14;
    double m21, m22, m23, m24;
    double m31, m32, m33, m34;
    double m41, m42, m43, m44;
} ah_transform3d;

/** The kind of an ah_value. */
typedef uint32_t ah_value_type;
enum {
    AH_VALUE_NUMBER = 0,
    AH_VALUE_POINT = 1,
    AH_VALUE_SIZE = 2,
    AH_VALUE_RECT = 3,
    AH_VALUE_COLOR = 4,
    AH_VALUE_TRANSFORM = 5,
    /** ABI 1.5: a path handle (a shape layer's "path"); see path.h. */
    AH_VALUE_PATH = 6,
};

/** The largest magnitude of a number in a value or a path: 1e12 points (or units). */
#define AH_VALUE_MAXIMUM_MAGNITUDE 1e12

/**
 * A value a key path holds: a number (opacity, cornerRadius, position.x...), a point
 * (position, anchorPoint), a size (bounds.size, shadowOffset), a rect (bounds, frame), a
 * color (backgroundColor, borderColor, shadowColor) or a transform (transform). Booleans
 * (hidden, masksToBounds) are numbers, 0 or 1; maskedCorners a number of bits, 0 to 15. From ABI 1.5 a path (path, a shape
 * layer's key) is a path handle. Only the member of `type` is read.
 *
 * Every number a plugin gives must be finite and within ±AH_VALUE_MAXIMUM_MAGNITUDE: the
 * host refuses anything else (AH_ERR_INVALID_ARGUMENT), in a sandbox child and in process
 * alike, since frames cannot carry it.
 */
typedef struct ah_value {
    ah_value_type type;
    union {
        double number;
        ah_point point;
        ah_size size;
        ah_rect rect;
        ah_color color;
        ah_transform3d transform;
        ah_path path;
    };
} ah_value;

/** A handle on a layer; views are layers that back a view (see view_create). */
typedef ah_handle ah_layer;

/** A handle on a property animator (UIViewPropertyAnimator). */
typedef ah_handle ah_property_animator;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_VALUE_H */
