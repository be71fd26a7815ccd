/*
 * animator-host ABI: action delegates (ABI 1.6).
 *
 * Core Animation looks up an action for every change of a layer property
 * (CALayer.action(forKey:)): first the layer's delegate (CALayerDelegate's
 * action(for:forKey:)), then the layer's `actions`, its `style`, and the default. The
 * answer is an animation to run, NSNull ("no animation, stop looking"), or nil ("keep
 * looking"). A view is its layer's delegate: it answers an animation inside a UIView
 * animation call and NSNull outside one.
 *
 * An action delegate is that delegate as a C function. The host calls it while it applies
 * a change (layer_set, or any call that changes a property), after the model holds the new
 * value and before any animation is added, with the change described in an
 * ah_action_request. It answers with an ah_action_mode (animation.h):
 *  - AH_ACTION_DEFAULT: nil, the lookup goes on (a standalone layer's `actions` and the
 *    implicit animation; for a view, the view's own answer).
 *  - AH_ACTION_NONE: NSNull, no animation.
 *  - AH_ACTION_ANIMATION: the animation the delegate gave, during this call, through the
 *    host's action_request_set_animation (its missing from and to values are the old
 *    presentation value and the new value, as for `actions`). Answering ANIMATION without
 *    having given one counts as NONE and is logged.
 *
 * Seed technique (a custom block animation API): a delegate that records every change's
 * key and old value and answers NONE, then, after the block, adds its own animations from
 * the old values to the new ones.
 */
#ifndef ANIMATOR_HOST_ACTION_H
#define ANIMATOR_HOST_ACTION_H

#include <stdint.h>

#include "animation.h"
#include "types.h"
#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** One property change an action delegate is asked about. Valid only during the call. */
typedef struct ah_action_request {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_action_request) in the host; read a field only if this covers it. */
    uint32_t struct_size;
    /** The layer that changed (for a view, the view's handle). */
    ah_layer layer;
    /** The property's key, as Core Animation names it ("position", "opacity", "path"...). */
    const char *key;
    /** The model value before the change. A path value's handle is the host's, valid
     *  during the call only (copy it with path_elements). */
    ah_value old_value;
    /** The model value after the change (same rules). */
    ah_value new_value;
    /** The presentation value when the change happened (what is on screen now). */
    ah_value old_presentation_value;
} ah_action_request;

/**
 * An action delegate: answers AH_ACTION_DEFAULT, AH_ACTION_NONE or AH_ACTION_ANIMATION
 * (see above) for `request`. Runs on the host thread, inside the host call that made the
 * change. It may read layers and make other changes (those are looked up in turn); it must
 * not release the layer it is asked about. `user_data` is what the delegate was set with.
 */
typedef ah_action_mode (*ah_action_delegate)(void *user_data, const ah_action_request *request);

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_ACTION_H */
