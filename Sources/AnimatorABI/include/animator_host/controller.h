/*
 * animator-host ABI: the view controllers around a transition's own (ABI 1.6).
 *
 * UIKit animators often look past the two view controllers they are given: at the
 * navigation controller a push runs in (its navigation bar), the tab bar controller a tab
 * switch runs in (its tab bar), the view controller that presented a modal one. The host's
 * screen has these; context_related_view_controller describes them.
 */
#ifndef ANIMATOR_HOST_CONTROLLER_H
#define ANIMATOR_HOST_CONTROLLER_H

#include <stdbool.h>
#include <stdint.h>

#include "value.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Which view controller, seen from one of a context's view controllers. New values are
 *  only ever appended. */
typedef uint32_t ah_relation;
enum {
    /** navigationController: the navigation controller whose stack holds it. */
    AH_RELATION_NAVIGATION_CONTROLLER = 0,
    /** tabBarController: the tab bar controller whose tabs hold it. */
    AH_RELATION_TAB_BAR_CONTROLLER = 1,
    /** presentingViewController: the view controller that presented it (or, for the
     *  presenter itself, the one that presented that one; UIKit's answer). */
    AH_RELATION_PRESENTING = 2,
    /** presentedViewController: the view controller it presented. */
    AH_RELATION_PRESENTED = 3,
};

/** A related view controller, as context_related_view_controller fills it. */
typedef struct ah_related_view_controller {
    /** The ABI version the host was built with. */
    ah_version abi;
    /** sizeof(ah_related_view_controller) in the host. */
    uint32_t struct_size;
    /** False where UIKit answers nil; the other fields are then zero. */
    bool exists;
    /** Its view. */
    ah_layer view;
    /** The navigation bar (navigation controller) or the tab bar (tab bar controller), a
     *  view like the others; AH_NULL_HANDLE for the other relations. */
    ah_layer bar;
    /** Whether that bar is hidden (setNavigationBarHidden, a hidden tab bar). */
    bool bar_hidden;
    /** How many view controllers it holds: the tabs, or the navigation stack as UIKit
     *  shows it during a transition (already the new stack: with the pushed one, without
     *  the popped one); 0 for the other relations. */
    uint32_t child_count;
    /* ---- ABI 1.11 (read only if struct_size covers it) ---- */
    /** The tab bar controller's selected tab (during a tab switch, the one it switches from:
     *  the selection changes when the switch completes); 0 for the other relations. Its
     *  view: context_related_child. */
    uint32_t selected_index;
} ah_related_view_controller;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_CONTROLLER_H */
