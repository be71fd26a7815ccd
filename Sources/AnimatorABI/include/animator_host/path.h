/*
 * animator-host ABI: paths and shape layers (ABI 1.5).
 *
 * A path is Core Graphics' CGPath: subpaths of lines and Bézier curves. A plugin makes
 * one from elements (or from a rectangle, an oval, a rounded rectangle or an arc), gets a
 * path handle, and sets it as a shape layer's "path" with layer_set and an ah_value of
 * type AH_VALUE_PATH, or uses it as an animation's from/to/keyframe value for the key
 * path "path". Paths never change once made; the host copies them where they are used,
 * so a handle may be released right after.
 *
 * Two paths with the same elements in the same order interpolate point by point, as
 * Core Animation animates a shape layer's path; paths that differ jump halfway.
 */
#ifndef ANIMATOR_HOST_PATH_H
#define ANIMATOR_HOST_PATH_H

#include <stdint.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A handle on a path the host holds (release it with path_release). */
typedef ah_handle ah_path;

/** What one path element does. New verbs are only ever appended. */
typedef uint32_t ah_path_verb;
/** Begins a subpath at points[0]. */
#define AH_PATH_MOVE 0u
/** A straight line from the current point to points[0]. */
#define AH_PATH_LINE 1u
/** A quadratic curve: control points[0], end points[1]. */
#define AH_PATH_QUAD 2u
/** A cubic curve: controls points[0] and points[1], end points[2]. */
#define AH_PATH_CUBIC 3u
/** Closes the subpath (a line back to its start); no points. */
#define AH_PATH_CLOSE 4u

/**
 * One element: a verb and up to three points (unused ones are ignored). The layout is
 * fixed for good (it has no version of its own: it only travels in arrays whose length
 * the call states).
 */
typedef struct ah_path_element {
    ah_path_verb verb;
    uint32_t reserved; /* 0 */
    ah_point points[3];
} ah_path_element;

/** The simple shapes path_create_shape makes. */
typedef uint32_t ah_path_shape;
/** A rectangle, from its minimum corner along x first. */
#define AH_PATH_SHAPE_RECT 0u
/** The ellipse inscribed in the rectangle: four cubic quarters from the right middle. */
#define AH_PATH_SHAPE_OVAL 1u
/** A rectangle with circular corners of the given radius (UIBezierPath(roundedRect:)). */
#define AH_PATH_SHAPE_ROUNDED_RECT 2u

/** A shape layer's "fillRule" (set with layer_set as a number). */
#define AH_FILL_RULE_NON_ZERO 0u
#define AH_FILL_RULE_EVEN_ODD 1u

/** A shape layer's "lineCap" (a number). */
#define AH_LINE_CAP_BUTT 0u
#define AH_LINE_CAP_ROUND 1u
#define AH_LINE_CAP_SQUARE 2u

/** A shape layer's "lineJoin" (a number). */
#define AH_LINE_JOIN_MITER 0u
#define AH_LINE_JOIN_ROUND 1u
#define AH_LINE_JOIN_BEVEL 2u

/** The most elements one path may have. */
#define AH_PATH_MAX_ELEMENTS 1048576u

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_PATH_H */
