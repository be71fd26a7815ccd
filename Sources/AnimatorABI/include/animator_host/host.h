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
 *     thread ([host-thread]); from another thread it returns AH_ERR_INVALID_STATE and
 *     does nothing (the host's log says so), and last_error there reads "";
 *   - checks every handle and returns AH_ERR_INVALID_HANDLE or AH_ERR_STALE_HANDLE for
 *     a bad one, AH_ERR_INVALID_ARGUMENT for a NULL out-pointer, and leaves the
 *     out-values untouched on error;
 *   - copies whatever it is given: the caller keeps ownership of its memory.
 */
#ifndef ANIMATOR_HOST_HOST_H
#define ANIMATOR_HOST_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include <stddef.h>

#include "action.h"
#include "animation.h"
#include "constraints.h"
#include "controller.h"
#include "dynamics.h"
#include "draw.h"
#include "gradient.h"
#include "image.h"
#include "operation.h"
#include "path.h"
#include "screen.h"
#include "text.h"
#include "traits.h"
#include "types.h"
#include "value.h"
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

/** UITransitionContextViewKey / ViewControllerKey: which side of a transition. */
typedef uint32_t ah_context_key;
enum { AH_CONTEXT_FROM = 0, AH_CONTEXT_TO = 1 };

/** A block of plugin code the host runs with `user_data` (an animations block). */
typedef void (*ah_block)(void *user_data);
/** A completion the host calls with whether the animations finished. */
typedef void (*ah_completion)(void *user_data, bool finished);
/** A property animator's completion, with the position it finished at. */
typedef void (*ah_animator_completion)(void *user_data, ah_animator_position position);

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
     * `message` is NUL-terminated UTF-8, copied; NULL is ignored. Never fails. A message
     * over 16 KiB is kept cut, with a marker; after 10,000 messages in one session the
     * rest are counted, not kept. A call after the session has gone (from a plugin's own
     * thread, after its transition) does nothing.
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

    /* ---- Batch 1.1: the animation engine ------------------------------------------ *
     * Views and layers, UIView animations, CATransaction, explicit Core Animation
     * animations and UIViewPropertyAnimator, with UIKit's semantics (see docs/engine.md).
     * Key paths are Core Animation's strings: "bounds", "position", "position.x",
     * "anchorPoint", "transform", "transform.scale", "transform.rotation.z", "opacity",
     * "hidden", "backgroundColor", "cornerRadius", "borderWidth", "borderColor",
     * "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "zPosition",
     * "bounds.size", "bounds.size.width", ...; layer_get/layer_set also take "frame",
     * "masksToBounds" and (from 1.9) "maskedCorners" (a number of CACornerMask's bits: 1 top
     * left, 2 top right, 4 bottom left, 8 bottom right; not animatable). Callbacks (blocks, completions, delegates) run on the host thread:
     * blocks during the call that takes them, completions while the host advances its
     * clock. An error leaves a one-line reason in last_error. */

    /**
     * The reason the last failed call on this host failed, or "" if none has. [host-thread]
     * The string is owned by the host and valid until the next call on this host.
     */
    const char *(*last_error)(const ah_host *host);

    /** The host's clock (CACurrentMediaTime), in seconds. */
    ah_status (*current_time)(const ah_host *host, double *out);

    /** Creates a standalone layer (implicit animations on every change). */
    ah_status (*layer_create)(const ah_host *host, ah_layer *out);

    /** Creates a view with `frame`: a layer whose changes animate only inside UIView
     *  animation calls. */
    ah_status (*view_create)(const ah_host *host, ah_rect frame, ah_layer *out);

    /** Names a layer (screen titles, timelines). `name` is copied; NULL clears it. */
    ah_status (*layer_set_name)(const ah_host *host, ah_layer layer, const char *name);

    /**
     * Reads a model value. Returns AH_ERR_INVALID_ARGUMENT for an unknown key path.
     */
    ah_status (*layer_get)(const ah_host *host, ah_layer layer, const char *key_path, ah_value *out);

    /**
     * Sets a model value at once and runs the change's action: a view animates inside a
     * UIView animation call (or a property animator's block) and nowhere else; a standalone
     * layer looks up its action (actions, then the default implicit animation) unless the
     * transaction disables actions. AH_ERR_INVALID_ARGUMENT for an unknown key path, a
     * value of the wrong type, or a number that is not finite or beyond
     * ±AH_VALUE_MAXIMUM_MAGNITUDE (value.h).
     */
    ah_status (*layer_set)(const ah_host *host, ah_layer layer, const char *key_path, const ah_value *value);

    /** Reads the presentation value at `time` (any time, forwards or backwards). */
    ah_status (*layer_presentation)(const ah_host *host, ah_layer layer, double time, const char *key_path,
                                    ah_value *out);

    /**
     * Moves `child` into `parent`'s sublayers: on top, at `index`, above or below
     * `sibling` (a sublayer of parent), or at the bottom. AH_ERR_INVALID_ARGUMENT when
     * child would end up inside itself or sibling is not parent's.
     */
    ah_status (*layer_insert)(const ah_host *host, ah_layer parent, ah_layer child, ah_insert_mode mode,
                              uint32_t index, ah_layer sibling);

    /** Detaches a layer from its superlayer. */
    ah_status (*layer_remove_from_superlayer)(const ah_host *host, ah_layer layer);

    /** The superlayer (AH_NULL_HANDLE if none). */
    ah_status (*layer_superlayer)(const ah_host *host, ah_layer layer, ah_layer *out);

    /** The number of sublayers. */
    ah_status (*layer_sublayer_count)(const ah_host *host, ah_layer layer, uint32_t *out);

    /** Sublayer `index`, back to front. AH_ERR_INVALID_ARGUMENT when out of range. */
    ah_status (*layer_sublayer_at)(const ah_host *host, ah_layer layer, uint32_t index, ah_layer *out);

    /** snapshotView(afterScreenUpdates:): a new view with a frozen copy of `view`'s look. */
    ah_status (*view_snapshot)(const ah_host *host, ah_layer view, bool after_screen_updates, ah_layer *out);

    /** hitTest: the deepest visible view under `point` (in `view`'s coordinates) now, on
     *  presentation values; AH_NULL_HANDLE if none. */
    ah_status (*view_hit_test)(const ah_host *host, ah_layer view, ah_point point, ah_layer *out);

    /**
     * UIView.animate (or its spring form when settings->use_spring): runs `animations`
     * now, then `completion` (may be NULL) once every animation it created has stopped.
     */
    ah_status (*view_animate)(const ah_host *host, const ah_view_animation *settings, ah_block animations,
                              ah_completion completion, void *user_data);

    /** UIView.animateKeyframes: call view_add_keyframe from `animations`. */
    ah_status (*view_animate_keyframes)(const ah_host *host, const ah_view_animation *settings, ah_block animations,
                                        ah_completion completion, void *user_data);

    /** UIView.addKeyframe; AH_ERR_INVALID_STATE outside view_animate_keyframes. */
    ah_status (*view_add_keyframe)(const ah_host *host, double relative_start, double relative_duration,
                                   ah_block animations, void *user_data);

    /** UIView.performWithoutAnimation. */
    ah_status (*view_perform_without_animation)(const ah_host *host, ah_block actions, void *user_data);

    /** CATransaction.begin. */
    ah_status (*transaction_begin)(const ah_host *host);

    /** CATransaction.commit; AH_ERR_INVALID_STATE without a matching begin. */
    ah_status (*transaction_commit)(const ah_host *host);

    /** CATransaction.setAnimationDuration (seconds ≥ 0). */
    ah_status (*transaction_set_duration)(const ah_host *host, double duration);

    /** CATransaction.setAnimationTimingFunction; NULL resets it. */
    ah_status (*transaction_set_timing_function)(const ah_host *host, const ah_timing_function *function);

    /** CATransaction.setDisableActions. */
    ah_status (*transaction_set_disable_actions)(const ah_host *host, bool disable);

    /** CATransaction.setCompletionBlock; NULL clears it. */
    ah_status (*transaction_set_completion)(const ah_host *host, ah_block completion, void *user_data);

    /**
     * CALayer.add(_:forKey:): attaches an explicit animation (`key` may be NULL). An
     * animation under the same key is removed first (its did_stop gets false).
     */
    ah_status (*layer_add_animation)(const ah_host *host, ah_layer layer, const ah_animation_desc *animation,
                                     const char *key);

    /** CALayer.removeAnimation(forKey:), or removeAllAnimations when `key` is NULL. */
    ah_status (*layer_remove_animation)(const ah_host *host, ah_layer layer, const char *key);

    /** The number of keyed animations on a layer. */
    ah_status (*layer_animation_key_count)(const ah_host *host, ah_layer layer, uint32_t *out);

    /** Key `index` (in the order added). The string is owned by the host, valid until the
     *  next call on this host. */
    ah_status (*layer_animation_key_at)(const ah_host *host, ah_layer layer, uint32_t index, const char **out);

    /** The layer's own timing (CAMediaTiming on a layer); speed 0 freezes it. */
    ah_status (*layer_set_timing)(const ah_host *host, ah_layer layer, double begin_time, double speed,
                                  double time_offset);

    /** Pauses a layer where it is (speed 0, timeOffset its local time) or resumes it. */
    ah_status (*layer_set_paused)(const ah_host *host, ah_layer layer, bool paused);

    /** Sets the layer's `actions` entry for a key: default, NSNull, or an animation
     *  template (`animation` is copied; only read for AH_ACTION_ANIMATION). */
    ah_status (*layer_set_action)(const ah_host *host, ah_layer layer, const char *key, ah_action_mode mode,
                                  const ah_animation_desc *animation);

    /**
     * Creates a UIViewPropertyAnimator (inactive). `parameters` NULL is
     * UICubicTimingParameters() (Core Animation's default curve).
     */
    ah_status (*animator_create)(const ah_host *host, double duration, const ah_timing_parameters *parameters,
                                 ah_property_animator *out);

    /** addAnimations(_:delayFactor:): `animations` runs when the animator becomes active
     *  (now, if it is). */
    ah_status (*animator_add_animations)(const ah_host *host, ah_property_animator animator, ah_block animations,
                                         void *user_data, double delay_factor);

    /** addCompletion. */
    ah_status (*animator_add_completion)(const ah_host *host, ah_property_animator animator,
                                         ah_animator_completion completion, void *user_data);

    /** startAnimation(afterDelay:). AH_ERR_INVALID_STATE when stopped. */
    ah_status (*animator_start)(const ah_host *host, ah_property_animator animator, double delay);

    /** pauseAnimation(). AH_ERR_INVALID_STATE when stopped or not interruptible. */
    ah_status (*animator_pause)(const ah_host *host, ah_property_animator animator);

    /** stopAnimation(_:). */
    ah_status (*animator_stop)(const ah_host *host, ah_property_animator animator, bool without_finishing);

    /** finishAnimation(at:). AH_ERR_INVALID_STATE unless stopped. */
    ah_status (*animator_finish)(const ah_host *host, ah_property_animator animator, ah_animator_position position);

    /** continueAnimation(withTimingParameters:durationFactor:); NULL keeps the timing. */
    ah_status (*animator_continue)(const ah_host *host, ah_property_animator animator,
                                   const ah_timing_parameters *parameters, double duration_factor);

    /** fractionComplete. */
    ah_status (*animator_get_fraction)(const ah_host *host, ah_property_animator animator, double *out);

    /** Sets fractionComplete. AH_ERR_INVALID_STATE while running or stopped. */
    ah_status (*animator_set_fraction)(const ah_host *host, ah_property_animator animator, double fraction);

    /** Sets isReversed. */
    ah_status (*animator_set_reversed)(const ah_host *host, ah_property_animator animator, bool reversed);

    /** state, isRunning and isReversed (any out-pointer may be NULL). */
    ah_status (*animator_get_state)(const ah_host *host, ah_property_animator animator, ah_animator_state *state,
                                    bool *running, bool *reversed);

    /** isInterruptible (only while inactive), scrubsLinearly, pausesOnCompletion. */
    ah_status (*animator_set_flags)(const ah_host *host, ah_property_animator animator, bool interruptible,
                                    bool scrubs_linearly, bool pauses_on_completion);

    /** Releases the handle (the animator runs on if active); the handle is stale after. */
    ah_status (*animator_release)(const ah_host *host, ah_property_animator animator);

    /**
     * CASpringAnimation.settlingDuration for a spring (mass, stiffness > 0, damping ≥ 0;
     * velocity toward the target in distances per second): the time after which its
     * motion stays within 1/1200 of the distance (docs/engine.md gives the definition).
     */
    ah_status (*spring_settling_duration)(const ah_host *host, double mass, double stiffness, double damping,
                                          double initial_velocity, double *out);

    /* ---- Batch 1.2: the transition context ------------------------------------------ *
     * UIViewControllerContextTransitioning for a transition the host performs. On a
     * context that only answers durations (e.g. `animator-host inspect`) these return
     * AH_ERR_INVALID_STATE. The animator adds the incoming view to the container; the
     * host removes the outgoing one where UIKit does. */

    /** containerView. */
    ah_status (*context_container_view)(const ah_host *host, ah_context ctx, ah_layer *out);

    /** view(forKey:): AH_NULL_HANDLE where UIKit gives nil (the presenting view of a
     *  custom presentation, which the animator must not touch). */
    ah_status (*context_view)(const ah_host *host, ah_context ctx, ah_context_key key, ah_layer *out);

    /** initialFrame(for:): the zero rect where UIKit has none (the incoming view). */
    ah_status (*context_initial_frame)(const ah_host *host, ah_context ctx, ah_context_key key, ah_rect *out);

    /** finalFrame(for:): the zero rect for a view that will be removed; a non-zero final
     *  frame must be respected. */
    ah_status (*context_final_frame)(const ah_host *host, ah_context ctx, ah_context_key key, ah_rect *out);

    /**
     * completeTransition(_:): exactly once per transition, also when cancelled (false).
     * A second call returns AH_ERR_INVALID_STATE and is reported; the first one stands.
     * If it is never called, the host's watchdog cancels the transition after its
     * duration plus a grace period and reports the animator.
     */
    ah_status (*context_complete_transition)(const ah_host *host, ah_context ctx, bool did_complete);

    /** transitionWasCancelled. */
    ah_status (*context_was_cancelled)(const ah_host *host, ah_context ctx, bool *out);

    /** presentationStyle (UIModalPresentationStyle raw value: 0 full screen, 4 custom,
     *  5 over full screen). */
    ah_status (*context_presentation_style)(const ah_host *host, ah_context ctx, uint32_t *out);

    /* ---- Batch 1.3: the transition coordinator -------------------------------------- *
     * UIViewControllerTransitionCoordinator(Context) for a transition the host performs:
     * for animators (animate, start_interactive, interruptible_animator) and presentation
     * controllers (the will-begin hooks), and the interaction calls of an animator that is
     * its own interaction controller. AH_ERR_INVALID_STATE on a context that only answers
     * durations. */

    /** percentComplete: the interaction's percent while one drives the transition,
     *  else the elapsed share of the duration (0...1). */
    ah_status (*context_percent_complete)(const ah_host *host, ah_context ctx, double *out);

    /**
     * animate(alongsideTransition:completion:), and with `follow` a view outside the
     * container, animateAlongsideTransition(in:animation:completion:).
     *
     * `animation` (may be NULL) is called once, inside a view-animation block with the
     * transition's duration and ease-in-ease-out curve, right after `animate` returns (at
     * once when registered later); view and layer changes it makes through this table
     * animate along, and in an interactive transition they are scrubbed with it (views
     * in the container, and `follow`). `completion` (may be NULL) is called once after
     * the transition completed, with whether it was cancelled; the context is stale by
     * then, so it receives only `user_data`. The host never reads or frees `user_data`;
     * free it in `completion` if it is yours. `follow` is AH_NULL_HANDLE or a layer.
     * Returns AH_ERR_INVALID_STATE once the transition has completed (nothing is kept),
     * AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE for a bad `follow`.
     */
    ah_status (*context_animate_alongside)(const ah_host *host, ah_context ctx, ah_layer follow,
                                           void (*animation)(void *user_data),
                                           void (*completion)(void *user_data, bool cancelled),
                                           void *user_data);

    /**
     * updateInteractiveTransition(_:), for an animator that is its own interaction
     * controller (after start_interactive): the percent complete it shows, 0...1 (the
     * coordinator's percentComplete). AH_ERR_INVALID_ARGUMENT outside 0...1;
     * AH_ERR_INVALID_STATE when the transition is not driven by the animator's own
     * interaction, or is no longer interactive.
     */
    ah_status (*context_update_interactive)(const ah_host *host, ah_context ctx, double percent);

    /** finishInteractiveTransition(): the interaction ends and the transition will
     *  complete; isInteractive becomes false. Same errors as update. */
    ah_status (*context_finish_interactive)(const ah_host *host, ah_context ctx);

    /** cancelInteractiveTransition(): the interaction ends and the transition will be
     *  cancelled; transitionWasCancelled becomes true. Same errors as update. */
    ah_status (*context_cancel_interactive)(const ah_host *host, ah_context ctx);

    /** pauseInteractiveTransition(): interactive again after a finish or cancel.
     *  AH_ERR_INVALID_STATE when not driven by the animator's own interaction. */
    ah_status (*context_pause_interactive)(const ah_host *host, ah_context ctx);

    /**
     * viewController(forKey:), as the screen's name: `*out` points to a NUL-terminated
     * string owned by the host, valid until the transition ends.
     */
    ah_status (*context_view_controller_name)(const ah_host *host, ah_context ctx, ah_context_key key,
                                              const char **out);

    /** targetTransform: the rotation the transition brings (the identity: the host's
     *  screen never rotates). */
    ah_status (*context_target_transform)(const ah_host *host, ah_context ctx, ah_transform3d *out);

    /* ---- Batch 1.4: images ----------------------------------------------------------- *
     * Bitmaps a layer shows as its contents (CALayer.contents, UIImageView), image.h.
     * [host-thread] like the rest of the table. Check `host->abi.minor >= 4` first. */

    /**
     * Makes an image from `width` × `height` pixels of straight (not premultiplied)
     * 8-bit RGBA, rows `bytes_per_row` apart, the top row first. The host copies the
     * pixels: the caller's buffer may be freed on return. `*out` is the new image.
     * AH_ERR_INVALID_ARGUMENT for a NULL pointer, a side of 0 or over AH_IMAGE_MAX_SIDE,
     * or `bytes_per_row` < 4 × `width`.
     */
    ah_status (*image_create_rgba)(const ah_host *host, const uint8_t *pixels, uint32_t width, uint32_t height,
                                   uint32_t bytes_per_row, ah_image *out);

    /**
     * Makes an image from the bytes of a PNG file (any color type and bit depth,
     * transparency, interlacing), copied. AH_ERR_INVALID_ARGUMENT with the reason (in the
     * host's log) for data that is not a PNG the host can read, or over
     * AH_IMAGE_MAX_SIDE a side.
     */
    ah_status (*image_create_png)(const ah_host *host, const uint8_t *data, size_t size, ah_image *out);

    /** The image's size in pixels. */
    ah_status (*image_size)(const ah_host *host, ah_image image, uint32_t *width, uint32_t *height);

    /**
     * Releases the handle: it is stale from now on. Layers showing the image keep
     * showing it (they hold the pixels, not the handle).
     */
    ah_status (*image_release)(const ah_host *host, ah_image image);

    /**
     * Sets a layer's contents (CALayer.contents): `image`, or AH_NULL_HANDLE for none,
     * shown at `scale` image pixels per point (contentsScale; 0 means 1), keeping the
     * layer's gravity and contents rect. Contents do not animate.
     * AH_ERR_INVALID_ARGUMENT for a negative or non-finite scale.
     */
    ah_status (*layer_set_contents)(const ah_host *host, ah_layer layer, ah_image image, double scale);

    /** contentsGravity (AH_GRAVITY_...; the default RESIZE). AH_ERR_INVALID_ARGUMENT for
     *  an unknown value. Kept when the contents change. */
    ah_status (*layer_set_contents_gravity)(const ah_host *host, ah_layer layer, ah_contents_gravity gravity);

    /** contentsRect: the part of the image shown, in unit coordinates (default
     *  {0, 0, 1, 1}). AH_ERR_INVALID_ARGUMENT for non-finite numbers. */
    ah_status (*layer_set_contents_rect)(const ah_host *host, ah_layer layer, ah_rect rect);

    /* ---- Batch 1.5: paths, shape layers, masks ----------------------------------------- *
     * CGPath, CAShapeLayer and CALayer.mask (path.h), UIPercentDrivenInteractiveTransition
     * for an animator's own interaction controller, CAGradientLayer. [host-thread] like the rest of the
     * table. Check `host->abi.minor >= 5` first.
     *
     * Shape layers take these keys in layer_get, layer_set, layer_presentation and
     * animations: "path" (AH_VALUE_PATH; animatable), "fillColor" (default opaque black;
     * a color of alpha 0 is none), "strokeColor" (default none), "lineWidth" (1),
     * "strokeStart" (0), "strokeEnd" (1), all animatable; and, not animatable, set with
     * layer_set as numbers: "fillRule" (AH_FILL_RULE_...), "lineCap" (AH_LINE_CAP_...),
     * "lineJoin" (AH_LINE_JOIN_...), "miterLimit" (10). Every layer also takes
     * "sublayerTransform" (a transform applied to its sublayers about its anchor point,
     * perspective included: m34 = -1/d) and "doubleSided" (1; 0 hides the layer and its
     * sublayers while they face away). layer_get and layer_presentation of "path" give a
     * new path handle (the caller releases it), or AH_NULL_HANDLE for none. */

    /**
     * Makes a path from `count` elements (at most AH_PATH_MAX_ELEMENTS). `*out` is the
     * new path. AH_ERR_INVALID_ARGUMENT for an unknown verb, a point that is not finite or
     * beyond ±AH_VALUE_MAXIMUM_MAGNITUDE, or a line or curve before any move.
     */
    ah_status (*path_create)(const ah_host *host, const ah_path_element *elements, uint32_t count, ah_path *out);

    /**
     * Makes a rectangle, an oval or a rounded rectangle (AH_PATH_SHAPE_...) in `rect`;
     * `corner_radius` is used by the rounded rectangle (at most half the shorter side).
     */
    ah_status (*path_create_shape)(const ah_host *host, ah_path_shape shape, ah_rect rect, double corner_radius,
                                   ah_path *out);

    /**
     * Makes an arc of a circle, as UIBezierPath(arcCenter:radius:startAngle:endAngle:
     * clockwise:): angles in radians from the positive x axis, `clockwise` as seen on the
     * screen (y down: increasing angles). A sweep of a whole turn or more is one circle.
     */
    ah_status (*path_create_arc)(const ah_host *host, ah_point center, double radius, double start_angle,
                                 double end_angle, bool clockwise, ah_path *out);

    /**
     * Copies up to `capacity` of the path's elements into `out` (may be NULL when
     * `capacity` is 0) and sets `*count` to how many the path has.
     */
    ah_status (*path_elements)(const ah_host *host, ah_path path, ah_path_element *out, uint32_t capacity,
                               uint32_t *count);

    /** Releases the handle: it is stale from now on. Layers and animations using the
     *  path keep their copies. */
    ah_status (*path_release)(const ah_host *host, ah_path path);

    /**
     * Makes a standalone shape layer (CAShapeLayer): no path, an opaque black fill, no
     * stroke. Like layer_create's layers it animates changes implicitly.
     */
    ah_status (*shape_layer_create)(const ah_host *host, ah_layer *out);

    /**
     * Sets the layer whose alpha cuts `layer` and its sublayers (CALayer.mask), or
     * AH_NULL_HANDLE for none. The mask is drawn in `layer`'s coordinates and time; it
     * leaves its superlayer, if any, and any layer it masked before.
     * AH_ERR_INVALID_ARGUMENT when `mask` is `layer` or one of its superlayers.
     */
    ah_status (*layer_set_mask)(const ah_host *host, ah_layer layer, ah_layer mask);

    /** The layer's mask, or AH_NULL_HANDLE. */
    ah_status (*layer_get_mask)(const ah_host *host, ah_layer layer, ah_layer *out);

    /**
     * UIPercentDrivenInteractiveTransition for an animator that is its own interaction
     * controller: call it in start_interactive, before setting up the animations. The
     * host freezes the container's time at the transition's start, so every animation
     * added from then on waits there; context_update_interactive(p) shows them at
     * p × duration; context_finish_interactive and context_cancel_interactive play the
     * rest forwards or backwards in (1 − p) × duration / `completion_speed` or
     * p × duration / `completion_speed` on `completion_curve` (NULL: easeInOut; LINEAR,
     * EASE_IN, EASE_OUT or EASE_IN_OUT), then let the animations end (finish) or remove
     * them (cancel), and the animator completes from its completions as usual;
     * context_pause_interactive stops a completion where it is. A gesture that ends
     * while the transition is still interactive cancels it (the run reports it).
     * With `animator` (a property animator holding the transition's animations, as
     * interruptibleAnimator(using:) returns; AH_NULL_HANDLE for none) the host scrubs that
     * animator instead of the container's time: it pauses it, sets its fraction, and
     * reverses and continues it for the rest; its completion ends the transition.
     * A `completion_speed` below 0.01 is taken as 0.01, with a warning in the plugin's log
     * (a completion lasts at most 100 times the duration, as in interaction scripts).
     * AH_ERR_INVALID_STATE outside an interaction the animator drives, or a second time;
     * AH_ERR_INVALID_ARGUMENT for a speed that is not a positive number or another curve.
     */
    ah_status (*context_drive_percent)(const ah_host *host, ah_context ctx, double completion_speed,
                                       const ah_timing_function *completion_curve, ah_property_animator animator);

    /**
     * Makes a standalone gradient layer (CAGradientLayer, axial): no colors yet, from the
     * top middle to the bottom middle. The gradient is drawn over the background, inside
     * the rounded bounds.
     */
    ah_status (*gradient_layer_create)(const ah_host *host, ah_layer *out);

    /**
     * Sets a layer's gradient: `count` colors (at most 4096; 0 draws none), their
     * `locations` along the axis (NULL: evenly spread; used when non-decreasing), and the
     * axis from `start` to `end` in unit coordinates of the bounds. Any layer becomes a
     * gradient layer. Not animated: the change shows at once.
     * AH_ERR_INVALID_ARGUMENT for NULL colors with a count, more than 4096 colors or
     * non-finite numbers.
     */
    ah_status (*layer_set_gradient)(const ah_host *host, ah_layer layer, const ah_color *colors,
                                    const double *locations, uint32_t count, ah_point start, ah_point end);

    /**
     * The coordinator's notifyWhenInteractionChanges: `changed` (not NULL) runs, on the
     * host thread while the host advances its clock, each time the transition switches
     * between interactive and not (a finish, a cancel, a pause), with whether it is
     * interactive now and whether it was cancelled; `done` (may be NULL) runs once, after
     * the transition, when `user_data` will not be used again.
     * AH_ERR_INVALID_STATE once the transition has completed.
     */
    ah_status (*context_notify_interaction_changes)(const ah_host *host, ah_context ctx,
                                                    void (*changed)(void *user_data, bool is_interactive, bool is_cancelled),
                                                    void (*done)(void *user_data), void *user_data);

    /* ---- Batch 1.6: action delegates, related view controllers, UIView's old calls ----- *
     * CALayerDelegate's action(for:forKey:) and a custom block animation API for views
     * (action.h), the navigation controller, tab bar controller and presenting view
     * controller around a transition (controller.h), UIView.beginAnimations /
     * commitAnimations / setAnimationsEnabled and CATransaction's getters. [host-thread]
     * like the rest of the table. Check `host->abi.minor >= 6` first. */

    /**
     * Sets a standalone layer's delegate (CALayer.delegate): `delegate` is asked first for
     * every change of the layer's properties (action.h), before its `actions`; NULL removes
     * it. `release` (may be NULL) runs once when the host stops using `user_data`: the
     * delegate is replaced or removed, or the host's session ends.
     * AH_ERR_INVALID_ARGUMENT for a view (a view is its layer's delegate; use
     * view_animate_with_actions).
     */
    ah_status (*layer_set_delegate)(const ah_host *host, ah_layer layer, ah_action_delegate delegate,
                                    void *user_data, void (*release)(void *user_data));

    /**
     * A custom animation API for views (a swizzled actionForLayer:forKey: on iOS): while
     * `animations` runs, every change of a view's property asks `delegate` (called with
     * `delegate_user_data`) before the view answers. AH_ACTION_DEFAULT leaves the answer to
     * the view: the UIView animation call this one is inside, or no animation. Nests.
     */
    ah_status (*view_animate_with_actions)(const ah_host *host, ah_action_delegate delegate, void *delegate_user_data,
                                           ah_block animations, void *user_data);

    /**
     * Gives the animation an action delegate answers with (then answer AH_ACTION_ANIMATION):
     * only during the delegate's call, with the request it got (AH_ERR_INVALID_STATE
     * otherwise). The description is copied; a second call replaces the first.
     */
    ah_status (*action_request_set_animation)(const ah_host *host, const ah_action_request *request,
                                              const ah_animation_desc *animation);

    /**
     * A view controller related to the context's `key` side (controller.h): its
     * navigation controller, tab bar controller, presenting or presented view controller.
     * Set `out->struct_size` to sizeof(ah_related_view_controller) first: the host fills the
     * fields it covers. `out->exists` is false where UIKit answers nil. Views it gives are
     * the screen's own (changes show; the transition does not undo them).
     * AH_ERR_INVALID_ARGUMENT for an unknown key or relation.
     */
    ah_status (*context_related_view_controller)(const ah_host *host, ah_context ctx, ah_context_key key,
                                                 ah_relation relation, ah_related_view_controller *out);

    /**
     * UIView.beginAnimations: from now until the matching view_commit_animations, changes of
     * view properties are recorded (the model changes at once, as in UIKit). Nests.
     */
    ah_status (*view_begin_animations)(const ah_host *host);

    /**
     * UIView.commitAnimations: animates every view property changed since the matching
     * view_begin_animations from its value before the first change to its last value, with
     * `settings` (what setAnimationDuration, setAnimationDelay, setAnimationCurve,
     * setAnimationRepeatCount/Autoreverses and setAnimationBeginsFromCurrentState set; NULL:
     * UIKit's defaults, 0.2 s on easeInOut), as one view_animate call would; then
     * `completion` (may be NULL) as view_animate's. AH_ERR_INVALID_STATE without a begin.
     */
    ah_status (*view_commit_animations)(const ah_host *host, const ah_view_animation *settings,
                                        ah_completion completion, void *user_data);

    /** UIView.setAnimationsEnabled: false makes every UIView animation call change views at
     *  once (completions still run); Core Animation's own animations are not affected. */
    ah_status (*view_set_animations_enabled)(const ah_host *host, bool enabled);

    /** UIView.areAnimationsEnabled. */
    ah_status (*view_animations_enabled)(const ah_host *host, bool *out);

    /** CATransaction.animationDuration(): the current transaction's (0.25 s by default). */
    ah_status (*transaction_get_duration)(const ah_host *host, double *out);

    /** CATransaction.animationTimingFunction(): the current transaction's, or a function of
     *  kind AH_TIMING_DEFAULT when none is set. */
    ah_status (*transaction_get_timing_function)(const ah_host *host, ah_timing_function *out);

    /** CATransaction.disableActions(). */
    ah_status (*transaction_get_disable_actions)(const ah_host *host, bool *out);

    /**
     * contentsCenter: the part of the contents rect that stretches, in its unit coordinates
     * (default {0, 0, 1, 1}); the rest (the caps) keeps its size in points, as a resizable
     * image's cap insets or resizableSnapshotView's do. Kept when the contents change.
     * AH_ERR_INVALID_ARGUMENT for non-finite numbers or a negative size.
     */
    ah_status (*layer_set_contents_center)(const ah_host *host, ah_layer layer, ah_rect rect);

    /**
     * lineDashPattern and lineDashPhase of a shape layer's stroke: `count` lengths (at most
     * 1024; 0: a solid line), painted and unpainted alternating from the start of each
     * subpath (an odd count repeats twice over), starting `phase` into the pattern. A
     * painted length of 0 is a dot with round caps. Not animated.
     * AH_ERR_INVALID_ARGUMENT for NULL lengths with a count, a negative or non-finite
     * length or phase, or more than 1024.
     */
    ah_status (*shape_layer_set_dash)(const ah_host *host, ah_layer layer, const double *lengths, uint32_t count,
                                      double phase);

    /**
     * CAGradientLayer.type: how a gradient layer's colors spread (gradient.h; the default
     * AH_GRADIENT_AXIAL), kept when layer_set_gradient changes the colors or points. Any
     * layer becomes a gradient layer. AH_ERR_INVALID_ARGUMENT for an unknown type.
     */
    ah_status (*layer_set_gradient_type)(const ah_host *host, ah_layer layer, ah_gradient_type type);

    /**
     * A UIView subclass's override of action(for:forKey:): `delegate` is asked first about
     * each change of this view's properties, before view_animate_with_actions hooks and the
     * view's usual answer; AH_ACTION_DEFAULT leaves the answer to them (super). NULL
     * removes it. `release` (may be NULL) runs once when the host stops using `user_data`.
     * AH_ERR_INVALID_ARGUMENT for a layer that is not a view (use layer_set_delegate).
     */
    ah_status (*view_set_action_delegate)(const ah_host *host, ah_layer view, ah_action_delegate delegate,
                                          void *user_data, void (*release)(void *user_data));

    /**
     * UIScreen.main: the screen's bounds in points (the run's window as the interface is
     * held now, during any call: a transition, a screen being built, a turn of the device;
     * the host's default window, 390 × 844, outside a run) and its scale in pixels per point
     * (the device's: 3 for an iPhone 14; the host draws pictures at the scale asked for).
     */
    ah_status (*screen_bounds)(const ah_host *host, ah_rect *bounds, double *scale);

    /**
     * Shows `text` (UTF-8, copied; NULL removes it) in the layer's bounds as a label with
     * `style` (text.h; NULL: black, 17 points, regular, centred, one line). Control
     * characters other than newlines are shown as spaces. AH_ERR_INVALID_ARGUMENT for a
     * truncated style, a non-finite or negative size, or an unknown weight or alignment.
     */
    ah_status (*layer_set_text)(const ah_host *host, ah_layer layer, const char *text, const ah_text_style *style);

    /**
     * Runs `block` once the host's clock has advanced `delay` seconds from now
     * (DispatchQueue.main.asyncAfter on the host's clock: deterministic, never the wall
     * clock), on the host thread, while the host advances; `user_data` is not used after.
     * A transition's watchdog still ends a transition the block would complete too late.
     * AH_ERR_INVALID_ARGUMENT for a negative or non-finite delay or a NULL block.
     */
    ah_status (*host_after)(const ah_host *host, double delay, ah_block block, void *user_data);

    /* ---- Batch 1.7: traits ------------------------------------------------------------ *
     * What UIKit tells an app about where it runs (traits.h). [host-thread] like the rest
     * of the table. Check `host->abi.minor >= 7` first. */

    /**
     * The traits the app runs with (a run's `--variant`): appearance, layout direction, text
     * size, Reduce Motion, the device's scale, screen, safe area and corners. The same for
     * every call of a session. Set `out->struct_size` to sizeof(ah_traits) first: the host
     * fills no more than that. AH_ERR_INVALID_ARGUMENT for NULL or a struct_size that does
     * not reach `reduce_motion`.
     */
    ah_status (*host_traits)(const ah_host *host, ah_traits *out);

    /* ---- Batch 1.8: objects ----------------------------------------------------------- *
     * A plugin's own object for a layer or view: what a UIView object is to its layer on
     * iOS. The SDKs keep their view objects here, so that every call that finds a view
     * (view(forKey:), containerView, superview, subviews, hit tests) gives back the one
     * object, with its subclass and its stored properties. Objects are kept under a `key`,
     * as objc_setAssociatedObject keeps them: any address the caller owns (a static
     * variable of its own), so that libraries sharing a session never see each other's
     * objects. [host-thread] like the rest of the table. Check `host->abi.minor >= 8` first. */

    /**
     * Keeps `object` as `layer`'s own under `key` (NULL removes it). The host holds it until
     * it is replaced or removed, or the session ends, and then runs `release` (may be NULL)
     * once with it, on the host thread; setting the object already kept releases nothing.
     * AH_ERR_INVALID_HANDLE or AH_ERR_STALE_HANDLE for a handle that names no layer;
     * AH_ERR_INVALID_ARGUMENT for a NULL `key`.
     */
    ah_status (*layer_set_object)(const ah_host *host, ah_layer layer, const void *key, void *object,
                                  void (*release)(void *object));

    /**
     * The object layer_set_object keeps for `layer` under `key`, or NULL in `*object` when
     * none is kept. AH_ERR_INVALID_HANDLE or AH_ERR_STALE_HANDLE for a handle that names no
     * layer; AH_ERR_INVALID_ARGUMENT for a NULL `key` or `object`.
     */
    ah_status (*layer_object)(const ah_host *host, ah_layer layer, const void *key, void **object);

    /* ---- Batch 1.9: transitions the app asks for ---------------------------------------- *
     * What a tap handler does on iOS: present, dismiss, push, pop, select a tab. Check
     * `host->abi.minor >= 9` first. */

    /**
     * Asks for a transition (screen.h's ah_screen_request). Valid only during the animator's
     * `tap` call, once: the host runs it after `tap` returns, with the animator the run
     * gives, the new screen (present, push) taking the library's view and title.
     * AH_ERR_INVALID_STATE outside a `tap` call or for a second request in one;
     * AH_ERR_INVALID_ARGUMENT for NULL, a struct_size that does not reach `tab_index`, an
     * unknown operation, present or push without a screen, or a style UIKit does not have;
     * AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE for a source or screen naming no view.
     */
    ah_status (*screen_show)(const ah_host *host, const ah_screen_request *request);

    /* ---- Batch 1.10: drawing, backdrops --------------------------------------------- *
     * Core Graphics drawing rasterized by the host (draw.h), and from 1.10 layer_get/
     * layer_set/animations take a backdrop's keys, as UIVisualEffectView draws one:
     * "backdropBlurRadius" (a Gaussian's σ in points, 0 none), "backdropSaturation" (1
     * unchanged) and "backdropTintColor" (laid over the blur), all animatable, and
     * "cornerCurve" (a number: 0 circular corners, 1 continuous; not animatable). Check
     * `host->abi.minor >= 10` first. */

    /**
     * Draws `count` commands (draw.h; each `command_size` bytes, at least up to
     * `text_style`) into a new image of `size` points at `scale` pixels per point (each
     * side at most AH_IMAGE_MAX_SIDE pixels), transparent where nothing is drawn; `out`
     * receives it (release it with image_release). AH_ERR_INVALID_ARGUMENT for NULL, a
     * size or scale that is not finite and positive, more than AH_DRAW_MAX_COMMANDS, an
     * unknown verb, a color, point, transform or width that is not finite, a gradient of
     * no color; AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE for a path, image or layer
     * that names none. [host-thread]
     */
    ah_status (*image_draw)(const ah_host *host, ah_size size, double scale, const ah_draw_command *commands,
                            uint32_t count, size_t command_size, ah_image *out);

    /**
     * Activates a constraint (constraints.h) between views of one tree; `out` receives its
     * handle. AH_ERR_INVALID_ARGUMENT for NULL, a struct_size short of `priority`, an
     * unknown attribute or relation, a multiplier, constant or priority that is not
     * finite (or a priority outside 0...1000), a second item without an attribute, or
     * items in different trees; AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE for an item
     * that names no view. [host-thread]
     */
    ah_status (*constraint_activate)(const ah_host *host, const ah_layout_constraint *constraint, ah_constraint *out);
    /** Changes an active constraint's constant (the layout follows at the next pass). [host-thread] */
    ah_status (*constraint_set_constant)(const ah_host *host, ah_constraint constraint, double constant);
    /** Deactivates a constraint; its handle is stale after. [host-thread] */
    ah_status (*constraint_deactivate)(const ah_host *host, ah_constraint constraint);
    /**
     * translatesAutoresizingMaskIntoConstraints = !uses: true puts the view's frame in the
     * constraints' hands. [host-thread]
     */
    ah_status (*view_set_uses_constraints)(const ah_host *host, ah_layer view, bool uses);
    /**
     * layoutIfNeeded(): solves the view's tree now if a constraint changed; inside a
     * view_animate block the new frames animate. [host-thread]
     */
    ah_status (*view_layout_if_needed)(const ah_host *host, ah_layer view);

    /** UIDynamicAnimator(referenceView:) (dynamics.h); `out` receives it. [host-thread] */
    ah_status (*dynamics_create)(const ah_host *host, ah_layer reference_view, ah_dynamic_animator *out);
    /**
     * Adds a behavior; the animator starts (or resumes) stepping. AH_ERR_INVALID_ARGUMENT
     * for NULL, a short struct_size, an unknown kind, no items (but for COLLISION), an item
     * outside the reference view's tree, numbers that are not finite. [host-thread]
     */
    ah_status (*dynamics_add_behavior)(const ah_host *host, ah_dynamic_animator animator,
                                       const ah_dynamic_behavior_desc *behavior, ah_dynamic_behavior *out);
    /** Removes a behavior (its handle is stale after). [host-thread] */
    ah_status (*dynamics_remove_behavior)(const ah_host *host, ah_dynamic_animator animator, ah_dynamic_behavior behavior);
    /** Sets the action called after every step (NULL: none). [host-thread] */
    ah_status (*dynamics_set_action)(const ah_host *host, ah_dynamic_animator animator, ah_dynamics_action action,
                                     void *user_data);
    /** Whether it is stepping (false once at rest, or with no behavior). [host-thread] */
    ah_status (*dynamics_is_running)(const ah_host *host, ah_dynamic_animator animator, bool *out);
    /** Stops it for good; the items stay where they are. [host-thread] */
    ah_status (*dynamics_release)(const ah_host *host, ah_dynamic_animator animator);
    /** Sets what hears its collision behaviors' contacts (NULL: nothing). [host-thread] */
    ah_status (*dynamics_set_contact_handler)(const ah_host *host, ah_dynamic_animator animator,
                                              ah_dynamics_contact handler, void *user_data);
    /** Sets what hears it pause at rest and resume (NULL: nothing). [host-thread] */
    ah_status (*dynamics_set_pause_handler)(const ah_host *host, ah_dynamic_animator animator,
                                            ah_dynamics_pause handler, void *user_data);

    /**
     * UIView.layerClass: makes the view's layer a shape layer (`layer_class` 1: CAShapeLayer,
     * no path, an opaque black fill) or a gradient layer (2: CAGradientLayer); 0 leaves it a
     * plain layer. Call it right after view_create. AH_ERR_INVALID_ARGUMENT for another
     * class. [host-thread]
     */
    ah_status (*view_set_layer_class)(const ah_host *host, ah_layer view, uint32_t layer_class);

    /* ---- Batch 1.11: the window ----------------------------------------------------- *
     * Check `host->abi.minor >= 11` first. */

    /**
     * UIView.window: `out` receives the window `view` is in (the screen's root view, where
     * the app's screens and every transition's container live), or AH_NULL_HANDLE when the
     * view is not in the window's tree (a view made and not added yet, a screen that left).
     * `view` AH_NULL_HANDLE asks for the window itself (UIApplication's key window).
     * AH_ERR_INVALID_ARGUMENT for a NULL `out`; AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE
     * for a view that names none. [host-thread]
     */
    ah_status (*view_window)(const ah_host *host, ah_layer view, ah_layer *out);

    /**
     * The view of view controller `index` of the navigation controller or tab bar controller
     * related to the context's `key` side (`relation` AH_RELATION_NAVIGATION_CONTROLLER: the
     * stack from the bottom, as `child_count` counts it, the top last; or
     * AH_RELATION_TAB_BAR_CONTROLLER: the tabs in order): UIKit's `viewControllers` and
     * `topViewController`. `out` receives it. AH_ERR_INVALID_ARGUMENT for a NULL `out`, an
     * unknown key, another relation, a controller the side is not in, or an index not below
     * its `child_count`. [host-thread]
     */
    ah_status (*context_related_child)(const ah_host *host, ah_context ctx, ah_context_key key, ah_relation relation,
                                       uint32_t index, ah_layer *out);

    /* ---- Batch 1.12: the status bar ------------------------------------------------- *
     * Check `host->abi.minor >= 12` first. */

    /**
     * What the library's screen whose root view is `screen` wants of the status bar:
     * UIViewController's preferredStatusBarStyle (`style`, an ah_status_bar_style),
     * prefersStatusBarHidden and modalPresentationCapturesStatusBarAppearance (`flags`,
     * AH_STATUS_BAR_*). Tell it when the screen is loaded or shown, and again where the app
     * calls setNeedsStatusBarAppearanceUpdate. The host draws the status bar as the view
     * controller UIKit asks wants it: the window's root, or the screen presented full
     * screen over it (or presented otherwise with AH_STATUS_BAR_CAPTURES); a navigation
     * controller's bar decides for its screens, a tab bar controller's selected tab for it.
     * The change shows at once (UIKit fades it inside an animation block). AH_ERR_INVALID_ARGUMENT
     * for another style or flag; AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE for a view that
     * names none. [host-thread]
     */
    ah_status (*screen_status_bar)(const ah_host *host, ah_layer screen, ah_status_bar_style style, uint32_t flags);

    /* ---- Batch 1.13: the orientations a screen supports ---------------------------------- *
     * Check `host->abi.minor >= 13` first. */

    /**
     * The orientations the library's screen whose root view is `screen` supports
     * (UIViewController's supportedInterfaceOrientations: AH_ORIENTATION_* bits, at least
     * one). Tell it when the screen is loaded or shown. When the device turns (a run's
     * `--rotate`, a flow's "rotate" step), the view controller UIKit asks decides: the
     * window's root, or the screen presented full screen over it; where it does not support
     * the new orientation, the interface does not turn (no size change is told). The
     * host's navigation and tab bar controllers support every orientation but upside down.
     * AH_ERR_INVALID_ARGUMENT for no bit or an unknown one; AH_ERR_INVALID_HANDLE /
     * AH_ERR_STALE_HANDLE for a view that names none. [host-thread]
     */
    ah_status (*screen_orientations)(const ah_host *host, ah_layer screen, uint32_t mask);

    /* ---- Batch 1.14: the animation of a UIView block ----------------------------------- *
     * Check `host->abi.minor >= 14` first. */

    /**
     * The animation a change of `view`'s properties made now gets from the innermost UIView
     * animation block (view_animate): what UIView's action(for:forKey:) answers inside one,
     * and so what a layer's own action copies to animate a property of its own along with
     * the block (a corner drawn at a radius that follows the block, a progress drawn at each
     * frame). Set `out`'s abi and struct_size first. `out` receives kind AH_ANIMATION_BASIC
     * with the block's curve in timing_function (AH_TIMING_BEZIER), or AH_ANIMATION_SPRING
     * with the spring's mass, stiffness, damping and initial_velocity (timing_function
     * AH_TIMING_LINEAR); timing: begin_time (the view's layer time now plus the block's
     * delay, filled AH_FILL_BACKWARDS while it waits), duration, speed 1, repeat_count
     * (INFINITY with AH_VIEW_OPTION_REPEAT) and autoreverses; key_path, values, children and
     * delegates NULL, every other field zero. Where a change made now is not animated by a
     * block (outside one, in one of duration 0, in view_perform_without_animation, keyframes,
     * a property animator's animations or a custom action API, between
     * view_begin_animations and view_commit_animations, or with animations disabled), AH_OK
     * with every field but abi and struct_size zero: a timing.duration of 0 says "no
     * animation", as UIKit's nil answer does (asking is not a mistake, so it is not counted
     * among the calls the host refused). AH_ERR_INVALID_ARGUMENT for a NULL `out`, one of another ABI
     * major or shorter than ah_animation_desc; AH_ERR_INVALID_HANDLE / AH_ERR_STALE_HANDLE
     * for a view that names none. [host-thread]
     */
    ah_status (*view_current_animation)(const ah_host *host, ah_layer view, ah_animation_desc *out);
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_HOST_H */
