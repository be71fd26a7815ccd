/*
 * animator-host ABI: UIKit Dynamics (ABI 1.10), for host->dynamics_create and friends.
 *
 * UIDynamicAnimator from C: an animator in a reference view's coordinates, behaviors
 * added and removed (gravity, push, attachment, snap, collision, item properties), its
 * items views of that reference view's tree. The host steps the physics at each refresh
 * of its clock (60 a second of the transition's time), moves the items' centers and turns
 * them, calls the action after each step, and pauses once every item has been still for
 * half a second (resuming when behaviors change). Units are UIKit's: gravity 1 is 1,000
 * points/s²; a push of 1 accelerates a 100 × 100 point item of density 1 at 100 points/s².
 */
#ifndef ANIMATOR_HOST_DYNAMICS_H
#define ANIMATOR_HOST_DYNAMICS_H

#include <stdbool.h>
#include <stdint.h>

#include "types.h"
#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A handle on a dynamic animator (dynamics_release ends it). */
typedef ah_handle ah_dynamic_animator;
/** A handle on a behavior of an animator. */
typedef ah_handle ah_dynamic_behavior;

/** What a behavior is. New kinds are only appended. */
typedef uint32_t ah_behavior_kind;
/** UIGravityBehavior: `vector` is gravityDirection (its length the magnitude). */
#define AH_BEHAVIOR_GRAVITY 0u
/** UIPushBehavior: `vector` is pushDirection; `instantaneous` for an impulse given once. */
#define AH_BEHAVIOR_PUSH 1u
/**
 * UIAttachmentBehavior: items[0]'s point at `offset` from its center held to `anchor`
 * (item_count 1) or to items[1]'s point at `offset2` (item_count 2), at `length` (negative:
 * the distance they have now), rigid (frequency 0) or a spring of `frequency` Hz and
 * damping ratio `damping`.
 */
#define AH_BEHAVIOR_ATTACHMENT 2u
/** UISnapBehavior: items[0] to `anchor`, with UIKit's `damping` (0 to 1; 0.5 by default). */
#define AH_BEHAVIOR_SNAP 3u
/**
 * UICollisionBehavior: `collision_mode` 1 items, 2 boundaries, 3 both; the reference
 * view's bounds as a boundary when `reference_bounds`; `segments` pairs of points, each
 * pair a boundary segment.
 */
#define AH_BEHAVIOR_COLLISION 4u
/** UIDynamicItemBehavior: the items' material. */
#define AH_BEHAVIOR_ITEM 5u

/** One behavior. */
typedef struct ah_dynamic_behavior_desc {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_dynamic_behavior_desc). */
    uint32_t struct_size;
    ah_behavior_kind kind;
    /** The items: views in the reference view's tree (the array is copied). */
    const ah_layer *items;
    uint32_t item_count;
    /** GRAVITY, PUSH. */
    ah_point vector;
    bool instantaneous;
    /** ATTACHMENT, SNAP. */
    ah_point anchor;
    ah_point offset;
    ah_point offset2;
    double length;
    double frequency;
    double damping;
    /** COLLISION. */
    uint32_t collision_mode;
    bool reference_bounds;
    const ah_point *segments;
    uint32_t segment_count;
    /** ITEM: UIKit's defaults are elasticity 0, friction 0, density 1, resistance 0, angular resistance 0, rotation allowed. */
    double elasticity;
    double friction;
    double density;
    double resistance;
    double angular_resistance;
    bool allows_rotation;
    bool anchored;
} ah_dynamic_behavior_desc;

/** Called after every step with the seconds simulated so far. */
typedef void (*ah_dynamics_action)(void *user_data, double elapsed);

/**
 * Called when a contact of a collision behavior begins (`began` true, at `point`) or ends:
 * `item` touches `other` (a view) or, with `other` AH_NULL_HANDLE, a boundary: `boundary`
 * the index of its segment (0 for the first pair of `segments`), -1 for the reference
 * view's bounds; -2 when `other` is a view (UICollisionBehaviorDelegate).
 */
typedef void (*ah_dynamics_contact)(void *user_data, ah_dynamic_behavior behavior, ah_layer item, ah_layer other,
                                    int32_t boundary, bool began, ah_point point);

/** Called when the animator pauses at rest (`paused` true) and when it resumes (UIDynamicAnimatorDelegate). */
typedef void (*ah_dynamics_pause)(void *user_data, bool paused);

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_DYNAMICS_H */
