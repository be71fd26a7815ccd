/*
 * circular-reveal-c: the corpus's circular reveal in plain C, through batch 1.5: a shape
 * layer masks the presented view and its path grows from a dot to the circle reaching the
 * farthest corner (dismissal shrinks it back); the animation's did_stop removes the mask
 * and completes the transition, as the Swift animator's CAAnimationDelegate does. With
 * batch 1.14 the growth takes its timing from a UIView block (view_current_animation).
 *
 * Build it outside the package with:
 *     cc -shared -fPIC -I Sources/AnimatorABI/include Examples/CircularRevealC/circular_reveal.c \
 *        -lm -o libCircularRevealC.so
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_param_descriptor),
    .name = "duration",
    .type = AH_PARAM_NUMBER,
    .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Length of the transition in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.5 },
    .min = 0.0,
    .max = 5.0,
};

static const ah_param_descriptor origin_param = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_param_descriptor),
    .name = "origin",
    .type = AH_PARAM_POINT,
    .help = "Where the circle grows from, in points.",
    .default_value = { .type = AH_PARAM_POINT, .point = { 195, 422 } },
};

static const ah_param_descriptor *const reveal_params[] = { &duration_param, &origin_param };

static const ah_animator_descriptor reveal_descriptor = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.circular-reveal-c",
    .name = "circular-reveal-c",
    .display_name = "Circular reveal (C)",
    .version = "1.0.0",
    .description = "The new screen appears through a circle growing from a point (a shape-layer mask); written in C.",
    .author = "animator-host",
    .operations = AH_OP_PRESENT | AH_OP_DISMISS,
    .flags = 0,
    .param_count = 2,
    .params = reveal_params,
};

typedef struct reveal_state {
    const ah_host *host;
    double duration;
    ah_point origin;
    ah_context context;
    ah_layer revealed;
} reveal_state;

static double reveal_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const reveal_state *)self->animator_data)->duration;
}

/* The animation's end: the mask goes, the transition completes (not if cancelled). */
static void reveal_done(void *user, bool finished) {
    (void)finished;
    reveal_state *state = user;
    const ah_host *host = state->host;
    host->layer_set_mask(host, state->revealed, AH_NULL_HANDLE);
    bool cancelled = false;
    host->context_was_cancelled(host, state->context, &cancelled);
    host->context_complete_transition(host, state->context, !cancelled);
}

/* The mask and the paths its circle grows between. */
typedef struct reveal_move {
    reveal_state *state;
    ah_layer mask;
    const ah_value *start, *end;
} reveal_move;

/* Adds the circle's growth to the mask, timed by `grow`; its end completes the transition. */
static void add_growth(const reveal_move *move, ah_animation_desc *grow) {
    const ah_host *host = move->state->host;
    grow->key_path = "path";
    grow->from = move->start;
    grow->to = move->end;
    grow->did_stop = reveal_done;
    grow->user_data = move->state;
    if (host->layer_add_animation(host, move->mask, grow, "path") != AH_OK) {
        host->log(host, AH_LOG_ERROR, host->last_error(host));
        host->context_complete_transition(host, move->state->context, true);
    }
}

/* Inside the UIView block: the animation the block gives the revealed view's changes. */
static void grow_with_block(void *user) {
    const reveal_move *move = user;
    const ah_host *host = move->state->host;
    ah_animation_desc grow = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animation_desc) };
    if (host->view_current_animation(host, move->state->revealed, &grow) != AH_OK) {
        host->log(host, AH_LOG_ERROR, host->last_error(host));
        host->context_complete_transition(host, move->state->context, true);
        return;
    }
    if (grow.timing.duration <= 0) {
        /* No block animates now (animations disabled): revealed at once. */
        reveal_done(move->state, true);
        return;
    }
    add_growth(move, &grow);
}

static ah_path circle(const ah_host *host, ah_point center, double radius) {
    ah_path path = AH_NULL_HANDLE;
    ah_rect box = { { center.x - radius, center.y - radius }, { 2 * radius, 2 * radius } };
    host->path_create_shape(host, AH_PATH_SHAPE_OVAL, box, 0, &path);
    return path;
}

static void reveal_animate(const ah_animator *self, ah_context ctx) {
    reveal_state *state = self->animator_data;
    const ah_host *host = state->host;
    if (host->abi.minor < 5) {  /* shape layers and masks came in 1.5 */
        host->log(host, AH_LOG_ERROR, "circular-reveal-c needs animator-host ABI 1.5");
        host->context_complete_transition(host, ctx, true);
        return;
    }
    ah_operation operation = 0;
    host->context_operation(host, ctx, &operation);
    bool presenting = operation != AH_OP_DISMISS;
    ah_layer container = 0, revealed = 0;
    host->context_container_view(host, ctx, &container);
    host->context_view(host, ctx, presenting ? AH_CONTEXT_TO : AH_CONTEXT_FROM, &revealed);
    state->context = ctx;
    state->revealed = revealed;
    if (!revealed) {
        host->context_complete_transition(host, ctx, false);
        return;
    }
    if (presenting) {
        ah_value frame = { .type = AH_VALUE_RECT };
        host->context_final_frame(host, ctx, AH_CONTEXT_TO, &frame.rect);
        host->layer_set(host, revealed, "frame", &frame);
        host->layer_insert(host, container, revealed, AH_INSERT_TOP, 0, 0);
    }
    /* The circle that covers the screen reaches its farthest corner. */
    ah_value bounds;
    host->layer_get(host, container, "bounds", &bounds);
    double reach_x = fmax(state->origin.x, bounds.rect.size.width - state->origin.x);
    double reach_y = fmax(state->origin.y, bounds.rect.size.height - state->origin.y);
    ah_path dot = circle(host, state->origin, 1), full = circle(host, state->origin, hypot(reach_x, reach_y));

    ah_layer mask;
    host->shape_layer_create(host, &mask);
    ah_value end = { .type = AH_VALUE_PATH, .path = presenting ? full : dot };
    ah_value start = { .type = AH_VALUE_PATH, .path = presenting ? dot : full };
    host->transaction_begin(host);
    host->transaction_set_disable_actions(host, true);
    host->layer_set(host, mask, "path", &end);
    host->transaction_commit(host);
    host->layer_set_mask(host, revealed, mask);
    reveal_move move = { state, mask, &start, &end };
    if (host->abi.minor >= 14) {
        /* A mask's path is no view property: a UIView block does not animate it. Inside
         * one, the reveal copies the block's animation (batch 1.14), as UIKit code copies
         * what action(for:forKey:) answers in a block, so the block's duration and curve
         * (or spring) drive the circle. */
        ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                       .duration = state->duration, .options = AH_VIEW_OPTION_CURVE_EASE_IN_OUT };
        host->view_animate(host, &settings, grow_with_block, NULL, &move);
    } else {
        ah_animation_desc grow = {
            .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animation_desc), .kind = AH_ANIMATION_BASIC,
            .timing = { .duration = state->duration }, .timing_function = { .kind = AH_TIMING_EASE_IN_OUT },
        };
        add_growth(&move, &grow);
    }
    /* The layer and the animation keep copies of the paths. */
    host->path_release(host, dot);
    host->path_release(host, full);
}

static void reveal_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool reveal_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t reveal_count(void) { return 1; }

static const ah_animator_descriptor *reveal_describe(uint32_t index) {
    return index == 0 ? &reveal_descriptor : NULL;
}

static const ah_animator *reveal_create(const ah_host *host, const char *animator_id,
                                        const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, reveal_descriptor.id) != 0 || param_count != 2) return NULL;
    reveal_state *state = calloc(1, sizeof *state);
    ah_animator *animator = malloc(sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->duration = params[0].number;
    state->origin = params[1].point;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT,
        .struct_size = sizeof(ah_animator),
        .animator_data = state,
        .duration = reveal_duration,
        .animate = reveal_animate,
        .ended = NULL,
        .destroy = reveal_destroy,
    };
    return animator;
}

static const ah_plugin_entry reveal_entry = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_plugin_entry),
    .init = reveal_init,
    .deinit = NULL,
    .animator_count = reveal_count,
    .animator_descriptor = reveal_describe,
    .create_animator = reveal_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &reveal_entry;
}
