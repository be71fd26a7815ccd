/*
 * Drives the engine through batch 1.1 of the host table, from C, as an animator would.
 * Built by the tests with `cc`; each probe_* function is called by a test with a host
 * table and leaves results for it to check.
 */
#include <math.h>
#include <string.h>

#include <animator_host.h>

typedef struct probe {
    const ah_host *host;
    ah_layer view;
    ah_layer other;
    int completions;
    int finished;
    int transaction_done;
    int animator_done;
    ah_animator_position position;
    int delegate_events;
} probe;

static probe P;

static ah_value point(double x, double y) { ah_value v = { .type = AH_VALUE_POINT }; v.point = (ah_point){ x, y }; return v; }
static ah_value number(double n) { ah_value v = { .type = AH_VALUE_NUMBER }; v.number = n; return v; }

static void on_complete(void *user, bool finished) { probe *p = user; p->completions++; p->finished = finished; }
static void move_right(void *user) {
    probe *p = user;
    ah_value target = point(150, 50);
    p->host->layer_set(p->host, p->view, "position", &target);
}
static void fade_out(void *user) {
    probe *p = user;
    ah_value zero = number(0);
    p->host->layer_set(p->host, p->other, "opacity", &zero);
}
static void first_keyframe(void *user) {
    probe *p = user;
    p->host->view_add_keyframe(p->host, 0.0, 0.5, fade_out, p);
}

/* A view moving from x 50 to 150 over 1 s on a linear curve. */
ah_status probe_view_animation(const ah_host *host, ah_layer *out) {
    memset(&P, 0, sizeof P);
    P.host = host;
    ah_status s = host->view_create(host, (ah_rect){ { 0, 0 }, { 100, 100 } }, &P.view);
    if (s != AH_OK) return s;
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings, .duration = 1.0,
                                   .options = 3u << 16 /* curveLinear */ };
    *out = P.view;
    return host->view_animate(host, &settings, move_right, on_complete, &P);
}

/* A view fading out over the first half of a 1 s keyframe animation, linear. */
ah_status probe_keyframes(const ah_host *host, ah_layer *out) {
    P.host = host;
    ah_status s = host->view_create(host, (ah_rect){ { 0, 0 }, { 10, 10 } }, &P.other);
    if (s != AH_OK) return s;
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings, .duration = 1.0,
                                   .options = 3u << 16 };
    *out = P.other;
    return host->view_animate_keyframes(host, &settings, first_keyframe, on_complete, &P);
}

static void transaction_done(void *user) { ((probe *)user)->transaction_done++; }

/* A standalone layer's implicit fade in a 1 s linear transaction. */
ah_status probe_transaction(const ah_host *host, ah_layer *out) {
    ah_layer layer;
    ah_status s = host->layer_create(host, &layer);
    if (s != AH_OK) return s;
    host->transaction_begin(host);
    host->transaction_set_duration(host, 1.0);
    ah_timing_function linear = { .kind = AH_TIMING_LINEAR };
    host->transaction_set_timing_function(host, &linear);
    host->transaction_set_completion(host, transaction_done, &P);
    ah_value zero = number(0);
    host->layer_set(host, layer, "opacity", &zero);
    *out = layer;
    return host->transaction_commit(host);
}

static void delegate_start(void *user) { ((probe *)user)->delegate_events += 1; }
static void delegate_stop(void *user, bool finished) { ((probe *)user)->delegate_events += finished ? 10 : 100; }

/* Explicit animations: a keyframe animation of position.x and a group. */
ah_status probe_explicit(const ah_host *host, ah_layer *out) {
    ah_layer layer;
    ah_status s = host->layer_create(host, &layer);
    if (s != AH_OK) return s;
    ah_value values[] = { number(0), number(10), number(30) };
    double key_times[] = { 0, 0.5, 1 };
    ah_animation_desc keyframes = {
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof keyframes, .kind = AH_ANIMATION_KEYFRAME,
        .key_path = "position.x", .timing = { .duration = 1.0 }, .values = values, .value_count = 3,
        .key_times = key_times, .calculation_mode = AH_CALCULATION_LINEAR,
        .did_start = delegate_start, .did_stop = delegate_stop, .user_data = &P,
    };
    s = host->layer_add_animation(host, layer, &keyframes, "k");
    if (s != AH_OK) return s;
    ah_value from = number(0), to = number(1);
    ah_animation_desc fade = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof fade, .kind = AH_ANIMATION_BASIC,
                               .key_path = "opacity", .from = &from, .to = &to, .timing = { .duration = 0.5 } };
    const ah_animation_desc *children[] = { &fade };
    ah_animation_desc group = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof group, .kind = AH_ANIMATION_GROUP,
                                .children = children, .child_count = 1, .timing = { .duration = 1.0 } };
    *out = layer;
    return host->layer_add_animation(host, layer, &group, "g");
}

static void animator_done(void *user, ah_animator_position position) {
    probe *p = user;
    p->animator_done++;
    p->position = position;
}

/* A property animator: started, paused, scrubbed to 0.5, then left paused. */
ah_status probe_animator(const ah_host *host, ah_layer *view_out, double *fraction_out, ah_property_animator *out) {
    P.host = host;
    ah_status s = host->view_create(host, (ah_rect){ { 0, 0 }, { 100, 100 } }, &P.view);
    if (s != AH_OK) return s;
    ah_timing_parameters linear = { .kind = AH_TIMING_PARAMETERS_CUBIC, .curve = { .kind = AH_TIMING_LINEAR } };
    ah_property_animator animator;
    if ((s = host->animator_create(host, 1.0, &linear, &animator)) != AH_OK) return s;
    if ((s = host->animator_add_animations(host, animator, move_right, &P, 0)) != AH_OK) return s;
    if ((s = host->animator_add_completion(host, animator, animator_done, &P)) != AH_OK) return s;
    if ((s = host->animator_start(host, animator, 0)) != AH_OK) return s;
    if ((s = host->animator_pause(host, animator)) != AH_OK) return s;
    if ((s = host->animator_set_fraction(host, animator, 0.5)) != AH_OK) return s;
    *view_out = P.view;
    *out = animator;
    return host->animator_get_fraction(host, animator, fraction_out);
}

/* Mistakes a plugin can make: each must come back as a status with a message. */
ah_status probe_errors(const ah_host *host, ah_status *statuses, char messages[5][160]) {
    ah_layer layer;
    host->view_create(host, (ah_rect){ { 0, 0 }, { 1, 1 } }, &layer);
    ah_value v;
    statuses[0] = host->layer_get(host, layer, "wobble", &v);
    strncpy(messages[0], host->last_error(host), 159);
    statuses[1] = host->layer_get(host, layer ^ 0x77ull, "opacity", &v);
    strncpy(messages[1], host->last_error(host), 159);
    statuses[2] = host->transaction_commit(host);
    strncpy(messages[2], host->last_error(host), 159);
    ah_property_animator animator;
    host->animator_create(host, 1.0, NULL, &animator);
    statuses[3] = host->animator_finish(host, animator, AH_POSITION_END);
    strncpy(messages[3], host->last_error(host), 159);
    ah_value wrong = number(3);
    statuses[4] = host->layer_set(host, layer, "position", &wrong);
    strncpy(messages[4], host->last_error(host), 159);
    return AH_OK;
}

int probe_completions(void) { return P.completions; }
int probe_finished(void) { return P.finished; }
int probe_transaction_done(void) { return P.transaction_done; }
int probe_delegate_events(void) { return P.delegate_events; }
int probe_animator_done(void) { return P.animator_done; }

/* Batch 1.4: a 2 × 1 image, red then half-transparent blue (straight alpha), shown by a
 * 20 × 10 view stretched over it; then the mistakes: a zero width, rows too short, bytes
 * that are not a PNG, a released handle. */
ah_status probe_image(const ah_host *host, ah_layer *view_out, ah_status statuses[4], char messages[4][200]) {
    if (host->abi.minor < 4) return AH_ERR_UNSUPPORTED;
    const uint8_t pixels[8] = { 255, 0, 0, 255, 0, 0, 255, 128 };
    ah_image image;
    ah_status status = host->image_create_rgba(host, pixels, 2, 1, 8, &image);
    if (status != AH_OK) return status;
    uint32_t width = 0, height = 0;
    host->image_size(host, image, &width, &height);
    if (width != 2 || height != 1) return AH_ERR_INVALID_STATE;
    host->view_create(host, (ah_rect){ { 0, 0 }, { 20, 10 } }, view_out);
    host->layer_set_contents_gravity(host, *view_out, AH_GRAVITY_RESIZE);
    status = host->layer_set_contents(host, *view_out, image, 0);
    if (status != AH_OK) return status;
    ah_image unused;
    statuses[0] = host->image_create_rgba(host, pixels, 0, 1, 8, &unused);
    strncpy(messages[0], host->last_error(host), 199);
    statuses[1] = host->image_create_rgba(host, pixels, 2, 1, 4, &unused);
    strncpy(messages[1], host->last_error(host), 199);
    const uint8_t junk[32] = { 'n', 'o', 't', ' ', 'a', ' ', 'p', 'n', 'g' };
    statuses[2] = host->image_create_png(host, junk, sizeof junk, &unused);
    strncpy(messages[2], host->last_error(host), 199);
    host->image_release(host, image);
    statuses[3] = host->layer_set_contents(host, *view_out, image, 1);
    strncpy(messages[3], host->last_error(host), 199);
    return AH_OK;
}

/* Batch 1.5: a view masked by a shape layer whose path is an oval, its path animated
 * from C; a path read back; and the mistakes, each status and reason kept. */
ah_status probe_shapes(const ah_host *host, ah_layer *view_out, ah_layer *shape_out, uint32_t *read_count,
                       ah_status statuses[6], char messages[6][200]) {
    if (host->abi.minor < 5) return AH_ERR_UNSUPPORTED;
    ah_status status = host->view_create(host, (ah_rect){ { 0, 0 }, { 100, 100 } }, view_out);
    if (status != AH_OK) return status;
    status = host->shape_layer_create(host, shape_out);
    if (status != AH_OK) return status;
    ah_path oval, dot;
    status = host->path_create_shape(host, AH_PATH_SHAPE_OVAL, (ah_rect){ { 10, 10 }, { 80, 80 } }, 0, &oval);
    if (status != AH_OK) return status;
    ah_path_element elements[6] = {
        { .verb = AH_PATH_MOVE, .points = { { 51, 50 } } },
        { .verb = AH_PATH_CUBIC, .points = { { 51, 50.5 }, { 50.5, 51 }, { 50, 51 } } },
        { .verb = AH_PATH_CUBIC, .points = { { 49.5, 51 }, { 49, 50.5 }, { 49, 50 } } },
        { .verb = AH_PATH_CUBIC, .points = { { 49, 49.5 }, { 49.5, 49 }, { 50, 49 } } },
        { .verb = AH_PATH_CUBIC, .points = { { 50.5, 49 }, { 51, 49.5 }, { 51, 50 } } },
        { .verb = AH_PATH_CLOSE },
    };
    status = host->path_create(host, elements, 6, &dot);
    if (status != AH_OK) return status;
    ah_value value = { .type = AH_VALUE_PATH, .path = oval };
    status = host->layer_set(host, *shape_out, "path", &value);
    if (status != AH_OK) return status;
    ah_value round = { .type = AH_VALUE_NUMBER, .number = AH_LINE_CAP_ROUND };
    host->layer_set(host, *shape_out, "lineCap", &round);
    status = host->layer_set_mask(host, *view_out, *shape_out);
    if (status != AH_OK) return status;
    ah_value from = { .type = AH_VALUE_PATH, .path = dot }, to = { .type = AH_VALUE_PATH, .path = oval };
    ah_animation_desc grow = {
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animation_desc), .kind = AH_ANIMATION_BASIC,
        .key_path = "path", .from = &from, .to = &to, .timing = { .duration = 1.0 },
        .timing_function = { .kind = AH_TIMING_LINEAR },
    };
    status = host->layer_add_animation(host, *shape_out, &grow, "grow");
    if (status != AH_OK) return status;
    /* Handles may go once used: the layer and the animation keep copies. */
    host->path_release(host, dot);
    ah_value read;
    status = host->layer_get(host, *shape_out, "path", &read);
    if (status != AH_OK || read.type != AH_VALUE_PATH) return AH_ERR_INVALID_STATE;
    host->path_elements(host, read.path, NULL, 0, read_count);
    host->path_release(host, read.path);

    ah_path unused;
    ah_path_element bad_verb = { .verb = 9 };
    statuses[0] = host->path_create(host, &bad_verb, 1, &unused);
    strncpy(messages[0], host->last_error(host), 199);
    ah_path_element no_move = { .verb = AH_PATH_LINE, .points = { { 1, 1 } } };
    statuses[1] = host->path_create(host, &no_move, 1, &unused);
    strncpy(messages[1], host->last_error(host), 199);
    statuses[2] = host->layer_set_mask(host, *view_out, *view_out);
    strncpy(messages[2], host->last_error(host), 199);
    ah_value stale = { .type = AH_VALUE_PATH, .path = dot };
    statuses[3] = host->layer_set(host, *shape_out, "path", &stale);
    strncpy(messages[3], host->last_error(host), 199);
    ah_value wrong = { .type = AH_VALUE_NUMBER, .number = 7 };
    statuses[4] = host->layer_set(host, *shape_out, "lineJoin", &wrong);
    strncpy(messages[4], host->last_error(host), 199);
    statuses[5] = host->path_create_shape(host, 5, (ah_rect){ { 0, 0 }, { 1, 1 } }, 0, &unused);
    strncpy(messages[5], host->last_error(host), 199);
    host->path_release(host, oval);
    return AH_OK;
}

/* Batch 1.5: a gradient layer, black to transparent left to right, and two mistakes. */
ah_status probe_gradient(const ah_host *host, ah_layer *out, ah_status statuses[2], char messages[2][200]) {
    if (host->abi.minor < 5) return AH_ERR_UNSUPPORTED;
    ah_status status = host->gradient_layer_create(host, out);
    if (status != AH_OK) return status;
    ah_color colors[2] = { { 0, 0, 0, 1 }, { 0, 0, 0, 0 } };
    double locations[2] = { 0.2, 0.8 };
    status = host->layer_set_gradient(host, *out, colors, locations, 2, (ah_point){ 0, 0.5 }, (ah_point){ 1, 0.5 });
    if (status != AH_OK) return status;
    statuses[0] = host->layer_set_gradient(host, *out, NULL, NULL, 2, (ah_point){ 0, 0 }, (ah_point){ 1, 1 });
    strncpy(messages[0], host->last_error(host), 199);
    ah_point bad = { 0.0 / 0.0, 0 };
    statuses[1] = host->layer_set_gradient(host, *out, colors, NULL, 2, bad, (ah_point){ 1, 1 });
    strncpy(messages[1], host->last_error(host), 199);
    return AH_OK;
}

/* Batch 1.6: an action delegate on a standalone layer, a custom view animation API's
 * hook, UIView's beginAnimations/commitAnimations, CATransaction's getters, and the
 * mistakes each refuses. */
typedef struct action_probe {
    const ah_host *host;
    int asked;
    int released;
    double old_x, new_x, shown_x;
    double view_old_alpha;
} action_probe;

static action_probe A;

static ah_action_mode answer_layer(void *user, const ah_action_request *request) {
    action_probe *a = user;
    a->asked++;
    if (strcmp(request->key, "position") == 0) {
        a->old_x = request->old_value.point.x;
        a->new_x = request->new_value.point.x;
        a->shown_x = request->old_presentation_value.point.x;
        ah_animation_desc d;
        memset(&d, 0, sizeof d);
        d.abi = (ah_version)AH_ABI_VERSION_INIT;
        d.struct_size = sizeof d;
        d.kind = AH_ANIMATION_BASIC;
        d.key_path = NULL; /* the changed key */
        d.timing.duration = 1;
        d.timing_function.kind = AH_TIMING_LINEAR;
        if (a->host->action_request_set_animation(a->host, request, &d) != AH_OK) return AH_ACTION_DEFAULT;
        return AH_ACTION_ANIMATION;
    }
    if (strcmp(request->key, "opacity") == 0) return AH_ACTION_NONE;
    if (strcmp(request->key, "cornerRadius") == 0) return AH_ACTION_ANIMATION; /* forgot the animation */
    return AH_ACTION_DEFAULT;
}

static ah_action_mode answer_view(void *user, const ah_action_request *request) {
    action_probe *a = user;
    if (strcmp(request->key, "opacity") == 0) {
        a->view_old_alpha = request->old_value.number;
        return AH_ACTION_NONE;
    }
    return AH_ACTION_DEFAULT;
}

static void release_actions(void *user) { ((action_probe *)user)->released++; }

static ah_layer hooked_view;
static void change_view(void *user) {
    const ah_host *host = user;
    ah_value alpha = number(0.25);
    host->layer_set(host, hooked_view, "opacity", &alpha);
    ah_value center = point(200, 50);
    host->layer_set(host, hooked_view, "position", &center);
}
static void hooked(void *user) {
    const ah_host *host = user;
    host->view_animate_with_actions(host, answer_view, &A, change_view, (void *)host);
}

/* results: asked, old x, new x, shown x, released, view's old alpha, duration, timing kind,
 * disable actions */
ah_status probe_actions(const ah_host *host, ah_layer layers[3], double results[9], ah_status statuses[5],
                        char messages[5][200]) {
    if (host->abi.minor < 6) return AH_ERR_UNSUPPORTED;
    memset(&A, 0, sizeof A);
    A.host = host;
    ah_status status = host->layer_create(host, &layers[0]);
    if (status != AH_OK) return status;
    /* Without actions while setting up. */
    host->transaction_begin(host);
    host->transaction_set_disable_actions(host, true);
    ah_value bounds = { .type = AH_VALUE_RECT };
    bounds.rect = (ah_rect){ { 0, 0 }, { 100, 100 } };
    host->layer_set(host, layers[0], "bounds", &bounds);
    ah_value start = point(50, 50);
    host->layer_set(host, layers[0], "position", &start);
    bool disabled = false;
    host->transaction_get_disable_actions(host, &disabled);
    results[8] = disabled;
    host->transaction_commit(host);

    status = host->layer_set_delegate(host, layers[0], answer_layer, &A, release_actions);
    if (status != AH_OK) return status;
    ah_value to = point(250, 50);
    host->layer_set(host, layers[0], "position", &to);
    ah_value faded = number(0.5);
    host->layer_set(host, layers[0], "opacity", &faded);
    ah_value radius = number(8);
    host->layer_set(host, layers[0], "cornerRadius", &radius);
    bounds.rect.size = (ah_size){ 40, 40 };
    host->layer_set(host, layers[0], "bounds", &bounds);
    results[0] = A.asked;
    results[1] = A.old_x;
    results[2] = A.new_x;
    results[3] = A.shown_x;
    /* Removing the delegate releases its user data once. */
    host->layer_set_delegate(host, layers[0], NULL, NULL, NULL);
    results[4] = A.released;

    /* A view inside a 1 s block, behind the hook: opacity answered NONE, position left to
     * the block. */
    host->view_create(host, (ah_rect){ { 0, 0 }, { 100, 100 } }, &layers[1]);
    hooked_view = layers[1];
    ah_view_animation settings;
    memset(&settings, 0, sizeof settings);
    settings.abi = (ah_version)AH_ABI_VERSION_INIT;
    settings.struct_size = sizeof settings;
    settings.duration = 1;
    settings.options = AH_VIEW_OPTION_CURVE_LINEAR;
    host->view_animate(host, &settings, hooked, NULL, (void *)host);
    results[5] = A.view_old_alpha;

    /* beginAnimations / commitAnimations with UIKit's defaults (NULL settings). */
    host->view_create(host, (ah_rect){ { 0, 0 }, { 100, 100 } }, &layers[2]);
    host->view_begin_animations(host);
    ah_value moved = point(150, 50);
    host->layer_set(host, layers[2], "position", &moved);
    host->view_commit_animations(host, NULL, NULL, NULL);

    double duration = 0;
    host->transaction_get_duration(host, &duration);
    results[6] = duration;
    ah_timing_function function;
    host->transaction_get_timing_function(host, &function);
    results[7] = function.kind;

    /* The mistakes. */
    ah_animation_desc d;
    memset(&d, 0, sizeof d);
    ah_action_request stray;
    memset(&stray, 0, sizeof stray);
    statuses[0] = host->action_request_set_animation(host, &stray, &d);
    strncpy(messages[0], host->last_error(host), 199);
    statuses[1] = host->layer_set_delegate(host, layers[1], answer_layer, &A, NULL);
    strncpy(messages[1], host->last_error(host), 199);
    statuses[2] = host->view_commit_animations(host, NULL, NULL, NULL);
    strncpy(messages[2], host->last_error(host), 199);
    statuses[3] = host->view_animate_with_actions(host, NULL, NULL, change_view, (void *)host);
    strncpy(messages[3], host->last_error(host), 199);
    ah_related_view_controller related;
    memset(&related, 0, sizeof related);
    related.struct_size = sizeof related;
    statuses[4] = host->context_related_view_controller(host, 12345, AH_CONTEXT_TO, AH_RELATION_PRESENTING, &related);
    strncpy(messages[4], host->last_error(host), 199);
    return AH_OK;
}
