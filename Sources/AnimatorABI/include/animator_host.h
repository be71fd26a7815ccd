/*
 * animator-host plugin ABI, umbrella header.
 *
 * Include this one file to write an animator in C (or bind it from Rust, Zig, ...):
 *
 *     cc -shared -fPIC -I Sources/AnimatorABI/include my_animator.c -o my_animator.so
 *
 * One header per concept: version.h (versions and evolution rules), types.h (values,
 * status codes, handles), value.h (animatable values), animation.h (timing and
 * animation descriptions), operation.h, param.h, descriptor.h, gesture.h, image.h
 * (bitmaps for layer contents), path.h (paths and shape layers), action.h (action
 * delegates), controller.h (the view controllers around a transition), gradient.h
 * (gradient kinds), text.h (a label's text), traits.h (the traits an app runs with),
 * screen.h (screens a library brings), draw.h (drawing into images), constraints.h (Auto
 * Layout), dynamics.h (UIKit Dynamics), size.h (changes of the window's size), presentation.h,
 * animator.h (the instance calls), host.h (the host function table), entry.h (the
 * exported symbol), layout.h (every published struct's size and offsets).
 */
#ifndef ANIMATOR_HOST_H
#define ANIMATOR_HOST_H

#include "animator_host/version.h"
#include "animator_host/types.h"
#include "animator_host/value.h"
#include "animator_host/animation.h"
#include "animator_host/operation.h"
#include "animator_host/param.h"
#include "animator_host/descriptor.h"
#include "animator_host/gesture.h"
#include "animator_host/image.h"
#include "animator_host/path.h"
#include "animator_host/action.h"
#include "animator_host/controller.h"
#include "animator_host/gradient.h"
#include "animator_host/text.h"
#include "animator_host/traits.h"
#include "animator_host/screen.h"
#include "animator_host/draw.h"
#include "animator_host/constraints.h"
#include "animator_host/dynamics.h"
#include "animator_host/size.h"
#include "animator_host/presentation.h"
#include "animator_host/animator.h"
#include "animator_host/host.h"
#include "animator_host/entry.h"
#include "animator_host/layout.h"

#endif /* ANIMATOR_HOST_H */
