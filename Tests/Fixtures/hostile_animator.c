/* A plugin that misbehaves at one point of its life, as buggy code does, for the
 * isolation tests. Compile with:
 *   -DHOSTILE_AT=<n>    where: 1 constructor, 2 entry, 3 init, 4 descriptor, 5 create,
 *                       6 duration, 7 animate, 8 ended, 9 destroy, 10 a completion block,
 *                       11 size_change (it then brings the "list" screen, a plain view of
 *                       its own, and misbehaves when the device turns)
 *   -DHOSTILE_DOES=<n>  what: 1 SIGSEGV (writes through NULL), 2 abort(), 3 exit(0),
 *                       4 exit(3), 5 an endless loop, 6 allocates and touches memory
 *                       until it has no more (then writes through the NULL it gets),
 *                       7 prints to stdout and stderr (harmless), 8 starts a daemon that
 *                       leaves its session twice (setsid, double fork) and sleeps, named
 *                       $HOSTILE_TOKEN (then behaves), 9 attacks the process that started
 *                       its child (the last number on its command line) and its parent:
 *                       SIGKILL, /proc/PID/mem, and says on stdout what worked (then
 *                       behaves), 10 writes a forged final message to the message pipe
 *                       (fd 3) and calls _exit(0), 11 writes the header of a 1000-byte
 *                       message, then one byte every half second, 12 sleeps forever while
 *                       moving the call page's counter every 0.1 s, 13 sleeps forever,
 *                       14 (at 7 only) sets the incoming view's opacity, position, bounds,
 *                       transform and color to values near 1e308 and says on stdout
 *                       which the host accepted (then behaves), 15 tries to reach beyond
 *                       its folder: writes $HOSTILE_OUTSIDE/escaped, rewrites its own
 *                       library, connects to TCP port $HOSTILE_PORT on 127.0.0.1, and writes
 *                       a file in $TMPDIR; says on stdout what worked (then behaves),
 *                       16 forks processes that pause, until fork fails or 100,000 (then
 *                       behaves), 17 starts threads with 64 KiB stacks that pause, until
 *                       that fails or 100,000 (then behaves), 18 opens /dev/null until it
 *                       cannot, keeps every descriptor and says on stdout how many it holds
 *                       (then behaves), 19 writes the bytes of the file $HOSTILE_FORGED to
 *                       the message pipe (fd 3) $HOSTILE_FORGED_TIMES times (then behaves)
 * Before any misbehaviour, when $HOSTILE_OUTSIDE names a folder, it also tries to create
 * $HOSTILE_OUTSIDE/written and to append to $HOSTILE_OUTSIDE/canary (a sandboxed child
 * must not change anything outside its own temporary folder).
 *   -DHOSTILE_ID="..."  the animator's id and name (default "org.fixture.hostile", "hostile")
 *   -DHOSTILE_EXTRA_EXPORT  also export a function of its own (hostile_helper)
 *   -DHOSTILE_COMPLETE_AT_ONCE  animate completes at once, though the duration says 0.2 s
 *   -DHOSTILE_SECOND_TIME_HALF  from its second transition on, the instance fades the
 *                       incoming view in to 0.5 instead of 1 (state carried over breaks it)
 *   -DHOSTILE_SHARED    declares AH_ANIMATOR_SHARED_INSTANCE (one instance for every
 *                       transition with the same parameters)
 *   -DHOSTILE_LEAVES_A_VIEW  adds a red 60-point square to the container and never removes it
 *   -DHOSTILE_FIXED_BANNER  adds a red banner across the incoming view, as wide as the
 *                       container is then, that never follows a change of size
 *   -DHOSTILE_STUCK_AT_ZERO  with duration 0 (its minimum), never completes
 *   -DHOSTILE_LEAKS_IMAGES  makes a 2×2 image in every transition and never releases it
 *   -DHOSTILE_SLOW_INIT     init computes for 150 ms of CPU time
 *   -DHOSTILE_PID_VERSION   its version names the moment it was loaded, in nanoseconds
 *                       (differs per load)
 *   -DHOSTILE_NO_HELP       its duration parameter has no help text
 *   -DHOSTILE_INTERACTIVE   declares itself interactive (though it always completes
 *                       with true, cancelled or not)
 *   -DHOSTILE_GIVES_UP      always completes with false, finished or not
 *   -DHOSTILE_OVERRUN    also runs an invisible opacity animation (1 to 1) on the incoming
 *                       view for 1 s, so it is still animating when it completes at 0.2 s
 *   -DHOSTILE_OWN_INTERACTION  is its own interaction controller (declares itself
 *                       interactive): the outgoing view follows a pan to the right; at the
 *                       end it finishes (velocity > 0) or cancels, and completes, but on
 *                       a cancel it forgets to move the outgoing view back
 *   -DHOSTILE_UNSCRUBBED  completes when an invisible animation on the window (outside the
 *                       container an interaction scrubs) ends, like a timer: on time when
 *                       nothing drives it, at the wrong time when an interaction does
 *   -DHOSTILE_KEYFRAME_MID=<v>  fades in with two linear keyframes (curveLinear, linear
 *                       calculation mode): opacity 0 to v over the first half, v to 1 over
 *                       the second (for the snapshot tests: a changed keyframe)
 *   -DHOSTILE_RANDOM    fades to a random opacity between 0.5 and 1 (rand(), never seeded
 *                       the same way twice within a process)
 *   -DHOSTILE_LONG_NAME  its name is a megabyte of 'n' (set in init)
 *   -DHOSTILE_LONG_LOG   logs a megabyte of 'x' in animate
 *   -DHOSTILE_THREAD_LOG starts a thread in animate that logs two million messages, and
 *                       does not wait for it (it goes on after the transition ended)
 * Anywhere else it behaves: animate adds the incoming view and animates its alpha from 0
 * over the duration (0.2 s), then completes. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <signal.h>
#include <time.h>
#include <fcntl.h>
#include <sys/prctl.h>
#include <pthread.h>
#include <dlfcn.h>
#include <errno.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include "animator_host.h"

#ifndef HOSTILE_AT
#define HOSTILE_AT 0
#endif
#ifndef HOSTILE_DOES
#define HOSTILE_DOES 1
#endif
#ifndef HOSTILE_ID
#define HOSTILE_ID "org.fixture.hostile"
#endif
#ifndef HOSTILE_NAME
#define HOSTILE_NAME "hostile"
#endif

static volatile int sink;
/* An address the compiler cannot know is NULL, so that the write really faults. */
static volatile uintptr_t nowhere_address = 0;

/* A daemon as the books make one: fork, setsid, fork again; the grandchild sleeps under
 * the name $HOSTILE_TOKEN (at most 15 characters) so a test can look for it. */
static void hostile_daemon(void) {
    pid_t first = fork();
    if (first != 0) return;
    setsid();
    if (fork() != 0) _exit(0);
    const char *token = getenv("HOSTILE_TOKEN");
    prctl(PR_SET_NAME, token ? token : "hostile-daemon");
    for (int i = 0; i < 600; i++) sleep(1);
    _exit(0);
}

/* The last number on this process's command line: the pid of the host that started it. */
static long hostile_host_pid(void) {
    char line[4096];
    int fd = open("/proc/self/cmdline", O_RDONLY);
    if (fd < 0) return 0;
    ssize_t n = read(fd, line, sizeof line - 1);
    close(fd);
    if (n <= 1) return 0;
    line[n - 1] = 0;
    char *last = line;
    for (ssize_t i = 0; i < n - 1; i++) if (line[i] == 0) last = line + i + 1;
    return atol(last);
}

static void hostile_attack(void) {
    long host = hostile_host_pid();
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/mem", host);
    int mem = host > 0 ? open(path, O_RDWR) : -1;
    if (mem >= 0) { printf("hostile opened the host's memory\n"); close(mem); }
    if (host > 0 && kill((pid_t)host, 0) == 0) printf("hostile can signal the host\n");
    fflush(stdout);
    if (host > 0) kill((pid_t)host, SIGKILL);
    kill(getppid(), SIGKILL);
}

/* Finds the call page (a shared file mapping named animator-host-call) and moves its first
 * 8 bytes, the counter, while never returning. */
static void hostile_tick_forever(void) {
    FILE *maps = fopen("/proc/self/maps", "r");
    volatile uint64_t *counter = NULL;
    char line[512];
    while (maps && fgets(line, sizeof line, maps)) {
        if (strstr(line, "animator-host-call")) {
            counter = (volatile uint64_t *)(uintptr_t)strtoull(line, NULL, 16);
            break;
        }
    }
    if (maps) fclose(maps);
    for (;;) {
        if (counter) *counter += 1;
        usleep(100000);
    }
}

/* Creates or appends to `name` in `folder`; whether it worked. */
static int hostile_write_in(const char *folder, const char *name, int flags) {
    if (!folder || !*folder) return 0;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    int fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0644);
    if (fd < 0) return 0;
    int wrote = write(fd, "hostile\n", 8) == 8;
    close(fd);
    return wrote;
}

static void hostile_reach_out(void) {
    const char *outside = getenv("HOSTILE_OUTSIDE");
    if (hostile_write_in(outside, "escaped", O_CREAT | O_TRUNC)) printf("hostile wrote outside\n");
    Dl_info self;
    if (dladdr((void *)hostile_reach_out, &self) && self.dli_fname) {
        int fd = open(self.dli_fname, O_WRONLY | O_APPEND | O_CLOEXEC);
        if (fd >= 0) {
            if (write(fd, "", 0) == 0) printf("hostile could rewrite its library\n");
            close(fd);
        }
    }
    const char *port = getenv("HOSTILE_PORT");
    if (port) {
        int sock = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        struct sockaddr_in address = { .sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port)) };
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (sock >= 0 && connect(sock, (struct sockaddr *)&address, sizeof address) == 0) printf("hostile connected\n");
        if (sock >= 0) close(sock);
    }
    if (hostile_write_in(getenv("TMPDIR"), "scratch", O_CREAT | O_TRUNC)) printf("hostile wrote in its own folder\n");
    fflush(stdout);
}

static void hostile_fork_bomb(void) {
    for (int i = 0; i < 100000; i++) {
        pid_t child = fork();
        if (child < 0) break;
        if (child == 0) { for (;;) pause(); }
    }
}

static void *hostile_pause(void *unused) { (void)unused; for (;;) pause(); return NULL; }

static void hostile_thread_bomb(void) {
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 64 << 10);
    for (int i = 0; i < 100000; i++) {
        pthread_t thread;
        if (pthread_create(&thread, &attributes, hostile_pause, NULL) != 0) break;
    }
}

static void hostile_hoard_descriptors(void) {
    int count = 0;
    while (count < 1000000 && open("/dev/null", O_RDONLY) >= 0) count++;
    printf("hostile holds %d more descriptors (%s)\n", count, strerror(errno));
    fflush(stdout);
}

/* Writes a file's bytes (a message made by the test) to the message pipe, again and again. */
static void hostile_forge_messages(void) {
    const char *path = getenv("HOSTILE_FORGED");
    const char *times = getenv("HOSTILE_FORGED_TIMES");
    int fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
    if (fd < 0) return;
    static char bytes[1 << 20];
    ssize_t size = read(fd, bytes, sizeof bytes);
    close(fd);
    for (long i = 0, n = times ? atol(times) : 1; size > 0 && i < n; i++) {
        for (ssize_t done = 0; done < size;) {
            ssize_t wrote = write(3, bytes + done, (size_t)(size - done));
            if (wrote <= 0) return;
            done += wrote;
        }
    }
}

static void misbehave(int at) {
    if (at != HOSTILE_AT) return;
    hostile_write_in(getenv("HOSTILE_OUTSIDE"), "written", O_CREAT | O_TRUNC);
    hostile_write_in(getenv("HOSTILE_OUTSIDE"), "canary", O_APPEND);
    switch (HOSTILE_DOES) {
    case 1: *(volatile int *)nowhere_address = 1; break;
    case 2: abort();
    case 3: exit(0);
    case 4: exit(3);
    case 5: for (;;) sink++;
    case 6:
        for (;;) {
            char *block = malloc(16 << 20);
            if (!block) *(volatile char *)nowhere_address = 1;
            memset(block, 1, 16 << 20);
        }
    case 7:
        printf("hostile says hello on stdout\n");
        fflush(stdout);
        fprintf(stderr, "hostile says \x1b[31mred\x1b[0m on stderr\n");
        break;
    case 8: hostile_daemon(); break;
    case 9: hostile_attack(); break;
    case 10: {
        static const unsigned char done[] = { 0xA7, 0xFF, 0, 0, 0, 0 };
        (void)!write(3, done, sizeof done);
        _exit(0);
    }
    case 11: {
        static const unsigned char header[] = { 0xA7, 0x02, 0xE8, 0x03, 0, 0 };
        (void)!write(3, header, sizeof header);
        for (;;) { (void)!write(3, "x", 1); usleep(500000); }
    }
    case 12: hostile_tick_forever();
    case 13: for (;;) pause();
    case 15: hostile_reach_out(); break;
    case 16: hostile_fork_bomb(); break;
    case 17: hostile_thread_bomb(); break;
    case 18: hostile_hoard_descriptors(); break;
    case 19: hostile_forge_messages(); break;
    }
}

__attribute__((constructor)) static void hostile_constructor(void) { misbehave(1); }

static const ah_param_descriptor duration_param = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
    .name = "duration", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
#ifdef HOSTILE_NO_HELP
    .help = NULL,
#else
    .help = "Seconds.",
#endif
    .default_value = { .type = AH_PARAM_NUMBER, .number = 0.2 }, .min = 0.0, .max = 5.0,
};
static const ah_param_descriptor *const params[] = { &duration_param };

static char version[32] = "0.0.1";

static ah_animator_descriptor descriptor = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator_descriptor),
    .id = HOSTILE_ID, .name = HOSTILE_NAME, .display_name = "Hostile", .version = version,
#if defined(HOSTILE_INTERACTIVE) || defined(HOSTILE_OWN_INTERACTION)
    .flags = AH_ANIMATOR_INTERACTIVE,
#elif defined(HOSTILE_SHARED)
    .flags = AH_ANIMATOR_SHARED_INSTANCE,
#endif
    .description = "Misbehaves on purpose.",
    .operations = AH_OP_PRESENT | AH_OP_DISMISS | AH_OP_PUSH | AH_OP_POP | AH_OP_TAB,
    .param_count = 1, .params = params,
};

typedef struct state {
    const ah_host *host;
    double duration;
    ah_context context;
    int uses;
} state;

static double hostile_duration(const ah_animator *self, ah_context ctx) {
    (void)ctx;
    misbehave(6);
    return ((const state *)self->animator_data)->duration;
}

static void hostile_fade(void *data) {
    state *s = data;
    ah_layer to = 0;
    s->host->context_view(s->host, s->context, AH_CONTEXT_TO, &to);
    ah_value one = { .type = AH_VALUE_NUMBER, .number = 1.0 };
#ifdef HOSTILE_RANDOM
    one.number = 0.5 + 0.5 * (double)rand() / RAND_MAX;
#endif
#ifdef HOSTILE_SECOND_TIME_HALF
    if (s->uses > 1) one.number = 0.5;
#endif
    if (to) s->host->layer_set(s->host, to, "opacity", &one);
}

static void hostile_done(void *data, bool finished) {
    (void)finished;
    state *s = data;
    misbehave(10);
#if defined(HOSTILE_GIVES_UP)
    s->host->context_complete_transition(s->host, s->context, false);
#elif defined(HOSTILE_OWN_INTERACTION)
    bool cancelled = false;
    s->host->context_was_cancelled(s->host, s->context, &cancelled);
    s->host->context_complete_transition(s->host, s->context, !cancelled);
#else
    s->host->context_complete_transition(s->host, s->context, true);
#endif
}

#ifdef HOSTILE_KEYFRAME_MID
static void hostile_set_opacity(state *s, double opacity) {
    ah_layer to = 0;
    s->host->context_view(s->host, s->context, AH_CONTEXT_TO, &to);
    ah_value value = { .type = AH_VALUE_NUMBER, .number = opacity };
    if (to) s->host->layer_set(s->host, to, "opacity", &value);
}
static void hostile_first_half(void *data) { hostile_set_opacity(data, HOSTILE_KEYFRAME_MID); }
static void hostile_second_half(void *data) { hostile_set_opacity(data, 1.0); }
static void hostile_keyframes(void *data) {
    state *s = data;
    s->host->view_add_keyframe(s->host, 0, 0.5, hostile_first_half, s);
    s->host->view_add_keyframe(s->host, 0.5, 0.5, hostile_second_half, s);
}
#endif

/* Legal types, absurd sizes: each key set to a value near the largest double. */
static void hostile_huge_values(const ah_host *h, ah_layer layer) {
    const double huge = 1e308;
    ah_value values[5] = {
        { .type = AH_VALUE_NUMBER, .number = huge },
        { .type = AH_VALUE_POINT, .point = { huge, -huge } },
        { .type = AH_VALUE_RECT, .rect = { { 0, 0 }, { huge, huge } } },
        { .type = AH_VALUE_TRANSFORM, .transform = { .m11 = huge, .m22 = 1, .m33 = 1, .m44 = 1 } },
        { .type = AH_VALUE_COLOR, .color = { huge, 0, 0, 1 } },
    };
    const char *keys[5] = { "opacity", "position", "bounds", "transform", "backgroundColor" };
    for (int i = 0; i < 5; i++) {
        if (h->layer_set(h, layer, keys[i], &values[i]) == AH_OK) printf("the host accepted %s = huge\n", keys[i]);
    }
    fflush(stdout);
}

/* Logs from its own thread (the host allows it from any thread), long after the
 * transition that started it. */
static void *hostile_logger(void *host) {
    const ah_host *h = host;
    for (long i = 0; i < 2000000; i++) h->log(h, AH_LOG_DEBUG, "from a thread of its own");
    return NULL;
}

static void hostile_animate(const ah_animator *self, ah_context ctx) {
    misbehave(7);
    state *s = self->animator_data;
    const ah_host *h = s->host;
    s->context = ctx;
    ah_layer container = 0, to = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &to);
    s->uses++;
#ifdef HOSTILE_LONG_LOG
    {
        char *text = malloc((1 << 20) + 1);
        memset(text, 'x', 1 << 20);
        text[1 << 20] = 0;
        h->log(h, AH_LOG_INFO, text);
        free(text);
    }
#endif
#ifdef HOSTILE_THREAD_LOG
    {
        pthread_t thread;
        if (pthread_create(&thread, NULL, hostile_logger, (void *)h) == 0) pthread_detach(thread);
    }
#endif
    if (HOSTILE_AT == 7 && HOSTILE_DOES == 14 && to) hostile_huge_values(h, to);
#ifdef HOSTILE_LEAVES_A_VIEW
    ah_layer stain = 0;
    ah_rect square = { { 20, 120 }, { 60, 60 } };
    h->view_create(h, square, &stain);
    ah_value red = { .type = AH_VALUE_COLOR, .color = { 1, 0, 0, 1 } };
    h->layer_set(h, stain, "backgroundColor", &red);
    h->layer_insert(h, container, stain, AH_INSERT_TOP, 0, 0);
#endif
#ifdef HOSTILE_FIXED_BANNER
    /* A banner across the incoming view, as wide as the container is now, that never
     * follows a change of size (no autoresizing in C, no size_change). */
    if (to) {
        ah_value bounds;
        h->layer_get(h, container, "bounds", &bounds);
        ah_layer banner = 0;
        h->view_create(h, (ah_rect){ { 0, 200 }, { bounds.rect.size.width, 40 } }, &banner);
        ah_value red = { .type = AH_VALUE_COLOR, .color = { 1, 0, 0, 1 } };
        h->layer_set(h, banner, "backgroundColor", &red);
        h->layer_insert(h, to, banner, AH_INSERT_TOP, 0, 0);
    }
#endif
#ifdef HOSTILE_LEAKS_IMAGES
    static const uint8_t pixels[16] = { 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255 };
    ah_image leaked = 0;
    h->image_create_rgba(h, pixels, 2, 2, 8, &leaked);
#endif
#ifdef HOSTILE_STUCK_AT_ZERO
    if (s->duration == 0) return;
#endif
    if (to) {
        h->layer_insert(h, container, to, AH_INSERT_TOP, 0, 0);
        ah_value zero = { .type = AH_VALUE_NUMBER, .number = 0.0 };
        h->layer_set(h, to, "opacity", &zero);
    }
#ifdef HOSTILE_OVERRUN
    if (to) {
        ah_value one = { .type = AH_VALUE_NUMBER, .number = 1.0 };
        ah_animation_desc still = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof still,
                                    .kind = AH_ANIMATION_BASIC, .key_path = "opacity", .from = &one, .to = &one };
        still.timing.duration = 1.0;
        h->layer_add_animation(h, to, &still, "lingering");
    }
#endif
#ifdef HOSTILE_UNSCRUBBED
    ah_layer window = 0;
    h->layer_superlayer(h, container, &window);
    ah_value full = { .type = AH_VALUE_NUMBER, .number = 1.0 };
    ah_animation_desc timer = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof timer, .kind = AH_ANIMATION_BASIC,
                                .key_path = "opacity", .from = &full, .to = &full, .did_stop = hostile_done, .user_data = s };
    timer.timing.duration = s->duration;
    h->layer_add_animation(h, window, &timer, "timer");
    ah_view_animation fade = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof fade, .duration = s->duration };
    h->view_animate(h, &fade, hostile_fade, NULL, s);
    return;
#endif
#ifdef HOSTILE_KEYFRAME_MID
    ah_view_animation keyed = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof keyed, .duration = s->duration };
    keyed.options = 3ull << 16; /* curveLinear; calculation mode linear (0) */
    h->view_animate_keyframes(h, &keyed, hostile_keyframes, hostile_done, s);
    return;
#endif
#ifdef HOSTILE_COMPLETE_AT_ONCE
    ah_value one = { .type = AH_VALUE_NUMBER, .number = 1.0 };
    if (to) h->layer_set(h, to, "opacity", &one);
    h->context_complete_transition(h, ctx, true);
#else
    ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings, .duration = s->duration };
    h->view_animate(h, &settings, hostile_fade, hostile_done, s);
#endif
}

#ifdef HOSTILE_OWN_INTERACTION
/* Moves the outgoing view right with a pan; on a cancel it never moves it back. */
static void hostile_start_interactive(const ah_animator *self, ah_context ctx) {
    state *s = self->animator_data;
    const ah_host *h = s->host;
    s->context = ctx;
    ah_layer container = 0, to = 0;
    h->context_container_view(h, ctx, &container);
    h->context_view(h, ctx, AH_CONTEXT_TO, &to);
    if (to) h->layer_insert(h, container, to, AH_INSERT_BOTTOM, 0, 0);
}

static void hostile_slide(void *data) {
    state *s = data;
    ah_layer from = 0;
    s->host->context_view(s->host, s->context, AH_CONTEXT_FROM, &from);
    ah_value gone = { .type = AH_VALUE_NUMBER, .number = 1000.0 };
    if (from) s->host->layer_set(s->host, from, "transform.translation.x", &gone);
}

static void hostile_gesture(const ah_animator *self, ah_context ctx, const ah_gesture_sample *sample) {
    state *s = self->animator_data;
    const ah_host *h = s->host;
    double percent = sample->distance > 0 ? sample->value / sample->distance : 1 - sample->value;
    if (percent < 0) percent = 0;
    if (percent > 1) percent = 1;
    ah_layer from = 0;
    h->context_view(h, ctx, AH_CONTEXT_FROM, &from);
    ah_value moved = { .type = AH_VALUE_NUMBER, .number = percent * 400 };
    if (from) h->layer_set(h, from, "transform.translation.x", &moved);
    h->context_update_interactive(h, ctx, percent);
    if (sample->phase != AH_GESTURE_ENDED) return;
    bool finish = sample->velocity > 0;
    if (finish) {
        h->context_finish_interactive(h, ctx);
        ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                       .duration = s->duration * (1 - percent) };
        h->view_animate(h, &settings, hostile_slide, hostile_done, s);
    } else {
        h->context_cancel_interactive(h, ctx);
        ah_layer to = 0;
        h->context_view(h, ctx, AH_CONTEXT_TO, &to);
        if (to) h->layer_remove_from_superlayer(h, to);
        h->context_complete_transition(h, ctx, false);
    }
}
#endif

static void hostile_ended(const ah_animator *self, ah_context ctx, bool completed) {
    (void)self; (void)ctx; (void)completed;
    misbehave(8);
}

static void hostile_destroy(const ah_animator *self) {
    misbehave(9);
    free(self->animator_data);
    free((void *)self);
}

static bool hostile_init(const char *path) {
#ifdef HOSTILE_LONG_NAME
    char *name = malloc((1 << 20) + 1);
    memset(name, 'n', 1 << 20);
    name[1 << 20] = 0;
    descriptor.name = name;
#endif
    (void)path;
    misbehave(3);
#ifdef HOSTILE_SLOW_INIT
    struct timespec start, now;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
    do {
        sink++;
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000000000L + (now.tv_nsec - start.tv_nsec) < 150000000L);
#endif
#ifdef HOSTILE_PID_VERSION
    struct timespec loaded;
    clock_gettime(CLOCK_MONOTONIC, &loaded);
    snprintf(version, sizeof version, "0.0.%ld", loaded.tv_sec * 1000000000L + loaded.tv_nsec);
#endif
    return true;
}

static uint32_t hostile_count(void) { return 1; }

static const ah_animator_descriptor *hostile_describe(uint32_t index) {
    misbehave(4);
    return index == 0 ? &descriptor : NULL;
}

#if HOSTILE_AT == 11
/* Brings the list screen (a plain view of its own), so that it hears the device turn. */
static bool hostile_load_screen(const ah_animator *self, ah_context ctx, const char *name, ah_screen *out) {
    (void)ctx;
    const state *s = self->animator_data;
    ah_layer view = 0;
    if (strcmp(name, "list") != 0 || s->host->view_create(s->host, (ah_rect){ { 0, 0 }, { 390, 844 } }, &view) != AH_OK) {
        return false;
    }
    out->view = view;
    return true;
}

static void hostile_size_change(const ah_animator *self, ah_context ctx, ah_layer view, const ah_size_change *change) {
    (void)self; (void)ctx; (void)view;
    if (change->phase == AH_SIZE_CHANGE_ANIMATE) misbehave(11);
}
#endif

static const ah_animator *hostile_create(const ah_host *host, const char *id, const ah_param_value *values,
                                         uint32_t count) {
    misbehave(5);
    if (strcmp(id, descriptor.id) != 0 || count != 1) return NULL;
    state *s = calloc(1, sizeof *s);
    ah_animator *animator = malloc(sizeof *animator);
    s->host = host;
    s->duration = values[0].number;
    *animator = (ah_animator){
        .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator), .animator_data = s,
        .duration = hostile_duration, .animate = hostile_animate, .ended = hostile_ended, .destroy = hostile_destroy,
#ifdef HOSTILE_OWN_INTERACTION
        .start_interactive = hostile_start_interactive, .gesture = hostile_gesture,
#endif
#if HOSTILE_AT == 11
        .load_screen = hostile_load_screen, .size_change = hostile_size_change,
#endif
    };
    return animator;
}

static const ah_plugin_entry entry = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_plugin_entry),
    .init = hostile_init, .animator_count = hostile_count, .animator_descriptor = hostile_describe,
    .create_animator = hostile_create,
};

#ifdef HOSTILE_EXTRA_EXPORT
__attribute__((visibility("default"))) int hostile_helper(void) { return 42; }
#endif

__attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) {
    misbehave(2);
    return &entry;
}
