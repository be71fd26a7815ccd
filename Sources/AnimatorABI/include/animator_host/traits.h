/*
 * animator-host ABI: the traits an app runs with (ABI 1.7).
 *
 * What UIKit tells an app about where it runs, as a run's `--variant` sets it: the trait
 * collection (UITraitCollection's userInterfaceStyle, layoutDirection,
 * preferredContentSizeCategory, displayScale, userInterfaceIdiom), the accessibility
 * settings a transition looks at (UIAccessibility.isReduceMotionEnabled,
 * prefersCrossFadeTransitions), and the device's screen (its size as held, the safe
 * area, the radius of its corners). host_traits fills an ah_traits.
 */
#ifndef ANIMATOR_HOST_TRAITS_H
#define ANIMATOR_HOST_TRAITS_H

#include <stdbool.h>
#include <stdint.h>

#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** UIUserInterfaceStyle, with UIKit's raw values. */
typedef uint32_t ah_user_interface_style;
enum {
    AH_USER_INTERFACE_STYLE_LIGHT = 1,
    AH_USER_INTERFACE_STYLE_DARK = 2,
};

/** UITraitEnvironmentLayoutDirection, with UIKit's raw values. */
typedef uint32_t ah_layout_direction;
enum {
    AH_LAYOUT_DIRECTION_LEFT_TO_RIGHT = 0,
    AH_LAYOUT_DIRECTION_RIGHT_TO_LEFT = 1,
};

/** UIContentSizeCategory, smallest to largest; LARGE is UIKit's default. The last five
 *  are the accessibility sizes. New values are only ever appended. */
typedef uint32_t ah_content_size_category;
enum {
    AH_CONTENT_SIZE_EXTRA_SMALL = 0,
    AH_CONTENT_SIZE_SMALL = 1,
    AH_CONTENT_SIZE_MEDIUM = 2,
    AH_CONTENT_SIZE_LARGE = 3,
    AH_CONTENT_SIZE_EXTRA_LARGE = 4,
    AH_CONTENT_SIZE_EXTRA_EXTRA_LARGE = 5,
    AH_CONTENT_SIZE_EXTRA_EXTRA_EXTRA_LARGE = 6,
    AH_CONTENT_SIZE_ACCESSIBILITY_MEDIUM = 7,
    AH_CONTENT_SIZE_ACCESSIBILITY_LARGE = 8,
    AH_CONTENT_SIZE_ACCESSIBILITY_EXTRA_LARGE = 9,
    AH_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_LARGE = 10,
    AH_CONTENT_SIZE_ACCESSIBILITY_EXTRA_EXTRA_EXTRA_LARGE = 11,
};

/** The traits, as host_traits fills them. Fields are only ever appended. */
typedef struct ah_traits {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_traits) in the caller: the host fills no more than this. */
    uint32_t struct_size;
    /** traitCollection.userInterfaceStyle. */
    ah_user_interface_style user_interface_style;
    /** traitCollection.layoutDirection (and every view's
     *  effectiveUserInterfaceLayoutDirection). */
    ah_layout_direction layout_direction;
    /** traitCollection.preferredContentSizeCategory. */
    ah_content_size_category content_size_category;
    /** UIAccessibility.isReduceMotionEnabled. */
    bool reduce_motion;
    /** UIAccessibility.prefersCrossFadeTransitions (on with Reduce Motion). */
    bool prefers_cross_fade_transitions;
    /** traitCollection.userInterfaceIdiom is .pad (else .phone). */
    bool is_pad;
    /** traitCollection.displayScale: the device's pixels per point (the pictures the host
     *  draws keep their own scale). */
    double display_scale;
    /** The screen as held, in points. */
    ah_size screen_size;
    /** The window's safeAreaInsets, in points. */
    double safe_area_top, safe_area_left, safe_area_bottom, safe_area_right;
    /** The radius of the screen's corners, in points (0: square). */
    double screen_corner_radius;
    /** ABI 1.14: the app's window, in points: the screen as held, or the part iPad split
     *  view gives it, or a run's own size. UIKit's size classes follow it: on an iPad,
     *  horizontally regular from 678 points wide (compact below: a third, and half of
     *  screens narrower than 1366 points), vertically regular; on an iPhone, compact wide
     *  but on its side at 896 points or more, compact tall on its side. */
    ah_size window_size;
} ah_traits;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_TRAITS_H */
