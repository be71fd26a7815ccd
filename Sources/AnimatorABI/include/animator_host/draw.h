/*
 * animator-host ABI: drawing into an image (ABI 1.10), for host->image_draw.
 *
 * What Core Graphics does in a UIGraphicsImageRenderer or a view's draw(_:): paths filled
 * and stroked, gradients, images and text, clipped and transformed, kept as a list of
 * commands that the host rasterizes (with the same renderer as frames) into a new image.
 * Coordinates are UIKit's: points, origin at the top left, y down; the image is
 * `size` points at `scale` pixels per point, transparent where nothing is drawn.
 */
#ifndef ANIMATOR_HOST_DRAW_H
#define ANIMATOR_HOST_DRAW_H

#include <stdint.h>

#include "types.h"
#include "version.h"
#include "image.h"
#include "path.h"
#include "text.h"
#include "value.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What one drawing command does. New verbs are only ever appended. */
typedef uint32_t ah_draw_verb;
/** CGContext.saveGState(): the transform and the clip are saved. */
#define AH_DRAW_SAVE 0u
/** CGContext.restoreGState(): back to the last saved state (ignored with none saved). */
#define AH_DRAW_RESTORE 1u
/** CGContext.concatenate(_:): `transform` applied before the current one. */
#define AH_DRAW_CONCAT 2u
/** CGContext.clip(using:): the clip narrowed to `path` (with `fill_rule`). */
#define AH_DRAW_CLIP 3u
/** CGContext.fillPath(using:): `path` filled in `color` (with `fill_rule`). */
#define AH_DRAW_FILL 4u
/** CGContext.strokePath(): `path` stroked in `color` with the line fields. */
#define AH_DRAW_STROKE 5u
/**
 * CGContext.drawLinearGradient: the gradient's colors from `start` to `end` filling the
 * clip, between the lines through `start` and `end` perpendicular to them, beyond them
 * where `gradient_options` says (bit 0: before the start, bit 1: after the end).
 */
#define AH_DRAW_LINEAR_GRADIENT 6u
/**
 * CGContext.drawRadialGradient: from the circle of `start_radius` to the one of
 * `end_radius`, both centered on `start` (the host does not move the center from circle to
 * circle: `end` is not used), options as for linear gradients.
 */
#define AH_DRAW_RADIAL_GRADIENT 7u
/**
 * `image` drawn into `rect` (UIImage.draw(in:)); with `flipped` true upside down, as
 * CGContext.draw(_:in:) draws a CGImage in a UIKit context.
 */
#define AH_DRAW_IMAGE 8u
/** `text` drawn in `rect` with `text_style` (NSString.draw(in:withAttributes:)). */
#define AH_DRAW_TEXT 9u
/**
 * CALayer.render(in:) / UIView.drawHierarchy(in:afterScreenUpdates:): `layer` and its
 * sublayers as they are on screen now, drawn into `rect` (its bounds scaled to fill it).
 */
#define AH_DRAW_LAYER 10u

/** Gradient options (CGGradientDrawingOptions). */
#define AH_DRAW_GRADIENT_BEFORE_START 1u
#define AH_DRAW_GRADIENT_AFTER_END 2u

/**
 * One command. Fields a verb does not use are ignored. Every command of a list is
 * `command_size` bytes (image_draw's argument): a host reads only the fields that size
 * holds, so lists made against an older header keep working.
 */
typedef struct ah_draw_command {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_draw_command). */
    uint32_t struct_size;
    ah_draw_verb verb;
    /** The context's alpha (CGContext.setAlpha) times the color's, 0 to 1, for every drawing verb. */
    double alpha;
    /** FILL, STROKE, CLIP: the path (a handle of path_create; the caller keeps and releases it). */
    ah_path path;
    /** FILL, CLIP: AH_FILL_RULE_NON_ZERO or AH_FILL_RULE_EVEN_ODD. */
    uint32_t fill_rule;
    /** STROKE: AH_LINE_CAP_*, AH_LINE_JOIN_*. */
    uint32_t line_cap;
    uint32_t line_join;
    /** FILL, STROKE: straight-alpha color. */
    ah_color color;
    /** STROKE: width (points, in the current transform), miter limit, dash lengths and phase. */
    double line_width;
    double miter_limit;
    const double *dashes;
    uint32_t dash_count;
    double dash_phase;
    /** CONCAT: a, b, c, d, tx, ty of CGAffineTransform. */
    double transform[6];
    /** Gradients: the points and radii, the colors (straight alpha) at locations 0 to 1. */
    ah_point start;
    ah_point end;
    double start_radius;
    double end_radius;
    const ah_color *colors;
    /** NULL: evenly spaced. */
    const double *locations;
    uint32_t color_count;
    uint32_t gradient_options;
    /** IMAGE, TEXT, LAYER: where. */
    ah_rect rect;
    /** IMAGE: the image (the caller keeps it). */
    ah_image image;
    bool flipped;
    /** LAYER: the layer or view drawn. */
    ah_layer layer;
    /** TEXT: UTF-8, NUL-terminated (control characters but newlines draw as spaces). */
    const char *text;
    ah_text_style text_style;
} ah_draw_command;

/** The most commands one image_draw takes. */
#define AH_DRAW_MAX_COMMANDS 1048576u

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_DRAW_H */
