/*
 * pop-block-c: the corpus's pop-block in plain C, through batch 1.6, plus a dismissal a
 * vertical pan drives through the host's percent-driven interaction (batch 1.5).
 *
 * The pop is seed 002's custom block animation API: while a block of view changes runs
 * under view_animate_with_actions, the action delegate records each change's layer, key
 * and old value and answers AH_ACTION_NONE (nothing animates yet); afterwards every
 * recorded change becomes a keyframe animation old → new → old (key times 0, 0.35, 1;
 * easeOut out, easeInEaseOut back) and the old value is set again. The presented screen
 * fades in over the first 35 % while it pops to 115 %; the dismissed one pops to 110 %
 * while it fades out. A transaction's completion block ends the transition, as the Swift
 * animator's does, so both draw the same pictures.
 *
 * Dragged down (run --interactive with a pan trace), the dismissal is scrubbed:
 * start_interactive asks for context_drive_percent and sets up the same animations, each
 * gesture sample updates the percent (translation / distance), and the end finishes past
 * half way, else cancels.
 *
 * Build it outside the package with:
 *     cc -shared -fPIC -I Sources/AnimatorABI/include Examples/PopBlockC/pop_block.c \
 *        -o libPopBlockC.so
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
    .help = "Length of the transition in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.7 },
    .min = 0.1,
    .max = 5.0,
};

static const ah_param_descriptor *const pop_params[] = { &duration_param };

static const ah_animator_descriptor pop_descriptor = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.pop-block-c",
    .name = "pop-block-c",
    .display_name = "Pop block (C)",
    .version = "1.0.0",
    .description = "Seed 002's custom block animation API (action delegates) popping the screens; written in C.",
    .author = "animator-host",
    .operations = AH_OP_PRESENT | AH_OP_DISMISS,
    .flags = AH_ANIMATOR_INTERACTIVE,
    .param_count = 1,
    .params = pop_params,
};

/* One change the pop block recorded. */
typedef struct saved_change {
    ah_layer layer;
    char key[32];
    ah_value old_value;
} saved_change;

#define MAX_SAVED 16

typedef struct pop_state {
    const ah_host *host;
    double duration;
    ah_context context;
    ah_layer dismissed;
    saved_change saved[MAX_SAVED];
    uint32_t saved_count;
} pop_state;

static double pop_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const pop_state *)self->animator_data)->duration;
}

/* The action delegate of the pop block: record, and no animation yet. */
static ah_action_mode record_change(void *user, const ah_action_request *request) {
    pop_state *state = user;
    if (request->old_value.type == AH_VALUE_PATH || state->saved_count == MAX_SAVED ||
        strlen(request->key) >= sizeof state->saved[0].key) {
        return AH_ACTION_DEFAULT;
    }
    saved_change *change = &state->saved[state->saved_count++];
    change->layer = request->layer;
    strcpy(change->key, request->key);
    change->old_value = request->old_value;
    return AH_ACTION_NONE;
}

/* pop_animate(duration, changes): runs `changes` under the delegate, then pops each. */
static void pop_animate(pop_state *state, ah_block changes, void *user) {
    const ah_host *host = state->host;
    state->saved_count = 0;
    if (host->view_animate_with_actions(host, record_change, state, changes, user) != AH_OK) {
        host->log(host, AH_LOG_ERROR, host->last_error(host));
        return;
    }
    static const double key_times[3] = { 0, 0.35, 1 };
    static const ah_timing_function curves[2] = { { .kind = AH_TIMING_EASE_OUT }, { .kind = AH_TIMING_EASE_IN_OUT } };
    for (uint32_t i = 0; i < state->saved_count; i++) {
        saved_change *change = &state->saved[i];
        ah_value values[3] = { change->old_value, { 0 }, change->old_value };
        if (host->layer_get(host, change->layer, change->key, &values[1]) != AH_OK) {
            host->log(host, AH_LOG_ERROR, host->last_error(host));
            continue;
        }
        ah_animation_desc pop = {
            .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animation_desc), .kind = AH_ANIMATION_KEYFRAME,
            .key_path = change->key, .timing = { .duration = state->duration },
            .values = values, .value_count = 3, .key_times = key_times, .timing_functions = curves,
        };
        if (host->layer_add_animation(host, change->layer, &pop, change->key) != AH_OK) {
            host->log(host, AH_LOG_ERROR, host->last_error(host));
        }
        host->layer_set(host, change->layer, change->key, &change->old_value);
    }
}

/* One number changed in a block: the view, the key and the value. */
typedef struct number_change {
    const ah_host *host;
    ah_layer view;
    const char *key;
    double value;
} number_change;

static void set_number(void *user) {
    number_change *change = user;
    ah_value value = { .type = AH_VALUE_NUMBER, .number = change->value };
    change->host->layer_set(change->host, change->view, change->key, &value);
}

/* The transaction's completion: every animation has finished (or was removed). */
static void pop_done(void *user) {
    pop_state *state = user;
    const ah_host *host = state->host;
    bool cancelled = false;
    host->context_was_cancelled(host, state->context, &cancelled);
    if (state->dismissed && !cancelled) {
        host->layer_remove_from_superlayer(host, state->dismissed);
    } else if (state->dismissed) {
        /* Cancelled: the screen stays, so it must look as it did (its model alpha is 0). */
        ah_value opaque = { .type = AH_VALUE_NUMBER, .number = 1 };
        host->layer_set(host, state->dismissed, "opacity", &opaque);
    }
    host->context_complete_transition(host, state->context, !cancelled);
}

static void pop_animate_transition(const ah_animator *self, ah_context ctx) {
    pop_state *state = self->animator_data;
    const ah_host *host = state->host;
    if (host->abi.minor < 6) {  /* action delegates came in 1.6 */
        host->log(host, AH_LOG_ERROR, "pop-block-c needs animator-host ABI 1.6");
        host->context_complete_transition(host, ctx, true);
        return;
    }
    ah_operation operation = 0;
    host->context_operation(host, ctx, &operation);
    bool presenting = operation != AH_OP_DISMISS;
    ah_layer container = 0, from = 0, to = 0;
    host->context_container_view(host, ctx, &container);
    host->context_view(host, ctx, AH_CONTEXT_FROM, &from);
    host->context_view(host, ctx, AH_CONTEXT_TO, &to);
    state->context = ctx;
    state->dismissed = presenting ? AH_NULL_HANDLE : from;
    ah_layer moving = presenting ? to : from;
    if (!moving) {
        host->context_complete_transition(host, ctx, false);
        return;
    }
    ah_view_animation settings = {
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_view_animation),
        .duration = presenting ? state->duration * 0.35 : state->duration,
        .options = presenting ? AH_VIEW_OPTION_CURVE_EASE_OUT : AH_VIEW_OPTION_CURVE_EASE_IN,
    };
    number_change fading = { host, moving, "opacity", presenting ? 1 : 0 };
    number_change popping = { host, moving, "transform.scale", presenting ? 1.15 : 1.1 };
    if (presenting) {
        ah_value frame = { .type = AH_VALUE_RECT }, clear = { .type = AH_VALUE_NUMBER, .number = 0 };
        host->context_final_frame(host, ctx, AH_CONTEXT_TO, &frame.rect);
        host->layer_set(host, to, "frame", &frame);
        host->layer_set(host, to, "opacity", &clear);
        host->layer_insert(host, container, to, AH_INSERT_TOP, 0, 0);
    } else if (to) {
        host->layer_insert(host, container, to, AH_INSERT_BELOW, 0, from);
    }
    host->transaction_begin(host);
    host->transaction_set_completion(host, pop_done, state);
    host->view_animate(host, &settings, set_number, NULL, &fading);
    pop_animate(state, set_number, &popping);
    host->transaction_commit(host);
}

/* Dragged: the host scrubs the same animations by the pan's percent. */
static void pop_start_interactive(const ah_animator *self, ah_context ctx) {
    pop_state *state = self->animator_data;
    const ah_host *host = state->host;
    if (host->abi.minor >= 6) host->context_drive_percent(host, ctx, 1.0, NULL, AH_NULL_HANDLE);
    pop_animate_transition(self, ctx);
}

static void pop_gesture(const ah_animator *self, ah_context ctx, const ah_gesture_sample *sample) {
    const ah_host *host = ((const pop_state *)self->animator_data)->host;
    double percent = sample->distance > 0 ? sample->value / sample->distance : 0;
    percent = percent < 0 ? 0 : percent > 1 ? 1 : percent;
    if (sample->phase != AH_GESTURE_ENDED) {
        host->context_update_interactive(host, ctx, percent);
    } else if (percent > 0.5) {
        host->context_finish_interactive(host, ctx);
    } else {
        host->context_cancel_interactive(host, ctx);
    }
}

static void pop_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool pop_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t pop_count(void) { return 1; }

static const ah_animator_descriptor *pop_describe(uint32_t index) {
    return index == 0 ? &pop_descriptor : NULL;
}

static const ah_animator *pop_create(const ah_host *host, const char *animator_id, const ah_param_value *params,
                                     uint32_t param_count) {
    if (strcmp(animator_id, pop_descriptor.id) != 0 || param_count != 1) return NULL;
    pop_state *state = calloc(1, sizeof *state);
    ah_animator *animator = malloc(sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->duration = params[0].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT,
        .struct_size = sizeof(ah_animator),
        .animator_data = state,
        .duration = pop_duration,
        .animate = pop_animate_transition,
        .ended = NULL,
        .destroy = pop_destroy,
        .start_interactive = pop_start_interactive,
        .gesture = pop_gesture,
    };
    return animator;
}

static const ah_plugin_entry pop_entry = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_plugin_entry),
    .init = pop_init,
    .deinit = NULL,
    .animator_count = pop_count,
    .animator_descriptor = pop_describe,
    .create_animator = pop_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &pop_entry;
}
