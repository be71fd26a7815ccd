/*
 * A configurable test animator. The tests compile it with `cc` and -D flags into good and
 * deliberately broken libraries; each macro breaks one rule of the ABI.
 *
 *   FIXTURE_ID / FIXTURE_NAME     the descriptor's id and name (string literals, or NULL)
 *   FIXTURE_OPERATIONS            the operation bits (default AH_OP_PRESENT | AH_OP_DISMISS)
 *   FIXTURE_ABI_MAJOR / _MINOR    the ABI the entry claims
 *   FIXTURE_DESCRIPTOR_SIZE       the descriptor's struct_size
 *   FIXTURE_DURATION              what duration() answers (default: the "duration" parameter)
 *   FIXTURE_NO_ENTRY              export no entry symbol
 *   FIXTURE_NULL_ENTRY            the entry function returns NULL
 *   FIXTURE_NULL_DESCRIPTOR       animator_descriptor(0) returns NULL
 *   FIXTURE_INIT_FAILS            init() returns false
 *   FIXTURE_TWICE                 offer the same descriptor twice (duplicate id)
 *   FIXTURE_BAD_DEFAULT           the duration parameter's default is out of its range
 *   FIXTURE_CREATE_FAILS          create_animator returns NULL
 *   FIXTURE_PROBE                 duration() probes the host table with bad handles
 *   FIXTURE_ID_FROM_PATH          id "org.bench.<file name>" and name "<file name>", set in
 *                                 init, so copies of one library are distinct animators
 *   FIXTURE_COMPLETE_NOW          animate() adds the incoming view and completes at once
 *   FIXTURE_OWN_INTERACTION       the animator is its own interaction controller: the
 *                                 incoming view's opacity follows a pan's percent; on the
 *                                 end it finishes (velocity > 0) or cancels, animates the
 *                                 rest and completes; logs refused calls as warnings
 *   FIXTURE_INTERRUPTIBLE         interruptible_animator(): one property animator for the
 *                                 transition fading the incoming view in; its completion
 *                                 calls completeTransition(!cancelled); animate() starts it
 *   FIXTURE_INTERRUPTIBLE_NULL    interruptible_animator() returns AH_NULL_HANDLE (combine
 *                                 with FIXTURE_COMPLETE_NOW); with FIXTURE_INTERRUPTIBLE_FORGED
 *                                 a handle the host never gave instead
 *   FIXTURE_BUILT_FOR_1_2         the animator instance claims 1.2 and ends where 1.3's
 *                                 fields begin; those fields hold poison (never read them)
 *   FIXTURE_PRESENTATION          supplies a presentation controller: the bottom half of the
 *                                 container, a wrapper view around the presented view, a
 *                                 dimming view fading to 0.5 alongside; logs each hook
 *                                 (combine with FIXTURE_COMPLETE_NOW)
 *   FIXTURE_ALONGSIDE             animate() adds the incoming view, registers for interaction
 *                                 changes (logged; ABI 1.5) and an alongside
 *                                 animation (its opacity to 0.5) with a logging completion,
 *                                 animates its corner radius over the duration and completes
 *                                 when that ends; logs the percent complete at animate
 *   FIXTURE_COMPLETE_TWICE        ... and then calls completeTransition a second time
 *   FIXTURE_LOG_TRAITS            animate() logs (info) the traits host_traits gives (ABI 1.7),
 *                                 one line: "traits style=S direction=D text=T reduce=R
 *                                 crossfade=C pad=P scale=X screen=WxH safe=T,L,B,R corner=K"
 *   FIXTURE_KEEP_OBJECTS          animate() keeps a number for the incoming view with
 *                                 layer_set_object (ABI 1.8) under its own key, reads it back
 *                                 (and nothing under another key), replaces it and logs (info)
 *                                 "objects kept=N other=none released=R"
 *   FIXTURE_DECLINES              declines (ABI 1.8) every dismissal, as a transitioning
 *                                 delegate returning nil for it, and logs (info) the
 *                                 operation it was asked about: "asked: N"
 *   FIXTURE_SCREENS               load_screen (ABI 1.9) brings "list" and "detail": a view the
 *                                 screen's size, red (list) or blue (detail), titled
 *                                 "Red list" / "Blue detail"; by mode:
 *                                 1 as said; 2 "detail" answers true with a handle it never
 *                                 made; 3 both screens give one view; 4 the list's title is
 *                                 1 MiB of 'x' with no NUL before its end (mapped so that
 *                                 reading past it faults); every mode logs (info) each
 *                                 appearance callback of its screens: "appearance list 0 1"
 *                                 (screen, ah_appearance kind, animated)
 *   FIXTURE_STATUS_BAR=S          with FIXTURE_SCREENS: the detail page tells the host
 *                                 (screen_status_bar, ABI 1.12) it wants style S (1 light
 *                                 content; 7, no style, to be refused) and logs (info)
 *                                 "status bar STATUS"; FIXTURE_STATUS_BAR_FLAGS its flags
 *   FIXTURE_ORIENTATIONS=M        with FIXTURE_SCREENS: each screen tells the host
 *                                 (screen_orientations, ABI 1.13) it supports the
 *                                 AH_ORIENTATION_ bits M and logs (info) "orientations STATUS"
 *   (by default animate() does nothing: it never completes, for the watchdog)
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <animator_host.h>

#ifndef FIXTURE_ID
#define FIXTURE_ID "org.fixture.good"
#endif
#ifndef FIXTURE_NAME
#define FIXTURE_NAME "good"
#endif
#ifndef FIXTURE_OPERATIONS
#define FIXTURE_OPERATIONS (AH_OP_PRESENT | AH_OP_DISMISS)
#endif
#ifndef FIXTURE_ABI_MAJOR
#define FIXTURE_ABI_MAJOR AH_ABI_MAJOR
#endif
#ifndef FIXTURE_ABI_MINOR
#define FIXTURE_ABI_MINOR AH_ABI_MINOR
#endif
#ifndef FIXTURE_DESCRIPTOR_SIZE
#define FIXTURE_DESCRIPTOR_SIZE sizeof(ah_animator_descriptor)
#endif
#ifdef FIXTURE_BAD_DEFAULT
#define FIXTURE_DEFAULT_DURATION 42.0
#else
#define FIXTURE_DEFAULT_DURATION 0.25
#endif

static const char *const style_values[] = { "soft", "hard" };

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "duration", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
    .help = "Seconds.", .default_value = { .type = AH_PARAM_NUMBER, .number = FIXTURE_DEFAULT_DURATION },
    .min = 0.0, .max = 5.0,
};
static const ah_param_descriptor tint_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "tint", .type = AH_PARAM_COLOR,
    .default_value = { .type = AH_PARAM_COLOR, .color = { 1.0, 0.0, 0.0, 1.0 } },
};
static const ah_param_descriptor origin_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "origin", .type = AH_PARAM_POINT,
    .default_value = { .type = AH_PARAM_POINT, .point = { 10.0, 20.0 } },
};
static const ah_param_descriptor style_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "style", .type = AH_PARAM_ENUM,
    .default_value = { .type = AH_PARAM_ENUM, .enum_index = 1 },
    .enum_values = style_values, .enum_count = 2,
};
static const ah_param_descriptor *const params[] = { &duration_param, &tint_param, &origin_param, &style_param };

#ifdef FIXTURE_ID_FROM_PATH
#define DESCRIPTOR_CONST
static char id_buffer[300];
static char name_buffer[256];
#else
#define DESCRIPTOR_CONST const
#endif

static DESCRIPTOR_CONST ah_animator_descriptor descriptor = {
    .abi = { FIXTURE_ABI_MAJOR, FIXTURE_ABI_MINOR },
    .struct_size = FIXTURE_DESCRIPTOR_SIZE,
    .id = FIXTURE_ID,
    .name = FIXTURE_NAME,
    .display_name = "Fixture",
    .version = "2.3.4",
    .description = "A test fixture.",
    .operations = FIXTURE_OPERATIONS,
    .flags = AH_ANIMATOR_INTERACTIVE,
    .param_count = 4,
    .params = params,
};

typedef struct state {
    const ah_host *host;
    double duration;
} state;

static double fixture_duration(const ah_animator *self, ah_context ctx) {
    const state *s = self->animator_data;
#ifdef FIXTURE_PROBE
    /* Encodes the host's answers as digits: forged handle, NULL out-pointer, valid call. */
    ah_operation op = 0;
    ah_status forged = s->host->context_operation(s->host, ctx ^ 0x5a5a5a5aull, &op);
    ah_status null_out = s->host->context_operation(s->host, ctx, NULL);
    ah_status valid = s->host->context_operation(s->host, ctx, &op);
    s->host->log(s->host, AH_LOG_WARNING, "probe");
    return (double)(-forged) * 100.0 + (double)(-null_out) * 10.0 + (valid == AH_OK ? (double)op : -1.0);
#else
    (void)ctx;
#ifdef FIXTURE_DURATION
    return FIXTURE_DURATION;
#else
    return s->duration;
#endif
#endif
}

#ifdef FIXTURE_ALONGSIDE
typedef struct alongside_probe {
    const ah_host *host;
    ah_context ctx;
    ah_layer view;
} alongside_probe;
static alongside_probe probe;

static void probe_alongside(void *user) {
    alongside_probe *p = user;
    ah_value half = { .type = AH_VALUE_NUMBER };
    half.number = 0.5;
    p->host->layer_set(p->host, p->view, "opacity", &half);
}

static void probe_alongside_done(void *user, bool cancelled) {
    alongside_probe *p = user;
    p->host->log(p->host, AH_LOG_INFO, cancelled ? "alongside: cancelled" : "alongside: completed");
}

static void probe_interaction_changed(void *user, bool interactive, bool cancelled) {
    alongside_probe *p = user;
    char line[64];
    snprintf(line, sizeof line, "interaction: interactive=%d cancelled=%d", interactive, cancelled);
    p->host->log(p->host, AH_LOG_INFO, line);
}

static void probe_interaction_done(void *user) {
    alongside_probe *p = user;
    p->host->log(p->host, AH_LOG_INFO, "interaction handler released");
}

static void probe_corner(void *user) {
    alongside_probe *p = user;
    ah_value radius = { .type = AH_VALUE_NUMBER };
    radius.number = 8;
    p->host->layer_set(p->host, p->view, "cornerRadius", &radius);
}

static void probe_finished(void *user, bool finished) {
    (void)finished;
    alongside_probe *p = user;
    bool cancelled = false;
    p->host->context_was_cancelled(p->host, p->ctx, &cancelled);
    p->host->context_complete_transition(p->host, p->ctx, !cancelled);
}
#endif

#ifdef FIXTURE_KEEP_OBJECTS
/* The key this library keeps its objects under: the address of a static of its own. */
static const char object_key;
static const char other_key;
static int objects_released;
static void release_number(void *object) {
    objects_released += 1;
    free(object);
}
#endif

static void fixture_animate(const ah_animator *self, ah_context ctx) {
    (void)self; (void)ctx;
#ifdef FIXTURE_KEEP_OBJECTS
    {
        const state *s = self->animator_data;
        const ah_host *h = s->host;
        ah_layer to = 0;
        if (h->abi.minor >= 8 && h->context_view(h, ctx, AH_CONTEXT_TO, &to) == AH_OK) {
            int *first = malloc(sizeof *first), *second = malloc(sizeof *second);
            *first = 42;
            *second = 43;
            void *found = NULL, *other = (void *)1;
            h->layer_set_object(h, to, &object_key, first, release_number);
            h->layer_object(h, to, &object_key, &found);
            h->layer_object(h, to, &other_key, &other);
            int kept = found ? *(int *)found : -1;
            h->layer_set_object(h, to, &object_key, second, release_number);
            char line[96];
            snprintf(line, sizeof line, "objects kept=%d other=%s released=%d", kept, other ? "some" : "none",
                     objects_released);
            h->log(h, AH_LOG_INFO, line);
        }
    }
#endif
#ifdef FIXTURE_LOG_TRAITS
    {
        const state *s = self->animator_data;
        const ah_host *h = s->host;
        ah_traits traits = { .struct_size = sizeof(ah_traits) };
        char line[256];
        if (h->abi.minor >= 7 && h->host_traits(h, &traits) == AH_OK) {
            snprintf(line, sizeof line, "traits style=%u direction=%u text=%u reduce=%d crossfade=%d pad=%d scale=%g "
                     "screen=%gx%g safe=%g,%g,%g,%g corner=%g", traits.user_interface_style, traits.layout_direction,
                     traits.content_size_category, traits.reduce_motion, traits.prefers_cross_fade_transitions,
                     traits.is_pad, traits.display_scale, traits.screen_size.width, traits.screen_size.height,
                     traits.safe_area_top, traits.safe_area_left, traits.safe_area_bottom, traits.safe_area_right,
                     traits.screen_corner_radius);
            h->log(h, AH_LOG_INFO, line);
        }
    }
#endif
#ifdef FIXTURE_INTERRUPTIBLE
    {
        /* UIKit's pattern: animateTransition starts the interruptible animator. */
        extern ah_property_animator fixture_interruptible_start(const ah_animator *, ah_context);
        fixture_interruptible_start(self, ctx);
    }
#endif
#ifdef FIXTURE_ALONGSIDE
    {
        const state *s = self->animator_data;
        const ah_host *h = s->host;
        ah_layer container = 0;
        probe.host = h;
        probe.ctx = ctx;
        h->context_container_view(h, ctx, &container);
        h->context_view(h, ctx, AH_CONTEXT_TO, &probe.view);
        h->layer_insert(h, container, probe.view, AH_INSERT_TOP, 0, 0);
        double percent = -1;
        char line[64];
        h->context_percent_complete(h, ctx, &percent);
        snprintf(line, sizeof line, "percent at animate: %g", percent);
        h->log(h, AH_LOG_INFO, line);
        if (h->abi.minor >= 5 &&
            h->context_notify_interaction_changes(h, ctx, probe_interaction_changed, probe_interaction_done, &probe) != AH_OK)
            h->log(h, AH_LOG_ERROR, h->last_error(h));
        if (h->context_animate_alongside(h, ctx, AH_NULL_HANDLE, probe_alongside, probe_alongside_done, &probe) != AH_OK)
            h->log(h, AH_LOG_ERROR, h->last_error(h));
        /* A forged follow handle is refused. */
        if (h->context_animate_alongside(h, ctx, 0x5a5a5a5aull, probe_alongside, NULL, &probe) != AH_OK)
            h->log(h, AH_LOG_WARNING, h->last_error(h));
        ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                       .duration = s->duration };
        h->view_animate(h, &settings, probe_corner, probe_finished, &probe);
    }
#endif
#if defined(FIXTURE_COMPLETE_NOW) || defined(FIXTURE_COMPLETE_TWICE)
    const state *s = self->animator_data;
    const ah_host *h = s->host;
    ah_layer container = 0, to = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &to);
    if (to) h->layer_insert(h, container, to, AH_INSERT_TOP, 0, 0);
    h->context_complete_transition(h, ctx, true);
#ifdef FIXTURE_COMPLETE_TWICE
    ah_status second = h->context_complete_transition(h, ctx, true);
    if (second != AH_OK) h->log(h, AH_LOG_ERROR, h->last_error(h));
#endif
#endif
}

#ifdef FIXTURE_OWN_INTERACTION
typedef struct own_interaction {
    const ah_host *host;
    ah_context ctx;
    ah_layer view;
    double duration;
    double percent;
} own_interaction;
static own_interaction own;

static void own_set_opacity(double opacity) {
    ah_value value = { .type = AH_VALUE_NUMBER };
    value.number = opacity;
    own.host->layer_set(own.host, own.view, "opacity", &value);
}
static void own_to_one(void *user) { (void)user; own_set_opacity(1); }
static void own_to_zero(void *user) { (void)user; own_set_opacity(0); }
static void own_done(void *user, bool finished) {
    (void)user; (void)finished;
    bool cancelled = false;
    own.host->context_was_cancelled(own.host, own.ctx, &cancelled);
    own.host->context_complete_transition(own.host, own.ctx, !cancelled);
}

static void fixture_start_interactive(const ah_animator *self, ah_context ctx) {
    const state *s = self->animator_data;
    const ah_host *h = s->host;
    ah_layer container = 0;
    own.host = h;
    own.ctx = ctx;
    own.duration = s->duration;
    own.percent = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &own.view);
    h->layer_insert(h, container, own.view, AH_INSERT_TOP, 0, 0);
    own_set_opacity(0);
}

static void fixture_gesture(const ah_animator *self, ah_context ctx, const ah_gesture_sample *sample) {
    (void)self;
    const ah_host *h = own.host;
    double percent = sample->distance > 0 ? sample->value / sample->distance : 0;
    if (percent < 0) percent = 0;
    if (percent > 1) percent = 1;
    own.percent = percent;
    own_set_opacity(percent);
    if (h->context_update_interactive(h, ctx, percent) != AH_OK) h->log(h, AH_LOG_WARNING, h->last_error(h));
    if (sample->phase != AH_GESTURE_ENDED) return;
    bool finish = sample->velocity > 0;
    if ((finish ? h->context_finish_interactive(h, ctx) : h->context_cancel_interactive(h, ctx)) != AH_OK)
        h->log(h, AH_LOG_ERROR, h->last_error(h));
    /* No longer interactive: a further update is refused. */
    if (h->context_update_interactive(h, ctx, percent) != AH_OK) h->log(h, AH_LOG_WARNING, h->last_error(h));
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                   .duration = own.duration * (finish ? 1 - percent : percent) };
    settings.options = 3ull << 16;  /* UIViewAnimationOptionCurveLinear */
    h->view_animate(h, &settings, finish ? own_to_one : own_to_zero, own_done, NULL);
}
#endif

#ifdef FIXTURE_INTERRUPTIBLE
typedef struct interruptible {
    const ah_host *host;
    ah_context ctx;
    ah_layer view;
    ah_property_animator animator;
} interruptible;
static interruptible ia;

static void ia_fade_in(void *user) {
    (void)user;
    ah_value one = { .type = AH_VALUE_NUMBER };
    one.number = 1;
    ia.host->layer_set(ia.host, ia.view, "opacity", &one);
}

static void ia_done(void *user, ah_animator_position position) {
    (void)user; (void)position;
    bool cancelled = false;
    ia.host->context_was_cancelled(ia.host, ia.ctx, &cancelled);
    ia.host->context_complete_transition(ia.host, ia.ctx, !cancelled);
}

static ah_property_animator fixture_interruptible(const ah_animator *self, ah_context ctx) {
    const state *s = self->animator_data;
    const ah_host *h = s->host;
    if (ia.animator && ia.ctx == ctx) return ia.animator;   /* the same one for the whole transition */
    ah_layer container = 0;
    ia.host = h;
    ia.ctx = ctx;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &ia.view);
    h->layer_insert(h, container, ia.view, AH_INSERT_TOP, 0, 0);
    ah_value zero = { .type = AH_VALUE_NUMBER };
    zero.number = 0;
    h->layer_set(h, ia.view, "opacity", &zero);
    h->animator_create(h, s->duration, NULL, &ia.animator);
    h->animator_add_animations(h, ia.animator, ia_fade_in, NULL, 0);
    h->animator_add_completion(h, ia.animator, ia_done, NULL);
    return ia.animator;
}
#endif

#ifdef FIXTURE_INTERRUPTIBLE_NULL
static ah_property_animator fixture_no_interruptible(const ah_animator *self, ah_context ctx) {
    (void)self; (void)ctx;
#ifdef FIXTURE_INTERRUPTIBLE_FORGED
    return (ah_property_animator)0xDEAD;
#else
    return AH_NULL_HANDLE;
#endif
}
#endif

#ifdef FIXTURE_PRESENTATION
typedef struct half_sheet {
    const ah_host *host;
    ah_layer dimming;
} half_sheet;
static half_sheet sheet;

static ah_rect sheet_frame(const ah_presentation_controller *self, ah_rect bounds) {
    (void)self;
    ah_rect frame = bounds;
    frame.size.height = bounds.size.height / 2;
    frame.origin.y = bounds.origin.y + bounds.size.height / 2;
    return frame;
}

static void sheet_dim(void *user) {
    half_sheet *s = user;
    ah_value half = { .type = AH_VALUE_NUMBER };
    half.number = 0.5;
    s->host->layer_set(s->host, s->dimming, "opacity", &half);
}

static ah_layer sheet_will_begin(const ah_presentation_controller *self, ah_context ctx) {
    const ah_host *h = sheet.host;
    ah_layer container = 0, presented = 0, wrapper = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &presented);
    ah_rect bounds;
    ah_value value;
    h->layer_get(h, container, "bounds", &value);
    bounds = value.rect;
    ah_rect frame = sheet_frame(self, bounds);
    h->view_create(h, frame, &wrapper);
    ah_value inner = { .type = AH_VALUE_RECT };
    inner.rect = (ah_rect){ { 0, 0 }, frame.size };
    h->layer_set(h, presented, "frame", &inner);
    h->layer_insert(h, wrapper, presented, AH_INSERT_TOP, 0, 0);
    h->view_create(h, bounds, &sheet.dimming);
    ah_value zero = { .type = AH_VALUE_NUMBER };
    zero.number = 0;
    h->layer_set(h, sheet.dimming, "opacity", &zero);
    h->layer_insert(h, container, sheet.dimming, AH_INSERT_TOP, 0, 0);
    h->context_animate_alongside(h, ctx, AH_NULL_HANDLE, sheet_dim, NULL, &sheet);
    h->log(h, AH_LOG_INFO, "presentation will begin");
    return wrapper;
}

static void sheet_did_end(const ah_presentation_controller *self, bool completed) {
    (void)self;
    sheet.host->log(sheet.host, AH_LOG_INFO, completed ? "presentation did end: completed" : "presentation did end: cancelled");
}

static void sheet_dismissal_will_begin(const ah_presentation_controller *self, ah_context ctx) {
    (void)self; (void)ctx;
    sheet.host->log(sheet.host, AH_LOG_INFO, "dismissal will begin");
}

static void sheet_dismissal_did_end(const ah_presentation_controller *self, bool completed) {
    (void)self;
    sheet.host->log(sheet.host, AH_LOG_INFO, completed ? "dismissal did end: completed" : "dismissal did end: cancelled");
}

static void sheet_destroy(const ah_presentation_controller *self) {
    sheet.host->log(sheet.host, AH_LOG_INFO, "presentation controller destroyed");
    free((void *)self);
}

static const ah_presentation_controller *fixture_presentation(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    const state *s = self->animator_data;
    sheet.host = s->host;
    ah_presentation_controller *controller = malloc(sizeof *controller);
    *controller = (ah_presentation_controller){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_presentation_controller),
        .frame_of_presented_view = sheet_frame, .presentation_will_begin = sheet_will_begin,
        .presentation_did_end = sheet_did_end, .dismissal_will_begin = sheet_dismissal_will_begin,
        .dismissal_did_end = sheet_dismissal_did_end, .destroy = sheet_destroy,
    };
    return controller;
}
#endif

#ifdef FIXTURE_SCREENS
#include <sys/mman.h>
static ah_layer fixture_shared_view;
static ah_layer fixture_list_view, fixture_detail_view;
/* The library's own screens: a red list and a blue detail page. */
static bool fixture_load_screen(const ah_animator *self, ah_context ctx, const char *name, ah_screen *out) {
    (void)ctx;
    const state *s = self->animator_data;
    const ah_host *h = s->host;
    bool list = strcmp(name, "list") == 0;
    if (!list && strcmp(name, "detail") != 0) return false;
    if (FIXTURE_SCREENS == 2 && !list) {
        out->view = (ah_layer)0x7fff00001234ull;
        return true;
    }
    ah_rect screen = { { 0, 0 }, { 0, 0 } };
    double scale = 1;
    h->screen_bounds(h, &screen, &scale);
    ah_layer view = 0;
    if (FIXTURE_SCREENS == 3 && fixture_shared_view) {
        view = fixture_shared_view;
    } else {
        if (h->view_create(h, screen, &view) != AH_OK) return false;
        ah_value fill = { .type = AH_VALUE_COLOR };
        fill.color = list ? (ah_color){ 1, 0, 0, 1 } : (ah_color){ 0, 0, 1, 1 };
        h->layer_set(h, view, "backgroundColor", &fill);
        fixture_shared_view = view;
    }
    out->view = view;
    if (list) fixture_list_view = view; else fixture_detail_view = view;
#ifdef FIXTURE_STATUS_BAR
#ifndef FIXTURE_STATUS_BAR_FLAGS
#define FIXTURE_STATUS_BAR_FLAGS 0
#endif
    if (!list && h->abi.minor >= 12) {
        char line[64];
        snprintf(line, sizeof line, "status bar %d",
                 (int)h->screen_status_bar(h, view, FIXTURE_STATUS_BAR, FIXTURE_STATUS_BAR_FLAGS));
        h->log(h, AH_LOG_INFO, line);
    }
#endif
#ifdef FIXTURE_ORIENTATIONS
    if (h->abi.minor >= 13) {
        char line[64];
        snprintf(line, sizeof line, "orientations %d", (int)h->screen_orientations(h, view, FIXTURE_ORIENTATIONS));
        h->log(h, AH_LOG_INFO, line);
    }
#endif
    out->title = list ? "Red list" : "Blue detail";
    if (FIXTURE_SCREENS == 4 && list) {
        /* 1 MiB of 'x' ending at an unmapped page: a host reading to a NUL would fault. */
        size_t size = 1 << 20, page = 4096;
        char *area = mmap(NULL, size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (area == MAP_FAILED) return false;
        memset(area, 'x', size);
        mprotect(area + size, page, PROT_NONE);
        out->title = area;
    }
    return true;
}
#endif

#ifdef FIXTURE_SCREENS
static void fixture_appearance(const ah_animator *self, ah_layer view, ah_appearance kind, bool animated) {
    const state *s = self->animator_data;
    char line[64];
    const char *name = view == fixture_list_view ? "list" : view == fixture_detail_view ? "detail" : "other";
    snprintf(line, sizeof line, "appearance %s %u %d", name, (unsigned)kind, animated ? 1 : 0);
    s->host->log(s->host, AH_LOG_INFO, line);
}
#endif

#ifdef FIXTURE_DECLINES
/* As a transitioning delegate returning nil for dismissals: UIKit's own runs. */
static bool fixture_declines(const ah_animator *self, ah_context ctx) {
    const state *s = self->animator_data;
    ah_operation operation = 0;
    s->host->context_operation(s->host, ctx, &operation);
    char line[32];
    snprintf(line, sizeof line, "asked: %u", (unsigned)operation);
    s->host->log(s->host, AH_LOG_INFO, line);
    return operation == AH_OP_DISMISS;
}
#endif

static void fixture_destroy(const ah_animator *self) {
    free(self->animator_data);
    free((void *)self);
}

static bool fixture_init(const char *path) {
    (void)path;
#ifdef FIXTURE_ID_FROM_PATH
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t length = strcspn(base, ".");
    if (length >= sizeof name_buffer) return false;
    memcpy(name_buffer, base, length);
    name_buffer[length] = 0;
    snprintf(id_buffer, sizeof id_buffer, "org.bench.%s", name_buffer);
    descriptor.id = id_buffer;
    descriptor.name = name_buffer;
#endif
#ifdef FIXTURE_INIT_FAILS
    return false;
#else
    return true;
#endif
}

static uint32_t fixture_count(void) {
#ifdef FIXTURE_TWICE
    return 2;
#else
    return 1;
#endif
}

static const ah_animator_descriptor *fixture_describe(uint32_t index) {
#ifdef FIXTURE_NULL_DESCRIPTOR
    (void)index;
    return NULL;
#else
    return index < fixture_count() ? &descriptor : NULL;
#endif
}

static const ah_animator *fixture_create(const ah_host *host, const char *id, const ah_param_value *values,
                                         uint32_t count) {
#ifdef FIXTURE_CREATE_FAILS
    (void)host; (void)id; (void)values; (void)count;
    return NULL;
#else
    if (strcmp(id, descriptor.id) != 0 || count != 4) return NULL;
    state *s = malloc(sizeof *s);
    ah_animator *animator = malloc(sizeof *animator);
    s->host = host;
    s->duration = values[0].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator), .animator_data = s,
        .duration = fixture_duration, .animate = fixture_animate, .destroy = fixture_destroy,
#ifdef FIXTURE_OWN_INTERACTION
        .start_interactive = fixture_start_interactive, .gesture = fixture_gesture,
#endif
#ifdef FIXTURE_INTERRUPTIBLE
        .interruptible_animator = fixture_interruptible,
#endif
#ifdef FIXTURE_INTERRUPTIBLE_NULL
        .interruptible_animator = fixture_no_interruptible,
#endif
#ifdef FIXTURE_PRESENTATION
        .presentation_controller = fixture_presentation,
#endif
#ifdef FIXTURE_DECLINES
        .declines = fixture_declines,
#endif
#ifdef FIXTURE_SCREENS
        .load_screen = fixture_load_screen,
        .appearance = fixture_appearance,
#endif
    };
#ifdef FIXTURE_BUILT_FOR_1_2
    /* As a plugin compiled against the 1.2 headers: the instance ends before the fields
       1.3 appended, and whatever memory follows must never be read. Poison stands in
       for it: calling any of these would crash. */
    animator->abi = (ah_version){ 1, 2 };
    animator->struct_size = (uint32_t)offsetof(ah_animator, start_interactive);
    animator->start_interactive = (void (*)(const ah_animator *, ah_context))(uintptr_t)1;
    animator->gesture = (void (*)(const ah_animator *, ah_context, const ah_gesture_sample *))(uintptr_t)1;
    animator->interruptible_animator = (ah_property_animator (*)(const ah_animator *, ah_context))(uintptr_t)1;
    animator->presentation_controller = (const ah_presentation_controller *(*)(const ah_animator *, ah_context))(uintptr_t)1;
    animator->declines = (bool (*)(const ah_animator *, ah_context))(uintptr_t)1;
#endif
    return animator;
#endif
}

static const ah_plugin_entry entry = {
    .abi = { FIXTURE_ABI_MAJOR, FIXTURE_ABI_MINOR },
    .struct_size = sizeof(ah_plugin_entry),
    .init = fixture_init,
    .animator_count = fixture_count,
    .animator_descriptor = fixture_describe,
    .create_animator = fixture_create,
};

#ifndef FIXTURE_NO_ENTRY
__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
#ifdef FIXTURE_NULL_ENTRY
    return NULL;
#else
    return &entry;
#endif
}
#else
__attribute__((visibility("default"))) int not_an_animator(void) { return 7; }
#endif

#ifdef FIXTURE_INTERRUPTIBLE
ah_property_animator fixture_interruptible_start(const ah_animator *self, ah_context ctx) {
    ah_property_animator animator = fixture_interruptible(self, ctx);
    ia.host->animator_start(ia.host, animator, 0);
    return animator;
}
#endif
