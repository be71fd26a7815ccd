/*
 * Compile-time checks of the ABI's layout. The struct sizes of batch 1.0 are frozen:
 * appending fields makes the structs longer, never changes these offsets.
 */
#include "animator_host.h"

#include <stddef.h>

_Static_assert(sizeof(ah_version) == 8, "ah_version layout");
_Static_assert(sizeof(ah_point) == 16 && sizeof(ah_size) == 16, "geometry layout");
_Static_assert(sizeof(ah_rect) == 32 && sizeof(ah_color) == 32, "geometry layout");
_Static_assert(sizeof(ah_handle) == 8, "handles are 64-bit");
_Static_assert(offsetof(ah_plugin_entry, abi) == 0, "version first");
_Static_assert(offsetof(ah_animator_descriptor, abi) == 0, "version first");
_Static_assert(offsetof(ah_param_descriptor, abi) == 0, "version first");
_Static_assert(offsetof(ah_animator, abi) == 0, "version first");
_Static_assert(offsetof(ah_host, abi) == 0, "version first");
_Static_assert(offsetof(ah_gesture_sample, abi) == 0, "version first");
_Static_assert(offsetof(ah_presentation_controller, abi) == 0, "version first");

/* Appended, never reshuffled: each batch's first field comes after the last one before it. */
_Static_assert(offsetof(ah_animator, start_interactive) > offsetof(ah_animator, destroy), "1.3 appended to ah_animator");
_Static_assert(offsetof(ah_animator, presentation_controller) > offsetof(ah_animator, interruptible_animator),
               "1.3 fields in order");
_Static_assert(offsetof(ah_host, context_percent_complete) > offsetof(ah_host, context_presentation_style),
               "batch 1.3 after batch 1.2");
_Static_assert(offsetof(ah_host, context_target_transform) > offsetof(ah_host, context_view_controller_name),
               "batch 1.3 in order");
_Static_assert(offsetof(ah_host, image_create_rgba) > offsetof(ah_host, context_target_transform),
               "batch 1.4 after batch 1.3");
_Static_assert(offsetof(ah_host, layer_set_contents_rect) > offsetof(ah_host, layer_set_contents),
               "batch 1.4 in order");
_Static_assert(sizeof(ah_image) == 8, "images are handles");
_Static_assert(offsetof(ah_presentation_controller, tap) > offsetof(ah_presentation_controller, destroy),
               "tap appended after destroy");
_Static_assert(offsetof(ah_host, image_draw) > offsetof(ah_host, screen_show), "batch 1.10 after batch 1.9");
_Static_assert(offsetof(ah_draw_command, abi) == 0, "version first");
_Static_assert(offsetof(ah_host, view_layout_if_needed) > offsetof(ah_host, image_draw), "batch 1.10 in order");
_Static_assert(offsetof(ah_layout_constraint, abi) == 0, "version first");
_Static_assert(offsetof(ah_host, dynamics_release) > offsetof(ah_host, view_layout_if_needed), "batch 1.10 in order");
_Static_assert(offsetof(ah_dynamic_behavior_desc, abi) == 0, "version first");
