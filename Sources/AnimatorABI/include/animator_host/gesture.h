/*
 * animator-host ABI: gesture samples, for animators that are their own interaction
 * controller (UIViewControllerInteractiveTransitioning). Added in ABI 1.3.
 */
#ifndef ANIMATOR_HOST_GESTURE_H
#define ANIMATOR_HOST_GESTURE_H

#include <stdint.h>

#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The kind of gesture driving a transition. */
typedef uint32_t ah_gesture_kind;
enum {
    /** A pan: `value` is the translation in points along the trace's axis. */
    AH_GESTURE_PAN = 0,
    /** A pinch: `value` is the scale (1 at the start, as UIPinchGestureRecognizer). */
    AH_GESTURE_PINCH = 1,
};

/** Where the gesture is (UIGestureRecognizer.State). */
typedef uint32_t ah_gesture_phase;
enum {
    AH_GESTURE_BEGAN = 0,
    AH_GESTURE_CHANGED = 1,
    AH_GESTURE_ENDED = 2,
};

/** Which way a pan's translation runs (ABI 1.5). */
typedef uint32_t ah_gesture_axis;
enum {
    /** Horizontal: `value` is the translation's x. */
    AH_GESTURE_AXIS_X = 0,
    /** Vertical: `value` is the translation's y. */
    AH_GESTURE_AXIS_Y = 1,
};

/** One sample of the driving gesture. Valid only during the call that receives it. */
typedef struct ah_gesture_sample {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_gesture_sample) in the host; read a field only if this covers it. */
    uint32_t struct_size;
    /** AH_GESTURE_PAN or AH_GESTURE_PINCH. */
    ah_gesture_kind kind;
    /** AH_GESTURE_BEGAN for the first sample, AH_GESTURE_ENDED for the last. */
    ah_gesture_phase phase;
    /** Seconds since the transition started. */
    double time;
    /** The translation (pan, points) or the scale (pinch). */
    double value;
    /** Points per second (pan) or scale per second (pinch). */
    double velocity;
    /** The extent a pan's 100 % means (the container's width or height, or the trace's
     *  distance); 0 for a pinch. */
    double distance;
    /* ---- ABI 1.5 (read only if struct_size covers it) ---- */
    /** AH_GESTURE_AXIS_X or AH_GESTURE_AXIS_Y: the pan's axis (X for a pinch). */
    ah_gesture_axis axis;
    /* ---- ABI 1.12 (read only if struct_size covers it) ---- */
    /** Nonzero when `x` and `y` hold the finger's place: a trace that says where it starts
     *  (its `at`); zero for traces and scripts that do not. */
    uint32_t has_location;
    /** The finger's place now, in window points (the start plus the translation so far). */
    double x;
    double y;
} ah_gesture_sample;

/* ---- ABI 1.12: gestures at a point, before a transition ---------------------------- */

/** What the finger does at a point (`ah_touch_gesture.kind`). */
typedef uint32_t ah_touch_kind;
enum {
    /** One tap (UITapGestureRecognizer). */
    AH_TOUCH_TAP = 0,
    /** A press held `duration` seconds without moving (UILongPressGestureRecognizer). */
    AH_TOUCH_LONG_PRESS = 1,
    /** A quick stroke from the point in `direction` (UISwipeGestureRecognizer). */
    AH_TOUCH_SWIPE = 2,
};

/** Which way a swipe goes: UISwipeGestureRecognizer.Direction's raw values. */
typedef uint32_t ah_swipe_direction;
enum {
    AH_SWIPE_RIGHT = 1,
    AH_SWIPE_LEFT = 2,
    AH_SWIPE_UP = 4,
    AH_SWIPE_DOWN = 8,
};

/** A gesture at a point of the screen (ABI 1.12). Valid only during the call that receives it. */
typedef struct ah_touch_gesture {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_touch_gesture) in the host; read a field only if this covers it. */
    uint32_t struct_size;
    /** AH_TOUCH_TAP, AH_TOUCH_LONG_PRESS or AH_TOUCH_SWIPE. */
    ah_touch_kind kind;
    /** Where the finger comes down, in window points. */
    double x;
    double y;
    /** A long press: how long the finger stays down, in seconds (a recognizer whose
     *  minimumPressDuration is longer does not recognize it). A swipe: how long the stroke
     *  takes. 0 for a tap. */
    double duration;
    /** A swipe's direction (one AH_SWIPE_ value); 0 otherwise. */
    ah_swipe_direction direction;
    /** A swipe's length in points (along its direction); 0 otherwise. */
    double distance;
} ah_touch_gesture;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_GESTURE_H */
