/*
 * animator-host ABI: Auto Layout constraints (ABI 1.10), for host->constraint_activate.
 *
 * NSLayoutConstraint from C: `first.first_attribute  relation  second.second_attribute ×
 * multiplier + constant`, at a priority (1 to 1000; 1000 required). The host solves the
 * active constraints of a view's tree together (an incremental Cassowary simplex, as Auto
 * Layout) when UIKit lays out: at view_layout_if_needed, and at the end of each step of
 * the host's clock after a change (before the next frame). Views whose
 * translatesAutoresizingMaskIntoConstraints is true (the default; view_set_uses_constraints
 * turns it off) stay where their frames put them.
 */
#ifndef ANIMATOR_HOST_CONSTRAINTS_H
#define ANIMATOR_HOST_CONSTRAINTS_H

#include <stdbool.h>
#include <stdint.h>

#include "types.h"
#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A handle on an active constraint (constraint_deactivate ends it). */
typedef ah_handle ah_constraint;

/** NSLayoutConstraint.Attribute, with UIKit's raw values. New values are only appended. */
typedef uint32_t ah_layout_attribute;
#define AH_LAYOUT_NOT_AN_ATTRIBUTE 0u
#define AH_LAYOUT_LEFT 1u
#define AH_LAYOUT_RIGHT 2u
#define AH_LAYOUT_TOP 3u
#define AH_LAYOUT_BOTTOM 4u
#define AH_LAYOUT_LEADING 5u
#define AH_LAYOUT_TRAILING 6u
#define AH_LAYOUT_WIDTH 7u
#define AH_LAYOUT_HEIGHT 8u
#define AH_LAYOUT_CENTER_X 9u
#define AH_LAYOUT_CENTER_Y 10u

/** NSLayoutConstraint.Relation, with UIKit's raw values. */
typedef int32_t ah_layout_relation;
#define AH_LAYOUT_LESS_THAN_OR_EQUAL (-1)
#define AH_LAYOUT_EQUAL 0
#define AH_LAYOUT_GREATER_THAN_OR_EQUAL 1

/** One constraint. */
typedef struct ah_layout_constraint {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_layout_constraint). */
    uint32_t struct_size;
    /** The first item: a view. */
    ah_layer first;
    ah_layout_attribute first_attribute;
    /** true: the first item is the view's safeAreaLayoutGuide (its bounds less the safe area). */
    bool first_in_safe_area;
    ah_layout_relation relation;
    /** The second item (AH_NULL_HANDLE: none, a constant, as `widthAnchor.constraint(equalToConstant:)`). */
    ah_layer second;
    ah_layout_attribute second_attribute;
    bool second_in_safe_area;
    double multiplier;
    double constant;
    /** UILayoutPriority, 1 to 1000 (0 means 1000, required). */
    double priority;
} ah_layout_constraint;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_CONSTRAINTS_H */
