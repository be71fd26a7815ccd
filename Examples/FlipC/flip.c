/*
 * flip-c: the corpus's card flip in plain C: the old screen turns away about its vertical
 * axis in the perspective of the container's "sublayerTransform" (m34 = -0.002), while a
 * snapshot of the new screen, the size of a card, turns in behind it and grows to the
 * screen, on cubic keyframes. The same steps as the Swift flip-perspective, so the two
 * draw the same pictures.
 *
 * Build it outside the package with:
 *     cc -shared -fPIC -I Sources/AnimatorABI/include Examples/FlipC/flip.c -lm -o libFlipC.so
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
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.6 },
    .min = 0.0,
    .max = 5.0,
};

static const ah_param_descriptor *const flip_params[] = { &duration_param };

static const ah_animator_descriptor flip_descriptor = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.flip-c",
    .name = "flip-c",
    .display_name = "Flip with perspective (C)",
    .version = "1.0.0",
    .description = "The old screen turns away in perspective and a card of the new one turns in and grows; written in C.",
    .author = "animator-host",
    .operations = AH_OP_PRESENT | AH_OP_PUSH,
    .flags = 0,
    .param_count = 1,
    .params = flip_params,
};

typedef struct flip_state {
    const ah_host *host;
    double duration;
    ah_context context;
    ah_layer container, from_view, to_view, snapshot;
    ah_rect final_frame;
} flip_state;

/* CATransform3DMakeRotation(angle, 0, 1, 0), computed as Core Animation's general form. */
static ah_value rotation_y(double angle) {
    const double ux = 0, uy = 1, uz = 0;
    double c = cos(angle), s = sin(angle), t = 1 - c;
    ah_value v = { .type = AH_VALUE_TRANSFORM };
    v.transform = (ah_transform3d){
        t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy, 0,
        t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux, 0,
        t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c, 0,
        0, 0, 0, 1,
    };
    return v;
}

static ah_value identity(void) {
    ah_value v = { .type = AH_VALUE_TRANSFORM };
    v.transform = (ah_transform3d){ 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 };
    return v;
}

static ah_value number(double n) {
    ah_value v = { .type = AH_VALUE_NUMBER };
    v.number = n;
    return v;
}

static double flip_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const flip_state *)self->animator_data)->duration;
}

static void turn_old_away(void *user) {
    flip_state *s = user;
    ah_value turned = rotation_y(-M_PI / 2);
    s->host->layer_set(s->host, s->from_view, "transform", &turned);
}

static void turn_card_in(void *user) {
    flip_state *s = user;
    ah_value flat = rotation_y(0.0);
    s->host->layer_set(s->host, s->snapshot, "transform", &flat);
}

static void grow_card(void *user) {
    flip_state *s = user;
    ah_value frame = { .type = AH_VALUE_RECT }, square = number(0);
    frame.rect = s->final_frame;
    s->host->layer_set(s->host, s->snapshot, "frame", &frame);
    s->host->layer_set(s->host, s->snapshot, "cornerRadius", &square);
}

static void keyframes(void *user) {
    flip_state *s = user;
    s->host->view_add_keyframe(s->host, 0.0, 1.0 / 3.0, turn_old_away, s);
    s->host->view_add_keyframe(s->host, 1.0 / 3.0, 1.0 / 3.0, turn_card_in, s);
    s->host->view_add_keyframe(s->host, 2.0 / 3.0, 1.0 / 3.0, grow_card, s);
}

static void flip_done(void *user, bool finished) {
    (void)finished;
    flip_state *s = user;
    const ah_host *h = s->host;
    ah_value shown = number(0), plain = identity();
    h->layer_set(h, s->to_view, "hidden", &shown);
    h->layer_remove_from_superlayer(h, s->snapshot);
    h->layer_set(h, s->from_view, "transform", &plain);
    h->layer_set(h, s->container, "sublayerTransform", &plain);
    bool cancelled = false;
    h->context_was_cancelled(h, s->context, &cancelled);
    h->context_complete_transition(h, s->context, !cancelled);
}

static void flip_animate(const ah_animator *self, ah_context ctx) {
    flip_state *s = self->animator_data;
    const ah_host *h = s->host;
    if (h->abi.minor < 5) {  /* "sublayerTransform" came in 1.5 */
        h->log(h, AH_LOG_ERROR, "flip-c needs animator-host ABI 1.5");
        h->context_complete_transition(h, ctx, true);
        return;
    }
    s->context = ctx;
    h->context_container_view(h, ctx, &s->container);
    h->context_view(h, ctx, AH_CONTEXT_FROM, &s->from_view);
    h->context_view(h, ctx, AH_CONTEXT_TO, &s->to_view);
    if (!s->from_view || !s->to_view || h->view_snapshot(h, s->to_view, true, &s->snapshot) != AH_OK) {
        h->context_complete_transition(h, ctx, false);
        return;
    }
    h->context_final_frame(h, ctx, AH_CONTEXT_TO, &s->final_frame);

    ah_value card = { .type = AH_VALUE_RECT }, radius = number(20), clip = number(1), hidden = number(1);
    card.rect = (ah_rect){ { 40, 200 }, { 310, 200 } };
    h->layer_set(h, s->snapshot, "frame", &card);
    h->layer_set(h, s->snapshot, "cornerRadius", &radius);
    h->layer_set(h, s->snapshot, "masksToBounds", &clip);

    h->layer_insert(h, s->container, s->to_view, AH_INSERT_TOP, 0, 0);
    h->layer_insert(h, s->container, s->snapshot, AH_INSERT_TOP, 0, 0);
    h->layer_set(h, s->to_view, "hidden", &hidden);

    ah_value perspective = identity();
    perspective.transform.m34 = -0.002;
    h->layer_set(h, s->container, "sublayerTransform", &perspective);
    ah_value edge_on = rotation_y(M_PI / 2);
    h->layer_set(h, s->snapshot, "transform", &edge_on);

    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = s->duration, .options = AH_VIEW_OPTION_CALCULATION_MODE_CUBIC };
    h->view_animate_keyframes(h, &settings, keyframes, flip_done, s);
}

static void flip_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool flip_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t flip_count(void) { return 1; }

static const ah_animator_descriptor *flip_describe(uint32_t index) {
    return index == 0 ? &flip_descriptor : NULL;
}

static const ah_animator *flip_create(const ah_host *host, const char *animator_id,
                                      const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, flip_descriptor.id) != 0 || param_count != 1) return NULL;
    flip_state *state = calloc(1, sizeof *state);
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
        .duration = flip_duration,
        .animate = flip_animate,
        .ended = NULL,
        .destroy = flip_destroy,
    };
    return animator;
}

static const ah_plugin_entry flip_entry = {
    .abi = AH_ABI_VERSION_INIT,
    .struct_size = sizeof(ah_plugin_entry),
    .init = flip_init,
    .deinit = NULL,
    .animator_count = flip_count,
    .animator_descriptor = flip_describe,
    .create_animator = flip_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &flip_entry;
}
