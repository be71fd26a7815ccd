/*
 * Seed 004's bottom card as an animator library in C: a presentation controller (ABI 1.3)
 * that shows the presented screen as a card at the bottom, in a wrapper with a shadow
 * (opacity 0.44, radius 13, offset (0, -6)) around a view with rounded top corners
 * (radius 16, reaching 16 points below the card so its square bottom corners are hidden),
 * over a black dimming view that fades to 0.5 alongside the presentation and back to 0
 * alongside the dismissal, stretched over the container in the container's layout pass
 * (ABI 1.9's container_will_layout, UIKit's containerViewWillLayoutSubviews), and dismisses
 * on a tap outside the card (on the dimming view); and the animator that slides the card
 * up and down.
 *
 *     cc -shared -fPIC -I Sources/AnimatorABI/include bottom_card.c -o libBottomCardC.so
 */
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

#define CORNER_RADIUS 16.0

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "duration", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Length of the slide in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.35 }, .min = 0.0, .max = 10.0,
};

static const ah_param_descriptor height_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "height", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "The card's height in points.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 300.0 }, .min = 1.0, .max = 10000.0,
};

static const ah_param_descriptor *const card_params[] = { &duration_param, &height_param };

static const ah_animator_descriptor card_descriptor = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.bottom-card-c", .name = "bottom-card-c", .display_name = "Bottom card (C)",
    .version = "1.0.0",
    .description = "Seed 004's bottom card: a custom presentation with shadow, rounded corners and dimming; in C.",
    .author = "animator-host", .operations = AH_OP_PRESENT | AH_OP_DISMISS, .flags = 0,
    .param_count = 2, .params = card_params,
};

/* One animator instance; its presentation controller shares it. */
typedef struct card_state {
    const ah_host *host;
    double duration;
    double height;
    ah_context context;       /* the transition being animated */
    ah_layer dimming;         /* while presented */
    ah_layer rounded;         /* the card's rounded view, in the wrapper */
    ah_layer presented;       /* the presented screen's view, in the rounded one */
} card_state;

static ah_value number(double value) {
    ah_value v = { .type = AH_VALUE_NUMBER };
    v.number = value;
    return v;
}

static ah_value rect(ah_rect value) {
    ah_value v = { .type = AH_VALUE_RECT };
    v.rect = value;
    return v;
}

/* ---- The presentation controller ------------------------------------------------ */

static ah_rect card_frame(const ah_presentation_controller *self, ah_rect bounds) {
    const card_state *state = self->controller_data;
    double height = state->height < bounds.size.height ? state->height : bounds.size.height;
    return (ah_rect){ { bounds.origin.x, bounds.origin.y + bounds.size.height - height }, { bounds.size.width, height } };
}

static void dim_in(void *user) {
    card_state *state = user;
    ah_value half = number(0.5);
    state->host->layer_set(state->host, state->dimming, "opacity", &half);
}

static void dim_out(void *user) {
    card_state *state = user;
    ah_value zero = number(0);
    state->host->layer_set(state->host, state->dimming, "opacity", &zero);
}

static ah_layer card_will_begin(const ah_presentation_controller *self, ah_context ctx) {
    card_state *state = self->controller_data;
    const ah_host *h = state->host;
    ah_layer container = 0, presented = 0, wrapper = 0, rounded = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &presented);
    /* As UIKit presentation controllers do (`guard let window = containerView.window`): set
     * up only in a container that is on screen, in the window (ABI 1.11; before, assume so). */
    ah_layer window = 0;
    if (h->abi.minor >= 11 && (h->view_window(h, container, &window) != AH_OK || !window)) {
        h->log(h, AH_LOG_WARNING, "bottom-card-c: the container is not in the window; no card chrome");
        return 0;
    }
    ah_value bounds;
    h->layer_get(h, container, "bounds", &bounds);
    ah_rect frame = card_frame(self, bounds.rect);

    /* The wrapper with the shadow. */
    h->view_create(h, frame, &wrapper);
    ah_value opacity = number(0.44), radius = number(13), offset = { .type = AH_VALUE_SIZE };
    offset.size = (ah_size){ 0, -6 };
    h->layer_set(h, wrapper, "shadowOpacity", &opacity);
    h->layer_set(h, wrapper, "shadowRadius", &radius);
    h->layer_set(h, wrapper, "shadowOffset", &offset);

    /* The rounded view, CORNER_RADIUS taller than the card, clipping the screen's view. */
    h->view_create(h, (ah_rect){ { 0, 0 }, { frame.size.width, frame.size.height + CORNER_RADIUS } }, &rounded);
    ah_value corner = number(CORNER_RADIUS), masks = number(1);
    h->layer_set(h, rounded, "cornerRadius", &corner);
    h->layer_set(h, rounded, "masksToBounds", &masks);
    ah_value inner = rect((ah_rect){ { 0, 0 }, frame.size });
    h->layer_set(h, presented, "frame", &inner);
    h->layer_insert(h, rounded, presented, AH_INSERT_TOP, 0, 0);
    h->layer_insert(h, wrapper, rounded, AH_INSERT_TOP, 0, 0);
    state->rounded = rounded;
    state->presented = presented;

    /* The dimming view, fading in alongside; the layout pass gives it the container's size. */
    h->view_create(h, (ah_rect){ { 0, 0 }, { 0, 0 } }, &state->dimming);
    ah_value black = { .type = AH_VALUE_COLOR }, zero = number(0);
    black.color = (ah_color){ 0, 0, 0, 1 };
    h->layer_set(h, state->dimming, "backgroundColor", &black);
    h->layer_set(h, state->dimming, "opacity", &zero);
    h->layer_insert(h, container, state->dimming, AH_INSERT_TOP, 0, 0);
    h->context_animate_alongside(h, ctx, AH_NULL_HANDLE, dim_in, NULL, state);
    return wrapper;
}

static void card_did_end(const ah_presentation_controller *self, bool completed) {
    card_state *state = self->controller_data;
    if (!completed && state->dimming) {
        state->host->layer_remove_from_superlayer(state->host, state->dimming);
        state->dimming = 0;
    }
}

static void card_dismissal_will_begin(const ah_presentation_controller *self, ah_context ctx) {
    card_state *state = self->controller_data;
    if (state->dimming) state->host->context_animate_alongside(state->host, ctx, AH_NULL_HANDLE, dim_out, NULL, state);
}

static void card_dismissal_did_end(const ah_presentation_controller *self, bool completed) {
    card_state *state = self->controller_data;
    if (completed && state->dimming) {
        state->host->layer_remove_from_superlayer(state->host, state->dimming);
        state->dimming = 0;
    }
}

/* containerViewWillLayoutSubviews: the dimming view covers the container. */
static void card_will_layout(const ah_presentation_controller *self, ah_context ctx) {
    const card_state *state = self->controller_data;
    const ah_host *h = state->host;
    ah_layer container = 0;
    if (!state->dimming || h->context_container_view(h, ctx, &container) != AH_OK) return;
    ah_value bounds;
    h->layer_get(h, container, "bounds", &bounds);
    h->layer_set(h, state->dimming, "frame", &bounds);
}

/* viewWillTransition(to:with:) and its animation (ABI 1.13): the host gives the wrapper
 * (presentedView) its new frame; the views inside it, made at the old size, follow in the
 * change's animation, as autoresizing views would in UIKit. */
static void card_size_change(const ah_presentation_controller *self, ah_context ctx, const ah_size_change *change) {
    (void)ctx;
    const card_state *state = self->controller_data;
    const ah_host *h = state->host;
    if (change->phase != AH_SIZE_CHANGE_ANIMATE || !state->rounded || !state->dimming) return;
    ah_layer wrapper = 0;
    ah_value bounds;
    if (h->layer_superlayer(h, state->rounded, &wrapper) != AH_OK || !wrapper
        || h->layer_get(h, wrapper, "bounds", &bounds) != AH_OK) return;
    ah_size size = bounds.rect.size;
    ah_value rounded = rect((ah_rect){ { 0, 0 }, { size.width, size.height + CORNER_RADIUS } });
    ah_value inner = rect((ah_rect){ { 0, 0 }, size });
    h->layer_set(h, state->rounded, "frame", &rounded);
    h->layer_set(h, state->presented, "frame", &inner);
}

/* dimmingViewTapped: a tap on the dimming view, that is anywhere outside the card, dismisses. */
static bool card_tap(const ah_presentation_controller *self, ah_point point, ah_rect bounds) {
    const card_state *state = self->controller_data;
    if (!state->dimming) return false;
    ah_rect card = card_frame(self, bounds);
    bool inside = point.x >= card.origin.x && point.x < card.origin.x + card.size.width
        && point.y >= card.origin.y && point.y < card.origin.y + card.size.height;
    return !inside;
}

static void card_controller_destroy(const ah_presentation_controller *self) {
    free((void *)self);
}

static const ah_presentation_controller *card_controller(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    ah_presentation_controller *controller = malloc(sizeof *controller);
    if (!controller) return NULL;
    *controller = (ah_presentation_controller){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_presentation_controller),
        .controller_data = self->animator_data, .should_remove_presenters_view = false,
        .frame_of_presented_view = card_frame, .presentation_will_begin = card_will_begin,
        .presentation_did_end = card_did_end, .dismissal_will_begin = card_dismissal_will_begin,
        .dismissal_did_end = card_dismissal_did_end, .destroy = card_controller_destroy,
        .tap = card_tap, .container_will_layout = card_will_layout,
        /* Appended in 1.13: read only by hosts that know it (struct_size says it is there). */
        .size_change = card_size_change,
    };
    return controller;
}

/* ---- The animator: the card slides up, and down again --------------------------- */

static double card_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const card_state *)self->animator_data)->duration;
}

typedef struct slide { card_state *state; ah_layer view; ah_rect to; } slide;
static slide current_slide;

static void slide_move(void *user) {
    slide *s = user;
    ah_value frame = rect(s->to);
    s->state->host->layer_set(s->state->host, s->view, "frame", &frame);
}

static void slide_done(void *user, bool finished) {
    (void)finished;
    slide *s = user;
    const ah_host *h = s->state->host;
    bool cancelled = false;
    h->context_was_cancelled(h, s->state->context, &cancelled);
    h->context_complete_transition(h, s->state->context, !cancelled);
}

static void card_animate(const ah_animator *self, ah_context ctx) {
    card_state *state = self->animator_data;
    const ah_host *h = state->host;
    if (h->abi.minor < 3) {
        h->log(h, AH_LOG_ERROR, "bottom-card-c needs animator-host ABI 1.3");
        return;
    }
    state->context = ctx;
    ah_operation operation = 0;
    h->context_operation(h, ctx, &operation);
    ah_layer container = 0, view = 0;
    h->context_container_view(h, ctx, &container);
    bool presenting = operation == AH_OP_PRESENT;
    h->context_view(h, ctx, presenting ? AH_CONTEXT_TO : AH_CONTEXT_FROM, &view);
    if (!view) {
        h->context_complete_transition(h, ctx, false);
        return;
    }
    ah_value bounds, frame;
    h->layer_get(h, container, "bounds", &bounds);
    h->layer_get(h, view, "frame", &frame);
    ah_rect shown = frame.rect, below = frame.rect;
    if (presenting) h->context_final_frame(h, ctx, AH_CONTEXT_TO, &shown);
    below = shown;
    below.origin.y = bounds.rect.origin.y + bounds.rect.size.height;
    if (presenting) {
        ah_value start = rect(below);
        h->layer_set(h, view, "frame", &start);
        h->layer_insert(h, container, view, AH_INSERT_TOP, 0, 0);
    }
    current_slide = (slide){ state, view, presenting ? shown : below };
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = state->duration };
    h->view_animate(h, &settings, slide_move, slide_done, &current_slide);
}

static void card_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool card_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t card_count(void) { return 1; }

static const ah_animator_descriptor *card_describe(uint32_t index) {
    return index == 0 ? &card_descriptor : NULL;
}

static const ah_animator *card_create(const ah_host *host, const char *animator_id,
                                      const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, card_descriptor.id) != 0 || param_count != 2) return NULL;
    card_state *state = calloc(1, sizeof *state);
    ah_animator *animator = malloc(sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->duration = params[0].number;
    state->height = params[1].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator), .animator_data = state,
        .duration = card_duration, .animate = card_animate, .destroy = card_destroy,
        .presentation_controller = card_controller,
    };
    return animator;
}

static const ah_plugin_entry entry = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_plugin_entry),
    .init = card_init, .animator_count = card_count, .animator_descriptor = card_describe,
    .create_animator = card_create,
};

const ah_plugin_entry *animator_host_entry(void) { return &entry; }
