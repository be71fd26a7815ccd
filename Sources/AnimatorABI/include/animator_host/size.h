/*
 * animator-host ABI: changes of the window's size (a rotation, a resize in split screen),
 * as UIKit tells view controllers and presentation controllers about them
 * (viewWillTransition(to:with:)). Added in ABI 1.13.
 */
#ifndef ANIMATOR_HOST_SIZE_H
#define ANIMATOR_HOST_SIZE_H

#include <stdint.h>

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where a size change is (`ah_size_change.phase`); each receiver hears the three in order. */
typedef uint32_t ah_size_change_phase;
enum {
    /** viewWillTransition(to:with:): the window still has its old size; nothing is laid
     *  out yet. Say here what should go along with the change (UIKit code gives the
     *  coordinator its alongside animations and completions). */
    AH_SIZE_CHANGE_WILL = 0,
    /** Inside the change's animation: the window, the containers and the presented views
     *  have their new frames (changes made now animate with them over `duration`, on
     *  easeInOut). The coordinator's alongside animations run here. */
    AH_SIZE_CHANGE_ANIMATE = 1,
    /** The animation ended: the coordinator's completions run here. */
    AH_SIZE_CHANGE_DID = 2,
};

/** A change of the window's size, valid during the call that receives it. */
typedef struct ah_size_change {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_size_change) in the host; read a field only if this covers it. */
    uint32_t struct_size;
    /** AH_SIZE_CHANGE_WILL, _ANIMATE or _DID. */
    ah_size_change_phase phase;
    /** The window's size before and after, in points. */
    ah_size from;
    ah_size to;
    /** How long the change animates, in seconds (0: at once). */
    double duration;
    /** The turn the interface makes, in radians (the coordinator's targetTransform is a
     *  rotation by it): −π/2 from portrait to landscape, π/2 back, 0 for a resize. */
    double rotation;
} ah_size_change;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_SIZE_H */
