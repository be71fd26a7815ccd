/*
 * fade-c: an animator written in plain C against nothing but the ABI header.
 *
 * Build it outside the package with:
 *     cc -shared -fPIC -I Sources/AnimatorABI/include Examples/FadeC/fade.c -o libFadeC.so
 */
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_param_descriptor),
    .name = "duration",
    .type = AH_PARAM_NUMBER,
    .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Length of the cross-fade in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.3 },
    .min = 0.0,
    .max = 10.0,
};

static const ah_param_descriptor *const fade_params[] = { &duration_param };

static const ah_animator_descriptor fade_descriptor = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.fade-c",
    .name = "fade-c",
    .display_name = "Fade (C)",
    .version = "1.0.0",
    .description = "Cross-fades the incoming view over the outgoing one; written in C.",
    .author = "animator-host",
    .operations = AH_OP_ALL,
    .flags = 0,
    .param_count = 1,
    .params = fade_params,
};

/* One instance: its own copy of the parameters and the host it belongs to, and the
 * transition it is animating (for the completion). */
typedef struct fade_state {
    const ah_host *host;
    double duration;
    ah_context context;
    ah_layer to_view;
} fade_state;

static double fade_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const fade_state *)self->animator_data)->duration;
}

static void fade_in(void *user) {
    fade_state *state = user;
    ah_value one = { .type = AH_VALUE_NUMBER };
    one.number = 1;
    state->host->layer_set(state->host, state->to_view, "opacity", &one);
}

static void fade_done(void *user, bool finished) {
    (void)finished;
    fade_state *state = user;
    bool cancelled = false;
    state->host->context_was_cancelled(state->host, state->context, &cancelled);
    /* Cancelled (an interactive pop let go early): the incoming view leaves the container,
     * as UIKit expects before completeTransition(false). */
    if (cancelled) state->host->layer_remove_from_superlayer(state->host, state->to_view);
    state->host->context_complete_transition(state->host, state->context, !cancelled);
}

/* The incoming view fades in above the outgoing one (UIKit's cross-dissolve). */
static void fade_animate(const ah_animator *self, ah_context ctx) {
    fade_state *state = self->animator_data;
    const ah_host *host = state->host;
    if (host->abi.minor < 2) {  /* needs the engine (1.1) and the context's views (1.2) */
        host->log(host, AH_LOG_ERROR, "fade-c needs animator-host ABI 1.2");
        return;
    }
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
    ah_value frame = { .type = AH_VALUE_RECT }, zero = { .type = AH_VALUE_NUMBER };
    frame.rect = final_frame;
    zero.number = 0;
    host->layer_set(host, to_view, "frame", &frame);
    host->layer_set(host, to_view, "opacity", &zero);
    host->layer_insert(host, container, to_view, AH_INSERT_TOP, 0, 0);
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = state->duration };
    host->view_animate(host, &settings, fade_in, fade_done, state);
}

static void fade_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool fade_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t fade_count(void) { return 1; }

static const ah_animator_descriptor *fade_describe(uint32_t index) {
    return index == 0 ? &fade_descriptor : NULL;
}

static const ah_animator *fade_create(const ah_host *host, const char *animator_id,
                                      const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, fade_descriptor.id) != 0 || param_count != 1) return NULL;
    fade_state *state = malloc(sizeof *state);
    ah_animator *animator = malloc(sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->duration = params[0].number;
    state->context = 0;
    state->to_view = 0;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT,
        .struct_size = sizeof(ah_animator),
        .animator_data = state,
        .duration = fade_duration,
        .animate = fade_animate,
        .ended = NULL,
        .destroy = fade_destroy,
    };
    return animator;
}

static const ah_plugin_entry fade_entry = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_plugin_entry),
    .init = fade_init,
    .deinit = NULL,
    .animator_count = fade_count,
    .animator_descriptor = fade_describe,
    .create_animator = fade_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &fade_entry;
}
