/*
 * animator-host ABI: a label's text (ABI 1.6), for layer_set_text.
 *
 * A layer can show one string laid out as UILabel lays it out: in its bounds, in the system
 * font at a size and weight, aligned, wrapped into a number of lines (the last cut with an
 * ellipsis). Text does not animate; a change shows at once.
 */
#ifndef ANIMATOR_HOST_TEXT_H
#define ANIMATOR_HOST_TEXT_H

#include <stdint.h>

#include "types.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** UIFont.Weight, in the three weights the host draws. New values are only appended. */
typedef uint32_t ah_font_weight;
enum { AH_FONT_REGULAR = 0, AH_FONT_SEMIBOLD = 1, AH_FONT_BOLD = 2 };

/** NSTextAlignment (natural is left). New values are only appended. */
typedef uint32_t ah_text_alignment;
enum { AH_TEXT_LEFT = 0, AH_TEXT_CENTER = 1, AH_TEXT_RIGHT = 2 };

/** How a label draws its text. */
typedef struct ah_text_style {
    /** AH_ABI_VERSION_INIT. */
    ah_version abi;
    /** sizeof(ah_text_style). */
    uint32_t struct_size;
    /** The text color (straight alpha). */
    ah_color color;
    /** The font's point size (UIFont.pointSize; 0 means 17). */
    double size;
    ah_font_weight weight;
    ah_text_alignment alignment;
    /** UILabel.numberOfLines: 1 one line, 0 as many as the bounds hold, n at most n. */
    uint32_t lines;
} ah_text_style;

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_TEXT_H */
