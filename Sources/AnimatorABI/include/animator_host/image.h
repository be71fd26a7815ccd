/*
 * animator-host ABI: images (ABI 1.4).
 *
 * A layer can show a bitmap, as CALayer.contents shows a CGImage (and UIImageView its
 * UIImage): the plugin hands the host the pixels (or a PNG file's bytes) once, gets an
 * image handle, and sets it as a layer's contents with the host table's batch 1.4. The
 * host keeps its own copy of the pixels; images never change once made.
 */
#ifndef ANIMATOR_HOST_IMAGE_H
#define ANIMATOR_HOST_IMAGE_H

#include <stdint.h>
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A handle on an image the host holds (release it with image_release). */
typedef ah_handle ah_image;

/**
 * CALayer.contentsGravity: where the image goes in the layer's bounds. `RESIZE` (the
 * default) stretches it over the bounds; `RESIZE_ASPECT` fits it whole, centred;
 * `RESIZE_ASPECT_FILL` fills the bounds, centred, cut where it overflows (when the layer
 * masks to bounds); the others place it at its own size (pixels / contents scale).
 */
typedef uint32_t ah_contents_gravity;
#define AH_GRAVITY_RESIZE 0u
#define AH_GRAVITY_RESIZE_ASPECT 1u
#define AH_GRAVITY_RESIZE_ASPECT_FILL 2u
#define AH_GRAVITY_CENTER 3u
#define AH_GRAVITY_TOP 4u
#define AH_GRAVITY_BOTTOM 5u
#define AH_GRAVITY_LEFT 6u
#define AH_GRAVITY_RIGHT 7u
#define AH_GRAVITY_TOP_LEFT 8u
#define AH_GRAVITY_TOP_RIGHT 9u
#define AH_GRAVITY_BOTTOM_LEFT 10u
#define AH_GRAVITY_BOTTOM_RIGHT 11u

/** The largest side, in pixels, of an image the host accepts. */
#define AH_IMAGE_MAX_SIDE 16384u

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_IMAGE_H */
