/*
 * animator-host ABI: a presentation controller an animator library supplies, the C face
 * of UIPresentationController. Added in ABI 1.3.
 *
 * Call tags: [host-thread] as in animator.h.
 */
#ifndef ANIMATOR_HOST_PRESENTATION_H
#define ANIMATOR_HOST_PRESENTATION_H

#include <stdbool.h>
#include <stdint.h>

#include "size.h"
#include "types.h"
#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ah_presentation_controller ah_presentation_controller;

/**
 * A custom presentation's controller, returned by `ah_animator.presentation_controller`
 * and owned by the plugin until the host calls `destroy` (after the dismissal ended, or
 * after a cancelled presentation). The animator instance that returned it is not
 * destroyed before the controller is, so the controller may share its data; the
 * dismissal may be animated by another instance. The hooks receive a context of the
 * transition they belong to (container, views, coordinator); it is stale after the hook
 * returns.
 */
struct ah_presentation_controller {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_presentation_controller). */
    uint32_t struct_size;
    /** The plugin's own pointer; the host never touches it. */
    void *controller_data;
    /** shouldRemovePresentersView (false keeps the presenting view on screen). */
    bool should_remove_presenters_view;
    /**
     * frameOfPresentedViewInContainerView, given the container's bounds. Optional (NULL:
     * the whole container). [host-thread]
     */
    ah_rect (*frame_of_presented_view)(const ah_presentation_controller *self, ah_rect container_bounds);
    /**
     * presentationTransitionWillBegin(), before the animator's animate. Optional.
     * [host-thread] Returns the presentedView: a wrapper the plugin made around the
     * presented screen's view (view(forKey: .to) gives it to the animator), or
     * AH_NULL_HANDLE for the screen's own view.
     */
    ah_layer (*presentation_will_begin)(const ah_presentation_controller *self, ah_context ctx);
    /** presentationTransitionDidEnd(_:). Optional. [host-thread] */
    void (*presentation_did_end)(const ah_presentation_controller *self, bool completed);
    /** dismissalTransitionWillBegin(), before the dismissing animator's animate. Optional. */
    void (*dismissal_will_begin)(const ah_presentation_controller *self, ah_context ctx);
    /** dismissalTransitionDidEnd(_:). Optional. [host-thread] */
    void (*dismissal_did_end)(const ah_presentation_controller *self, bool completed);
    /** Frees the controller. Required. [host-thread] Called once. */
    void (*destroy)(const ah_presentation_controller *self);

    /* ---- Appended in 1.3 (read only when struct_size covers it) --------------------- */

    /**
     * A tap in the container while the presented screen is on screen and no transition
     * runs, at `point` in the container's coordinates: what a tap gesture recognizer on
     * the controller's dimming view would receive. Optional (NULL: taps are ignored).
     * [host-thread] Returns true to have the presented screen dismissed (seed 004's
     * dimmingViewTapped:); the host then dismisses it, with the animator the app's routes
     * pick for that dismissal, after this returns. `container_bounds` is the container's
     * bounds, for hit testing against frame_of_presented_view.
     */
    bool (*tap)(const ah_presentation_controller *self, ah_point point, ah_rect container_bounds);

    /* ---- Appended in 1.9: the container's layout ------------------------------------ */

    /**
     * containerViewWillLayoutSubviews(): the container is about to lay out its subviews,
     * once when a presentation begins (after the animator's animate, before the first
     * frame is drawn, as UIKit's layout pass follows animateTransition). The usual body
     * sets the presented view's frame to frame_of_presented_view and stretches a dimming
     * view over the container. Optional. [host-thread] `ctx` is the presentation's
     * context, stale after the hook returns.
     */
    void (*container_will_layout)(const ah_presentation_controller *self, ah_context ctx);
    /** containerViewDidLayoutSubviews(), right after the layout. Optional. [host-thread] */
    void (*container_did_layout)(const ah_presentation_controller *self, ah_context ctx);

    /* ---- Appended in 1.13: changes of the window's size ----------------------------- */

    /**
     * viewWillTransition(to:with:) and what follows it: the window changes size (a rotation,
     * a resize) while the presentation is shown. Called three times, with `change->phase`
     * AH_SIZE_CHANGE_WILL, then _ANIMATE (inside the change's animation, after the host
     * set the container's new bounds, called container_will_layout, placed the presented
     * view at frame_of_presented_view of the new bounds and called container_did_layout:
     * frames changed now animate along), then _DID at its end. Optional (NULL).
     * [host-thread] `ctx` answers the container and the presentation's views and view
     * controllers; `change` is valid during the call only.
     */
    void (*size_change)(const ah_presentation_controller *self, ah_context ctx, const ah_size_change *change);
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_PRESENTATION_H */
