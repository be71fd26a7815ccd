/*
 * many-views: the memory benchmark's animator (animator-bench memory). It puts `views`
 * small views in the container and, in one UIView animation of `duration` seconds, moves
 * each across the screen while it fades, above the incoming view that fades in: a long
 * transition of many animated views, so what a run keeps per frame shows in its peak
 * memory.
 *
 *     cc -shared -fPIC -O2 -I Sources/AnimatorABI/include Benchmarks/many_views.c -o libManyViews.so
 */
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

static const ah_param_descriptor views_param = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_param_descriptor),
    .name = "views",
    .type = AH_PARAM_NUMBER,
    .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "How many views move.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 100 },
    .min = 1,
    .max = 4000,
};

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_param_descriptor),
    .name = "duration",
    .type = AH_PARAM_NUMBER,
    .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Length of the transition in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 1 },
    .min = 0.05,
    .max = 60,
};

static const ah_param_descriptor *const many_params[] = { &views_param, &duration_param };

static const ah_animator_descriptor many_descriptor = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.bench.many-views",
    .name = "many-views",
    .display_name = "Many views (benchmark)",
    .version = "1.0.0",
    .description = "Moves and fades many small views over a long transition.",
    .author = "animator-host",
    .operations = AH_OP_ALL,
    .flags = 0,
    .param_count = 2,
    .params = many_params,
};

typedef struct many_state {
    const ah_host *host;
    int views;
    double duration;
    ah_context context;
    ah_layer to_view;
    ah_layer *moving;
    ah_rect bounds;
} many_state;

static double many_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const many_state *)self->animator_data)->duration;
}

/* The block: every view to the other side, fading to a fifth; the incoming view in. */
static void many_block(void *user) {
    many_state *state = user;
    const ah_host *host = state->host;
    ah_value value = { .type = AH_VALUE_NUMBER };
    value.number = 1;
    host->layer_set(host, state->to_view, "opacity", &value);
    for (int index = 0; index < state->views; index++) {
        ah_value position = { .type = AH_VALUE_POINT }, alpha = { .type = AH_VALUE_NUMBER };
        position.point.x = state->bounds.size.width - 10 - (index * 7) % (int)(state->bounds.size.width - 20);
        position.point.y = 10 + (index * 13) % (int)(state->bounds.size.height - 20);
        alpha.number = 0.2;
        host->layer_set(host, state->moving[index], "position", &position);
        host->layer_set(host, state->moving[index], "opacity", &alpha);
    }
}

static void many_done(void *user, bool finished) {
    (void)finished;
    many_state *state = user;
    const ah_host *host = state->host;
    for (int index = 0; index < state->views; index++) host->layer_remove_from_superlayer(host, state->moving[index]);
    bool cancelled = false;
    host->context_was_cancelled(host, state->context, &cancelled);
    host->context_complete_transition(host, state->context, !cancelled);
}

static void many_animate(const ah_animator *self, ah_context ctx) {
    many_state *state = self->animator_data;
    const ah_host *host = state->host;
    ah_layer container = 0, to_view = 0;
    host->context_container_view(host, ctx, &container);
    host->context_view(host, ctx, AH_CONTEXT_TO, &to_view);
    state->context = ctx;
    state->to_view = to_view;
    if (!to_view) {
        host->context_complete_transition(host, ctx, true);
        return;
    }
    ah_rect final_frame;
    host->context_final_frame(host, ctx, AH_CONTEXT_TO, &final_frame);
    state->bounds = final_frame;
    ah_value frame = { .type = AH_VALUE_RECT }, zero = { .type = AH_VALUE_NUMBER };
    frame.rect = final_frame;
    zero.number = 0;
    host->layer_set(host, to_view, "frame", &frame);
    host->layer_set(host, to_view, "opacity", &zero);
    host->layer_insert(host, container, to_view, AH_INSERT_TOP, 0, 0);
    free(state->moving);
    state->moving = calloc((size_t)state->views, sizeof(ah_layer));
    if (!state->moving) {
        host->context_complete_transition(host, ctx, true);
        return;
    }
    for (int index = 0; index < state->views; index++) {
        ah_rect square = { { 10 + (index * 7) % (int)(final_frame.size.width - 20),
                             10 + (index * 13) % (int)(final_frame.size.height - 20) }, { 12, 12 } };
        ah_value color = { .type = AH_VALUE_COLOR };
        color.color = (ah_color){ (index % 5) / 4.0, (index % 3) / 2.0, 0.6, 1 };
        host->view_create(host, square, &state->moving[index]);
        host->layer_set(host, state->moving[index], "backgroundColor", &color);
        host->layer_insert(host, container, state->moving[index], AH_INSERT_TOP, 0, 0);
    }
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = state->duration };
    host->view_animate(host, &settings, many_block, many_done, state);
}

static void many_destroy(const ah_animator *self) {
    many_state *state = self->animator_data;
    free(state->moving);
    free(state);
    free((void *)self);
}

static bool many_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t many_count(void) { return 1; }

static const ah_animator_descriptor *many_describe(uint32_t index) {
    return index == 0 ? &many_descriptor : NULL;
}

static const ah_animator *many_create(const ah_host *host, const char *animator_id,
                                      const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, many_descriptor.id) != 0 || param_count != 2) return NULL;
    many_state *state = calloc(1, sizeof *state);
    ah_animator *animator = malloc(sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->views = (int)params[0].number;
    state->duration = params[1].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT,
        .struct_size = sizeof(ah_animator),
        .animator_data = state,
        .duration = many_duration,
        .animate = many_animate,
        .ended = NULL,
        .destroy = many_destroy,
    };
    return animator;
}

static const ah_plugin_entry many_entry = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_plugin_entry),
    .init = many_init,
    .deinit = NULL,
    .animator_count = many_count,
    .animator_descriptor = many_describe,
    .create_animator = many_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &many_entry;
}
