/* The smallest complete animator: compiled in a test with nothing but the ABI header,
 * `cc -shared -fPIC -I Sources/AnimatorABI/include header_only.c -o header_only.so`. */
#include <stdlib.h>
#include <animator_host.h>

static const ah_animator_descriptor d = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof d,
    .id = "org.example.header-only", .name = "header-only", .version = "0.1",
    .operations = AH_OP_PUSH | AH_OP_POP,
};
static double duration(const ah_animator *self, ah_context ctx) { (void)self; (void)ctx; return 0.35; }
static void animate(const ah_animator *self, ah_context ctx) { (void)self; (void)ctx; }
static void destroy(const ah_animator *self) { free((void *)self); }
static bool init(const char *path) { (void)path; return true; }
static uint32_t count(void) { return 1; }
static const ah_animator_descriptor *describe(uint32_t i) { return i == 0 ? &d : NULL; }
static const ah_animator *create(const ah_host *h, const char *id, const ah_param_value *v, uint32_t n) {
    (void)h; (void)id; (void)v; (void)n;
    ah_animator *a = calloc(1, sizeof *a);
    a->abi = (ah_version)AH_ABI_VERSION_INIT;
    a->struct_size = sizeof *a;
    a->duration = duration;
    a->animate = animate;
    a->destroy = destroy;
    return a;
}
static const ah_plugin_entry e = {
    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof e, .init = init, .animator_count = count,
    .animator_descriptor = describe, .create_animator = create,
};
const ah_plugin_entry *animator_host_entry(void) { return &e; }
