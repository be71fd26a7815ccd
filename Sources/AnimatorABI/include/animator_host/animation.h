/*
 * animator-host ABI: timing and animation descriptions (batch 1.1).
 *
 * Descriptions are read during the call that takes them and copied: the caller keeps
 * ownership of every pointer in them.
 */
#ifndef ANIMATOR_HOST_ANIMATION_H
#define ANIMATOR_HOST_ANIMATION_H

#include <stdbool.h>
#include <stdint.h>

#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A timing function's kind. */
typedef uint32_t ah_timing_kind;
enum {
    /** The default of the context: easeInOut for UIView, Core Animation's default for
     *  implicit animations, linear for explicit ones. */
    AH_TIMING_DEFAULT = 0,
    AH_TIMING_LINEAR = 1,
    AH_TIMING_EASE_IN = 2,
    AH_TIMING_EASE_OUT = 3,
    AH_TIMING_EASE_IN_OUT = 4,
    /** kCAMediaTimingFunctionDefault: (0.25, 0.1) (0.25, 1). */
    AH_TIMING_CA_DEFAULT = 5,
    /** A cubic Bézier through (x1, y1), (x2, y2); x1 and x2 in [0, 1]. */
    AH_TIMING_BEZIER = 6,
};

/** A timing function (CAMediaTimingFunction). */
typedef struct ah_timing_function {
    ah_timing_kind kind;
    double x1, y1, x2, y2;
} ah_timing_function;

/** Fill modes (CAMediaTimingFillMode). */
typedef uint32_t ah_fill_mode;
enum { AH_FILL_REMOVED = 0, AH_FILL_FORWARDS = 1, AH_FILL_BACKWARDS = 2, AH_FILL_BOTH = 3 };

/** CAMediaTiming. Zero duration means the transaction's (0.25 s); zero begin_time, now. */
typedef struct ah_media_timing {
    double begin_time;
    double duration;
    double speed;          /* 0 is taken as 1 */
    double time_offset;
    double repeat_count;   /* 0: once; INFINITY: forever */
    double repeat_duration;
    bool autoreverses;
    ah_fill_mode fill_mode;
} ah_media_timing;

/** What an animation description describes. */
typedef uint32_t ah_animation_kind;
enum {
    AH_ANIMATION_BASIC = 0,      /* CABasicAnimation */
    AH_ANIMATION_KEYFRAME = 1,   /* CAKeyframeAnimation */
    AH_ANIMATION_SPRING = 2,     /* CASpringAnimation */
    AH_ANIMATION_GROUP = 3,      /* CAAnimationGroup */
    AH_ANIMATION_TRANSITION = 4, /* CATransition */
};

/** CAKeyframeAnimation calculation modes. */
typedef uint32_t ah_calculation_mode;
enum {
    AH_CALCULATION_LINEAR = 0,
    AH_CALCULATION_DISCRETE = 1,
    AH_CALCULATION_PACED = 2,
    AH_CALCULATION_CUBIC = 3,
    AH_CALCULATION_CUBIC_PACED = 4,
};

/** CATransition types and subtypes. */
typedef uint32_t ah_transition_type;
enum {
    AH_TRANSITION_FADE = 0, AH_TRANSITION_PUSH = 1, AH_TRANSITION_MOVE_IN = 2, AH_TRANSITION_REVEAL = 3,
    /** UIView's transitionFlipFrom… (ABI 1.6): the old look turns away about the layer's
     *  middle line (vertical for from-left and from-right, horizontal for from-top and
     *  from-bottom; default from-left), the new look turns in; the named edge comes toward
     *  the viewer. */
    AH_TRANSITION_FLIP = 4,
};
typedef uint32_t ah_transition_subtype;
enum {
    AH_TRANSITION_FROM_NONE = 0,
    AH_TRANSITION_FROM_RIGHT = 1,
    AH_TRANSITION_FROM_LEFT = 2,
    AH_TRANSITION_FROM_TOP = 3,
    AH_TRANSITION_FROM_BOTTOM = 4,
};

typedef struct ah_animation_desc ah_animation_desc;

/** An explicit animation (CAAnimation and its subclasses). */
struct ah_animation_desc {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_animation_desc). */
    uint32_t struct_size;

    ah_animation_kind kind;
    /** Core Animation key path ("opacity", "position.x", "transform.rotation.z"...);
     *  required except for groups and transitions, and for an action's animation
     *  (layer_set_action, action_request_set_animation), where NULL means the changed key. */
    const char *key_path;
    ah_media_timing timing;
    /** The pacing of the whole animation (ignored by springs). */
    ah_timing_function timing_function;
    bool additive;
    /** false keeps the animation (and its fill) after it ends. */
    bool keep_on_completion;

    /** BASIC and SPRING: any of from, to, by, or NULL (Core Animation's rules). */
    const ah_value *from;
    const ah_value *to;
    const ah_value *by;

    /** KEYFRAME: `value_count` values; optional key times (value_count of them,
     *  non-decreasing, in [0, 1]) and per-segment timing functions (value_count − 1). */
    const ah_value *values;
    uint32_t value_count;
    const double *key_times;
    const ah_timing_function *timing_functions;
    ah_calculation_mode calculation_mode;

    /** SPRING: CASpringAnimation's physics (0 takes the default: 1, 100, 10). */
    double mass, stiffness, damping, initial_velocity;

    /** GROUP: `child_count` children, timed in the group's time. */
    const ah_animation_desc *const *children;
    uint32_t child_count;

    /** TRANSITION. */
    ah_transition_type transition_type;
    ah_transition_subtype transition_subtype;

    /** Optional delegate calls (animationDidStart / animationDidStop), made by the host
     *  while it advances its clock, on the host thread, with `user_data`. */
    void (*did_start)(void *user_data);
    void (*did_stop)(void *user_data, bool finished);
    void *user_data;
};

/** Settings of a UIView animation call. */
typedef struct ah_view_animation {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_view_animation). */
    uint32_t struct_size;
    double duration;
    double delay;
    /** UIView.AnimationOptions / KeyframeAnimationOptions, UIKit's raw bits (curves at
     *  bits 16–19, calculation modes at bits 10–12). */
    uint64_t options;
    /** Run on UIKit's spring (animate(withDuration:…usingSpringWithDamping:…)). */
    bool use_spring;
    double spring_damping_ratio;
    double spring_initial_velocity;
} ah_view_animation;

/** UIView.AnimationOptions bits for `ah_view_animation.options` (UIKit's raw values),
 *  so a C, Rust or Zig animator writes AH_VIEW_OPTION_CURVE_EASE_OUT rather than 2 << 16. */
#define AH_VIEW_OPTION_BEGIN_FROM_CURRENT_STATE      (1ull << 2)
#define AH_VIEW_OPTION_REPEAT                        (1ull << 3)
#define AH_VIEW_OPTION_AUTOREVERSE                   (1ull << 4)
#define AH_VIEW_OPTION_OVERRIDE_INHERITED_DURATION   (1ull << 5)
#define AH_VIEW_OPTION_OVERRIDE_INHERITED_CURVE      (1ull << 6)
#define AH_VIEW_OPTION_CURVE_EASE_IN_OUT             (0ull << 16)
#define AH_VIEW_OPTION_CURVE_EASE_IN                 (1ull << 16)
#define AH_VIEW_OPTION_CURVE_EASE_OUT                (2ull << 16)
#define AH_VIEW_OPTION_CURVE_LINEAR                  (3ull << 16)
/** UIView.KeyframeAnimationOptions calculation modes (bits 10–12). */
#define AH_VIEW_OPTION_CALCULATION_MODE_LINEAR       (0ull << 10)
#define AH_VIEW_OPTION_CALCULATION_MODE_DISCRETE     (1ull << 10)
#define AH_VIEW_OPTION_CALCULATION_MODE_PACED        (2ull << 10)
#define AH_VIEW_OPTION_CALCULATION_MODE_CUBIC        (3ull << 10)
#define AH_VIEW_OPTION_CALCULATION_MODE_CUBIC_PACED  (4ull << 10)

/** UIViewPropertyAnimator timing parameters. */
typedef uint32_t ah_timing_parameters_kind;
enum {
    /** UICubicTimingParameters: `curve`. */
    AH_TIMING_PARAMETERS_CUBIC = 0,
    /** UISpringTimingParameters(dampingRatio:initialVelocity:), over the duration. */
    AH_TIMING_PARAMETERS_SPRING = 1,
    /** UISpringTimingParameters(mass:stiffness:damping:initialVelocity:); the duration
     *  is the spring's settling duration. */
    AH_TIMING_PARAMETERS_SPRING_PHYSICS = 2,
};

typedef struct ah_timing_parameters {
    ah_timing_parameters_kind kind;
    ah_timing_function curve;
    double damping_ratio;
    double mass, stiffness, damping;
    double initial_velocity;
} ah_timing_parameters;

/** UIViewAnimatingState and UIViewAnimatingPosition. */
typedef uint32_t ah_animator_state;
enum { AH_ANIMATOR_INACTIVE = 0, AH_ANIMATOR_ACTIVE = 1, AH_ANIMATOR_STOPPED = 2 };
typedef uint32_t ah_animator_position;
enum { AH_POSITION_END = 0, AH_POSITION_START = 1, AH_POSITION_CURRENT = 2 };

/** Where layer_insert puts a sublayer. */
typedef uint32_t ah_insert_mode;
enum { AH_INSERT_TOP = 0, AH_INSERT_AT_INDEX = 1, AH_INSERT_ABOVE = 2, AH_INSERT_BELOW = 3, AH_INSERT_BOTTOM = 4 };

/** What layer_set_action sets for a key. */
typedef uint32_t ah_action_mode;
enum {
    /** Remove the entry: the lookup goes on to style and the default action. */
    AH_ACTION_DEFAULT = 0,
    /** NSNull: no animation, stop looking. */
    AH_ACTION_NONE = 1,
    /** This animation (its missing from/to filled with the old and new values). */
    AH_ACTION_ANIMATION = 2,
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_ANIMATION_H */
