/*
 * animator-host ABI: an animator instance, the C face of
 * UIViewControllerAnimatedTransitioning.
 *
 * Call tags used below:
 *   [host-thread]  called by the host on the thread that runs the transition; the host
 *                  never calls one instance from two threads at once.
 *   [once]         called at most once per transition.
 */
#ifndef ANIMATOR_HOST_ANIMATOR_H
#define ANIMATOR_HOST_ANIMATOR_H

#include <stdbool.h>
#include <stdint.h>

#include "gesture.h"
#include "presentation.h"
#include "screen.h"
#include "size.h"
#include "types.h"
#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ah_animator ah_animator;

/**
 * An animator instance, created by `ah_plugin_entry.create_animator` and owned by the
 * plugin until the host calls `destroy`. The host may run several transitions, one
 * after another, with the same instance, as UIKit may reuse an animation controller.
 */
struct ah_animator {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_animator). */
    uint32_t struct_size;
    /** The plugin's own pointer; the host never touches it. */
    void *animator_data;

    /**
     * transitionDuration(using:). Required. [host-thread]
     * Returns the duration in seconds of the transition described by `ctx` (>= 0 and
     * finite; the host refuses the transition otherwise). Must not start animations.
     * The host may call it several times, also before `animate`.
     */
    double (*duration)(const ah_animator *self, ah_context ctx);

    /**
     * animateTransition(using:). Required. [host-thread] [once]
     * Sets up the transition's views and animations through the host table and, when
     * they end, calls the context's completion function exactly once (possibly from a
     * completion callback, after this call has returned).
     */
    void (*animate)(const ah_animator *self, ah_context ctx);

    /**
     * animationEnded(_:). Optional (NULL). [host-thread] [once]
     * Called after the transition completed, with `completed` false when it was
     * cancelled. `ctx` may still be read during this call; it is stale afterwards.
     */
    void (*ended)(const ah_animator *self, ah_context ctx, bool completed);

    /**
     * Frees the instance. Required. [host-thread]
     * Called once, when the host no longer needs the instance; `self` is invalid after.
     */
    void (*destroy)(const ah_animator *self);

    /* ---- Appended in 1.3: interaction, interruptible animators, presentation -------- *
     * The host reads these only when `struct_size` covers them: a plugin built for 1.2
     * ends its struct before them and is never asked. */

    /**
     * startInteractiveTransition(_:). Optional (NULL). [host-thread] [once]
     * When the user drives the transition with a gesture and this is set, the host calls
     * it instead of `animate` (UIViewControllerInteractiveTransitioning); otherwise the
     * host's percent-driven interaction controller scrubs `animate`'s animations. The
     * animator sets up its views, follows `gesture`, reports progress with the context's
     * update/finish/cancel/pause_interactive, and calls completeTransition exactly once.
     */
    void (*start_interactive)(const ah_animator *self, ah_context ctx);

    /**
     * One sample of the driving gesture, in time order, after `start_interactive`: the
     * first with AH_GESTURE_BEGAN, the last with AH_GESTURE_ENDED. Optional (NULL).
     * [host-thread] `sample` is valid during the call only.
     */
    void (*gesture)(const ah_animator *self, ah_context ctx, const ah_gesture_sample *sample);

    /**
     * interruptibleAnimator(using:). Optional (NULL). [host-thread]
     * For a transition the host's percent-driven interaction controller drives, the host
     * calls this instead of `animate` and scrubs the returned property animator
     * (pause, fractionComplete, reversed, continue) rather than the container's time.
     * Return the same animator for the whole transition (made with the host's
     * `animator_create`, its animations added, its completion calling
     * completeTransition); AH_NULL_HANDLE makes the host fall back to `animate`.
     */
    ah_property_animator (*interruptible_animator)(const ah_animator *self, ah_context ctx);

    /**
     * presentationController(forPresented:presenting:source:). Optional (NULL).
     * [host-thread] Asked before a presentation this animator performs, before
     * `declines`, with the presentation's context (from 1.9: its container, views and view
     * controllers; before, only its operation); returns a controller (the presentation
     * becomes custom) or NULL for none. The host calls its `destroy` when done with it.
     */
    const ah_presentation_controller *(*presentation_controller)(const ah_animator *self, ah_context ctx);

    /* ---- Appended in 1.8: the delegate's choice ------------------------------------- */

    /**
     * Whether the animator declines this transition. Optional (NULL: never). [host-thread]
     * Asked once before each transition the routes give this animator, before any other
     * call for it and before the appearance callbacks, with a context whose operation,
     * view controllers and views can be read; true makes the host run UIKit's default
     * transition for the operation instead (no other call of this animator follows for
     * the transition), as UIKit does when a transitioning, navigation or tab bar
     * controller delegate returns nil for the animation controller.
     */
    bool (*declines)(const ah_animator *self, ah_context ctx);

    /* ---- Appended in 1.9: the library's own screens -------------------------------- */

    /**
     * Builds the screen called `name` ("list", "detail", "home" or "settings", screen.h) for a
     * run of `ctx`'s operation. Optional (NULL: the host's screens). [host-thread]
     * Asked before the run's screens are put on screen, once per screen, with a context
     * that answers the operation only. Return true with `out->view` set to a view the
     * library made (and `out->title`, or NULL) to bring that screen; false keeps the
     * host's. `out` is valid during the call only.
     */
    bool (*load_screen)(const ah_animator *self, ah_context ctx, const char *name, ah_screen *out);

    /**
     * A tap on the run's screen before its transition (`animator-host run --tap X,Y`): the
     * finger at `point` (window coordinates) over `view`, the deepest view under it the
     * library made or was given (the host hit-tests). Optional (NULL: taps reach nothing).
     * [host-thread] `ctx` answers the run's operation only. During this call the library
     * may ask for the run's transition with host->screen_show, as a tap handler calls
     * present or pushViewController; the host runs it after this returns.
     */
    void (*tap)(const ah_animator *self, ah_context ctx, ah_layer view, ah_point point);

    /**
     * An appearance callback of a screen the library brought (load_screen, or a screen a
     * tap presented or pushed), in UIKit's order: will-disappear of the outgoing screen and
     * will-appear of the incoming one before the transition, their did- callbacks after
     * it (swapped and balanced when it is cancelled), and the root's when it is first shown.
     * `view` is the screen's root view, `animated` whether the transition is. Optional
     * (NULL). [host-thread]
     */
    void (*appearance)(const ah_animator *self, ah_layer view, ah_appearance kind, bool animated);

    /* ---- Appended in 1.12: long presses and swipes --------------------------------- */

    /**
     * A long press or a swipe on the run's screen before its transition (`animator-host
     * run --long-press X,Y` or `--swipe X,Y,DIRECTION`), as `tap` is a tap: `view` is the
     * deepest view under the finger the library made or was given, `gesture` what the
     * finger did (gesture.h; valid during the call only). Optional (NULL: long presses and
     * swipes reach nothing; taps keep going to `tap`). [host-thread] During this call the
     * library may ask for the run's transition with host->screen_show, as the gesture's
     * handler calls present or pushViewController.
     */
    void (*touch)(const ah_animator *self, ah_context ctx, ah_layer view, const ah_touch_gesture *gesture);

    /* ---- Appended in 1.13: changes of the window's size ------------------------------ */

    /**
     * The window changes size (`animator-host run --scenario` with a "rotate" step): what
     * UIKit tells a screen's view controller with viewWillTransition(to:with:). Called for
     * each screen the library brought that is in the window (the root first, then what
     * is presented over it), three times each: `change->phase` AH_SIZE_CHANGE_WILL, then
     * _ANIMATE (inside the change's animation: `view` already has its new frame; lay its
     * subviews out for it, and changes animate along), then _DID at the end. `view` is the
     * screen's root view. Optional (NULL: the library's screens are only resized).
     * [host-thread] `ctx` answers the operation of the run only; `change` is valid during
     * the call only.
     */
    void (*size_change)(const ah_animator *self, ah_context ctx, ah_layer view, const ah_size_change *change);
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_ANIMATOR_H */
