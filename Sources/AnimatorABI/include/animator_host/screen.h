/*
 * animator-host ABI: screens an animator library brings, the view controllers a
 * transition runs between when the app's own look matters (a grid of photos and the
 * photo's page, a card deck). Added in ABI 1.9.
 *
 * The host's runs name their screens by their role: "list" (the root: below a
 * presentation, at the bottom of a navigation stack), "detail" (presented or pushed over
 * it), "home" and "settings" (a tab bar controller's first and second tabs). `ah_animator.load_screen` is asked
 * for each screen of a run before it is put on screen; a screen the library does not
 * bring keeps the host's generated content.
 */
#ifndef ANIMATOR_HOST_SCREEN_H
#define ANIMATOR_HOST_SCREEN_H

#include <stdint.h>

#include "operation.h"
#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The appearance callbacks of a view controller (`ah_animator.appearance`). */
typedef uint32_t ah_appearance;
enum {
    /** viewWillAppear(_:). */
    AH_APPEARANCE_WILL_APPEAR = 0,
    /** viewDidAppear(_:). */
    AH_APPEARANCE_DID_APPEAR = 1,
    /** viewWillDisappear(_:). */
    AH_APPEARANCE_WILL_DISAPPEAR = 2,
    /** viewDidDisappear(_:). */
    AH_APPEARANCE_DID_DISAPPEAR = 3,
};

/** UIStatusBarStyle's raw values: what a screen wants the status bar drawn in (ABI 1.12). */
typedef uint32_t ah_status_bar_style;
enum {
    /** UIStatusBarStyle.default: dark content in a light appearance, light in a dark one. */
    AH_STATUS_BAR_DEFAULT = 0,
    /** .lightContent: white, for dark backgrounds. */
    AH_STATUS_BAR_LIGHT_CONTENT = 1,
    /** .darkContent: black, for light backgrounds. */
    AH_STATUS_BAR_DARK_CONTENT = 3,
};

/** Flags of `host->screen_status_bar` (ABI 1.12). */
enum {
    /** prefersStatusBarHidden. */
    AH_STATUS_BAR_HIDDEN = 1u << 0,
    /** modalPresentationCapturesStatusBarAppearance: presented other than full screen, the
     *  screen still decides. */
    AH_STATUS_BAR_CAPTURES = 1u << 1,
};

/** UIInterfaceOrientationMask's bits: the orientations a screen supports
 *  (`host->screen_orientations`, ABI 1.13). */
enum {
    AH_ORIENTATION_PORTRAIT = 1u << 1,
    AH_ORIENTATION_PORTRAIT_UPSIDE_DOWN = 1u << 2,
    AH_ORIENTATION_LANDSCAPE_RIGHT = 1u << 3,
    AH_ORIENTATION_LANDSCAPE_LEFT = 1u << 4,
};

/** A screen the library built, as `ah_animator.load_screen` fills it. */
typedef struct ah_screen {
    /** The ABI version the host was built with (set by the host). */
    ah_version abi;
    /** sizeof(ah_screen) in the host (set by the host): write only what it covers. */
    uint32_t struct_size;
    /** The screen's view, made by the library (view_create) with its content inside;
     *  the host makes it the screen's view and gives it the window's bounds. */
    ah_layer view;
    /** The screen's title (the navigation bar's), or NULL for the host's; copied by the
     *  host before load_screen returns. */
    const char *title;
} ah_screen;

/**
 * A transition the app asks for from a tap handler, as present(_:animated:),
 * dismiss(animated:), pushViewController(_:animated:), popViewController(animated:) and a tab
 * bar controller's selectedIndex do; given to host->screen_show (host.h, batch 1.9).
 */
typedef struct ah_screen_request {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_screen_request). */
    uint32_t struct_size;
    /** AH_OP_PRESENT, AH_OP_DISMISS, AH_OP_PUSH, AH_OP_POP or AH_OP_TAB. */
    ah_operation operation;
    /** A view of the screen that asks (the presenter, a screen of the navigation stack, the
     *  presented screen): any view inside it. */
    ah_layer source;
    /** present and push: the new screen's root view, made by the library (view_create);
     *  AH_NULL_HANDLE otherwise. */
    ah_layer screen;
    /** present and push: the new screen's title, or NULL; copied before screen_show returns. */
    const char *title;
    /** present: the UIModalPresentationStyle raw value (0 fullScreen, 1 pageSheet, 5
     *  overFullScreen...). */
    uint32_t presentation_style;
    /** Whether it is animated (false runs the operation without animation). */
    bool animated;
    /** tab: the index of the tab to select. */
    uint32_t tab_index;
} ah_screen_request;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_SCREEN_H */
