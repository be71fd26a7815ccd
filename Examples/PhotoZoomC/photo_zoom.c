/*
 * photo-zoom-c: the corpus's photo zoom in C, with the library's own screens (ABI 1.9's
 * load_screen): a grid of twelve square photos ("list") and the page of the tapped photo
 * ("detail"); on push a snapshot of the photo grows from its cell to its place on the page
 * while the page fades in, on pop it shrinks back while the page fades out. It draws the
 * pictures of its Swift twin (Examples/Corpus/PhotoZoom) pixel for pixel. A tap on a photo
 * (`animator-host run photo-zoom-c --tap X,Y`) pushes that photo's page (screen_show, ABI 1.9);
 * a swipe down on the page (`--operation pop --swipe X,Y,down`) pops it (touch, ABI 1.12).
 *
 *     cc -shared -fPIC -I Sources/AnimatorABI/include photo_zoom.c -o libPhotoZoomC.so
 */
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

#define PHOTO_COUNT 12

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "duration", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Length of the transition in seconds.",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.4 }, .min = 0.0, .max = 5.0,
};

static const ah_param_descriptor cell_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "cell", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "The photo tapped in the grid (0 to 11).",
    .default_value = { .type = AH_PARAM_NUMBER, .number = 4 }, .min = 0.0, .max = 11.0,
};

static const ah_param_descriptor *const zoom_params[] = { &duration_param, &cell_param };

static const ah_animator_descriptor zoom_descriptor = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator_descriptor),
    .id = "org.animatorhost.example.photo-zoom-c", .name = "photo-zoom-c", .display_name = "Photo zoom (C)",
    .version = "1.0.0",
    .description = "A photo grows from the library's own grid to its own photo page, and back; in C.",
    .author = "animator-host", .operations = AH_OP_PUSH | AH_OP_POP, .flags = 0,
    .param_count = 2, .params = zoom_params,
};

/* UIKit's system red, orange, yellow, green, teal, blue, indigo, purple and pink, then
 * three colors of the app's own. */
static const ah_color photo_colors[PHOTO_COUNT] = {
    { 1.0, 59 / 255.0, 48 / 255.0, 1 }, { 1.0, 149 / 255.0, 0, 1 }, { 1.0, 204 / 255.0, 0, 1 },
    { 52 / 255.0, 199 / 255.0, 89 / 255.0, 1 }, { 90 / 255.0, 200 / 255.0, 250 / 255.0, 1 },
    { 0, 122 / 255.0, 1.0, 1 }, { 88 / 255.0, 86 / 255.0, 214 / 255.0, 1 },
    { 175 / 255.0, 82 / 255.0, 222 / 255.0, 1 }, { 1.0, 45 / 255.0, 85 / 255.0, 1 },
    { 0.55, 0.35, 0.2, 1 }, { 0.2, 0.5, 0.35, 1 }, { 0.35, 0.35, 0.4, 1 },
};

typedef struct zoom_state {
    const ah_host *host;
    double duration;
    int selected;
    ah_layer cells[PHOTO_COUNT]; /* the grid's photos, once the grid was built */
    ah_layer photo;              /* the page's photo, once the page was built */
    ah_layer page;               /* the page itself */
    ah_context context;          /* the transition being animated */
    ah_layer zoom, faded;        /* the snapshot and the page while they move */
    ah_layer incoming;           /* the incoming view, taken away again on a cancel */
    bool pushing;
} zoom_state;

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

static ah_value color(ah_color value) {
    ah_value v = { .type = AH_VALUE_COLOR };
    v.color = value;
    return v;
}

static ah_rect frame_of(const ah_host *h, ah_layer view) {
    ah_value v;
    if (h->layer_get(h, view, "frame", &v) != AH_OK) return (ah_rect){ { 0, 0 }, { 0, 0 } };
    return v.rect;
}

static void set_hidden(const ah_host *h, ah_layer view, bool hidden) {
    ah_value v = number(hidden ? 1 : 0);
    h->layer_set(h, view, "hidden", &v);
}

/* ---- The library's screens ------------------------------------------------------ */

/* The photo's page: the photo across the width, centred, on black. */
static ah_layer make_page(zoom_state *state) {
    const ah_host *h = state->host;
    ah_rect screen = { { 0, 0 }, { 0, 0 } };
    double scale = 1;
    h->screen_bounds(h, &screen, &scale);
    ah_layer view = 0;
    if (h->view_create(h, screen, &view) != AH_OK) return 0;
    ah_value black = color((ah_color){ 0, 0, 0, 1 });
    h->layer_set(h, view, "backgroundColor", &black);
    double width = screen.size.width;
    h->view_create(h, (ah_rect){ { 0, (screen.size.height - width) / 2 }, { width, width } }, &state->photo);
    ah_value fill = color(photo_colors[state->selected]);
    h->layer_set(h, state->photo, "backgroundColor", &fill);
    h->layer_insert(h, view, state->photo, AH_INSERT_TOP, 0, 0);
    state->page = view;
    /* White status bar text over the black page (ABI 1.12), as the Swift twin's
     * preferredStatusBarStyle; under a shown navigation bar the bar decides, as in UIKit. */
    if (h->abi.minor >= 12) h->screen_status_bar(h, view, AH_STATUS_BAR_LIGHT_CONTENT, 0);
    if (h->abi.minor >= 13) h->screen_orientations(h, view, AH_ORIENTATION_PORTRAIT);
    return view;
}

/* A tap on a photo of the grid pushes its page, as the Swift twin's tap recognizers do. */
static void zoom_tap(const ah_animator *self, ah_context ctx, ah_layer view, ah_point point) {
    (void)ctx;
    (void)point;
    zoom_state *state = self->animator_data;
    for (int index = 0; index < PHOTO_COUNT; index++) {
        if (state->cells[index] != view) continue;
        state->selected = index;
        ah_layer page = make_page(state);
        if (!page) return;
        ah_screen_request request = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof request,
                                      .operation = AH_OP_PUSH, .source = view, .screen = page, .title = "Photo",
                                      .animated = true };
        state->host->screen_show(state->host, &request);
        return;
    }
}

/* A swipe down on the page (the photo or the black around it) pops it, as the Swift
 * twin's swipe recognizer does; other gestures reach nothing. */
static void zoom_touch(const ah_animator *self, ah_context ctx, ah_layer view, const ah_touch_gesture *gesture) {
    (void)ctx;
    zoom_state *state = self->animator_data;
    if (gesture->kind != AH_TOUCH_SWIPE || gesture->direction != AH_SWIPE_DOWN) return;
    if (!state->page || (view != state->page && view != state->photo)) return;
    ah_screen_request request = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof request,
                                  .operation = AH_OP_POP, .source = view, .animated = true };
    state->host->screen_show(state->host, &request);
}

static bool zoom_load_screen(const ah_animator *self, ah_context ctx, const char *name, ah_screen *out) {
    (void)ctx;
    zoom_state *state = self->animator_data;
    const ah_host *h = state->host;
    ah_rect screen = { { 0, 0 }, { 0, 0 } };
    double scale = 1;
    h->screen_bounds(h, &screen, &scale);
    ah_layer view = 0;
    if (strcmp(name, "list") == 0) {
        /* Twelve squares, three to a row, 2 points apart and from the edges. */
        if (h->view_create(h, screen, &view) != AH_OK) return false;
        ah_value white = color((ah_color){ 1, 1, 1, 1 });
        h->layer_set(h, view, "backgroundColor", &white);
        double side = (screen.size.width - 8) / 3;
        for (int index = 0; index < PHOTO_COUNT; index++) {
            ah_rect frame = { { 2 + (index % 3) * (side + 2), 2 + (index / 3) * (side + 2) }, { side, side } };
            h->view_create(h, frame, &state->cells[index]);
            ah_value fill = color(photo_colors[index]);
            h->layer_set(h, state->cells[index], "backgroundColor", &fill);
            h->layer_insert(h, view, state->cells[index], AH_INSERT_TOP, 0, 0);
        }
        out->view = view;
        out->title = "Photos";
        /* Laid out once for an upright phone: portrait only (ABI 1.13), as the Swift twin's
         * supportedInterfaceOrientations says. */
        if (h->abi.minor >= 13) h->screen_orientations(h, view, AH_ORIENTATION_PORTRAIT);
        return true;
    }
    if (strcmp(name, "detail") == 0) {
        view = make_page(state);
        if (!view) return false;
        out->view = view;
        out->title = "Photo";
        return true;
    }
    return false;
}

/* ---- The zoom ------------------------------------------------------------------- */

static double zoom_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    return ((const zoom_state *)self->animator_data)->duration;
}

typedef struct zoom_targets {
    zoom_state *state;
    ah_rect target;
} zoom_targets;

static zoom_targets current_move;

static void zoom_move(void *user) {
    zoom_targets *move = user;
    zoom_state *state = move->state;
    ah_value frame = rect(move->target), opacity = number(state->pushing ? 1 : 0);
    state->host->layer_set(state->host, state->zoom, "frame", &frame);
    state->host->layer_set(state->host, state->faded, "opacity", &opacity);
}

static void zoom_done(void *user, bool finished) {
    (void)finished;
    zoom_state *state = ((zoom_targets *)user)->state;
    const ah_host *h = state->host;
    set_hidden(h, state->cells[state->selected], false);
    set_hidden(h, state->photo, false);
    h->layer_remove_from_superlayer(h, state->zoom);
    bool cancelled = false;
    h->context_was_cancelled(h, state->context, &cancelled);
    /* Cancelled (a pan let go too early): the screen that was coming leaves again, and the
     * page, faded in the animation's model values, shows again (a cancel plays the
     * animation back but leaves the values it set). */
    if (cancelled) {
        h->layer_remove_from_superlayer(h, state->incoming);
        ah_value one = number(1);
        if (!state->pushing) h->layer_set(h, state->faded, "opacity", &one);
    }
    h->context_complete_transition(h, state->context, !cancelled);
}

static void zoom_animate(const ah_animator *self, ah_context ctx) {
    zoom_state *state = self->animator_data;
    const ah_host *h = state->host;
    ah_operation operation = 0;
    ah_layer container = 0, from_view = 0, to_view = 0;
    h->context_operation(h, ctx, &operation);
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_FROM, &from_view);
    h->context_view(h, ctx, AH_CONTEXT_TO, &to_view);
    state->context = ctx;
    state->incoming = to_view;
    state->pushing = operation == AH_OP_PUSH;
    ah_layer cell = state->cells[state->selected];
    if (!from_view || !to_view || !cell || !state->photo) {
        /* Not between this library's screens: no zoom. */
        h->context_complete_transition(h, ctx, true);
        return;
    }
    ah_rect final_frame;
    h->context_final_frame(h, ctx, AH_CONTEXT_TO, &final_frame);
    ah_value to_frame = rect(final_frame);
    h->layer_set(h, to_view, "frame", &to_frame);
    if (state->pushing) {
        ah_value zero = number(0);
        h->layer_set(h, to_view, "opacity", &zero);
        h->layer_insert(h, container, to_view, AH_INSERT_TOP, 0, 0);
    } else {
        h->layer_insert(h, container, to_view, AH_INSERT_BELOW, 0, from_view);
    }
    /* The grid and the page are the container's children: their frames place the photos. */
    ah_layer grid = state->pushing ? from_view : to_view, page = state->pushing ? to_view : from_view;
    ah_rect grid_frame = frame_of(h, grid), page_frame = frame_of(h, page);
    ah_rect cell_frame = frame_of(h, cell), photo_frame = frame_of(h, state->photo);
    cell_frame.origin.x += grid_frame.origin.x;
    cell_frame.origin.y += grid_frame.origin.y;
    photo_frame.origin.x += page_frame.origin.x;
    photo_frame.origin.y += page_frame.origin.y;
    if (h->view_snapshot(h, state->pushing ? cell : state->photo, false, &state->zoom) != AH_OK) {
        h->context_complete_transition(h, ctx, true);
        return;
    }
    ah_value start = rect(state->pushing ? cell_frame : photo_frame);
    h->layer_set(h, state->zoom, "frame", &start);
    h->layer_insert(h, container, state->zoom, AH_INSERT_TOP, 0, 0);
    set_hidden(h, cell, true);
    set_hidden(h, state->photo, true);
    state->faded = page;
    current_move = (zoom_targets){ .state = state, .target = state->pushing ? photo_frame : cell_frame };
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = state->duration, .options = AH_VIEW_OPTION_CURVE_EASE_IN_OUT };
    h->view_animate(h, &settings, zoom_move, zoom_done, &current_move);
}

static void zoom_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool zoom_init(const char *plugin_path) {
    (void)plugin_path;
    return true;
}

static uint32_t zoom_count(void) { return 1; }

static const ah_animator_descriptor *zoom_describe(uint32_t index) {
    return index == 0 ? &zoom_descriptor : NULL;
}

static const ah_animator *zoom_create(const ah_host *host, const char *animator_id,
                                      const ah_param_value *params, uint32_t param_count) {
    if (strcmp(animator_id, zoom_descriptor.id) != 0 || param_count != 2 || host->abi.minor < 9) return NULL;
    zoom_state *state = calloc(1, sizeof *state);
    ah_animator *animator = calloc(1, sizeof *animator);
    if (!state || !animator) {
        free(state);
        free(animator);
        return NULL;
    }
    state->host = host;
    state->duration = params[0].number;
    state->selected = (int)params[1].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator),
        .animator_data = state, .duration = zoom_duration, .animate = zoom_animate,
        .destroy = zoom_destroy, .load_screen = zoom_load_screen, .tap = zoom_tap,
        .touch = host->abi.minor >= 12 ? zoom_touch : NULL,
    };
    return animator;
}

static const ah_plugin_entry zoom_entry = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_plugin_entry),
    .init = zoom_init, .animator_count = zoom_count, .animator_descriptor = zoom_describe,
    .create_animator = zoom_create,
};

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    return &zoom_entry;
}
