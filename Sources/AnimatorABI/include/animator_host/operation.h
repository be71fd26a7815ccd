/*
 * animator-host ABI: transition operations.
 */
#ifndef ANIMATOR_HOST_OPERATION_H
#define ANIMATOR_HOST_OPERATION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The operations a transition can perform, as bits so that a descriptor can list the
 * ones an animator supports. A transition has exactly one. Bits above AH_OP_ALL are
 * reserved: a descriptor that sets one is refused.
 */
typedef uint32_t ah_operation;
enum {
    /** A modal presentation (UIViewControllerTransitioningDelegate, presented). */
    AH_OP_PRESENT = 1u << 0,
    /** A modal dismissal (UIViewControllerTransitioningDelegate, dismissed). */
    AH_OP_DISMISS = 1u << 1,
    /** A navigation push (UINavigationControllerDelegate, operation .push). */
    AH_OP_PUSH = 1u << 2,
    /** A navigation pop (UINavigationControllerDelegate, operation .pop). */
    AH_OP_POP = 1u << 3,
    /** A tab selection (UITabBarControllerDelegate). */
    AH_OP_TAB = 1u << 4,

    /** Every operation this minor knows. */
    AH_OP_ALL = AH_OP_PRESENT | AH_OP_DISMISS | AH_OP_PUSH | AH_OP_POP | AH_OP_TAB,
};

#ifdef __cplusplus
}
#endif

#endif /* ANIMATOR_HOST_OPERATION_H */
