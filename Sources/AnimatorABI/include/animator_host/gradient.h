/*
 * animator-host ABI: gradient kinds (ABI 1.6), for layer_set_gradient_type.
 *
 * A gradient layer (gradient_layer_create, layer_set_gradient) spreads its colors from
 * its start point toward its end point, both in unit coordinates of its bounds.
 */
#ifndef ANIMATOR_HOST_GRADIENT_H
#define ANIMATOR_HOST_GRADIENT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** CAGradientLayerType. New kinds are only ever appended. */
typedef uint32_t ah_gradient_type;
enum {
    /** Along the axis from the start point to the end point (the default). */
    AH_GRADIENT_AXIAL = 0,
    /** In ellipses around the start point: the last color where the ellipse whose radii
     *  are the end point's x and y distances from the start point (unit coordinates) is. */
    AH_GRADIENT_RADIAL = 1,
    /** Around the start point, from the direction of the end point, clockwise on the
     *  screen (y down): a whole turn from the first color to the last. */
    AH_GRADIENT_CONIC = 2,
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_GRADIENT_H */
