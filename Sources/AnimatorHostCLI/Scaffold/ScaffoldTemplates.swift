/// The files `animator-host new` writes, with `{{NAME}}` (the animator's name as typed),
/// `{{ID}}` (its reverse-DNS id), `{{TYPE}}` (a Swift type name), `{{HOST}}` (the
/// animator-host package folder) and `{{HOSTID}}` (that folder's package identity, its
/// last path component lowercased, as SwiftPM names a path dependency).
enum ScaffoldTemplates {
    /// A Swift plugin package.
    static let swift: [(path: String, text: String)] = [
        ("Package.swift", """
            // swift-tools-version:6.0
            // {{NAME}}: an animator for animator-host. Build: swift build; test: swift build && swift test.
            import PackageDescription

            let package = Package(
                name: "{{TYPE}}",
                products: [
                    // lib{{TYPE}}.so: the plugin library animator-host loads.
                    .library(name: "{{TYPE}}", type: .dynamic, targets: ["{{TYPE}}"]),
                ],
                dependencies: [
                    // A path dependency is named after its folder ("{{HOSTID}}"), not after the package.
                    .package(path: "{{HOST}}"),
                ],
                targets: [
                    .target(name: "{{TYPE}}", dependencies: [.product(name: "AnimatorKit", package: "{{HOSTID}}")],
                            // Export only the entry symbol, as every plugin should.
                            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\\(Context.packageDirectory)/exports.map"])]),
                    .testTarget(name: "{{TYPE}}Tests", dependencies: [.product(name: "AnimatorTesting", package: "{{HOSTID}}")]),
                ]
            )

            """),
        ("exports.map", """
            /* The plugin library exports exactly one symbol: the ABI's entry point. */
            {
                global: animator_host_entry;
                local: *;
            };

            """),
        ("Sources/{{TYPE}}/{{TYPE}}Animator.swift", """
            import AnimatorKit

            /// Slides the incoming view up a little while it fades in; without an incoming
            /// view (a dismissal that uncovers the screen below), fades the outgoing one out.
            /// Written with UIKit's own names (with `import UIKit` this file compiles on iOS);
            /// its id, name and parameters are declared in Registration.swift, which takes the
            /// duration's default from here.
            final class {{TYPE}}Animator: NSObject, UIViewControllerAnimatedTransitioning {
                /// The transition's length unless the `duration` parameter says otherwise.
                static let defaultDuration: TimeInterval = 0.35

                var duration = {{TYPE}}Animator.defaultDuration

                func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
                    duration
                }

                func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
                    let container = transitionContext.containerView
                    guard let toView = transitionContext.view(forKey: .to),
                          let toViewController = transitionContext.viewController(forKey: .to) else {
                        let fromView = transitionContext.view(forKey: .from)
                        UIView.animate(withDuration: duration, animations: { fromView?.alpha = 0 }, completion: { _ in
                            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                        })
                        return
                    }
                    let final = transitionContext.finalFrame(for: toViewController)
                    toView.frame = final.offsetBy(dx: 0, dy: 40)
                    toView.alpha = 0
                    container.addSubview(toView)
                    UIView.animate(withDuration: duration, delay: 0, options: .curveEaseOut, animations: {
                        toView.frame = final
                        toView.alpha = 1
                    }, completion: { _ in
                        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                    })
                }
            }

            """),
        ("Sources/{{TYPE}}/Registration.swift", """
            import AnimatorKit

            // The library's one exported symbol: the animators it offers, what the host lists
            // about each, and how an instance is made from its parameters (what an iOS
            // transitioning delegate does).
            @_cdecl("animator_host_entry")
            public func animatorHostEntry() -> UnsafeRawPointer {
                AnimatorLibrary.entry(
                    AnimatorExport(
                        AnimatorDescriptor(
                            id: "{{ID}}", name: "{{NAME}}", displayName: "{{TYPE}}", version: "0.1.0",
                            summary: "Slides the new screen up while it fades in.",
                            operations: [.present, .dismiss, .push, .pop, .tab], isInteractive: true,
                            parameters: [.number("duration", default: {{TYPE}}Animator.defaultDuration, range: 0...5,
                                                 help: "Length of the transition in seconds.")]),
                        make: { parameters in
                            let animator = {{TYPE}}Animator()
                            animator.duration = parameters.number("duration")
                            return animator
                        }))
            }

            """),
        ("Tests/{{TYPE}}Tests/{{TYPE}}Tests.swift", """
            import AnimatorTesting
            import Foundation
            import Testing

            /// Run after `swift build`, which makes the library: `swift build && swift test`.
            @Suite struct {{TYPE}}Tests {
                /// .build/debug/lib{{TYPE}}.so of this package.
                var library: String {
                    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                        .deletingLastPathComponent().appendingPathComponent(".build/debug/lib{{TYPE}}.so").path
                }

                @Test func presentsAndEndsInPlace() throws {
                    let run = try AnimatorTestRun(library: library, operation: .present, parameters: ["duration": "0.4"])
                    #expect(run.outcome.completed)
                    #expect(run.outcome.duration == 0.4)
                    // Fully in at the end, fully transparent at the start.
                    #expect(run.presentation(of: "to", at: 0)?.opacity == 0)
                    #expect(run.presentation(of: "to", at: 0.4)?.opacity == 1)
                }

                @Test func matchesItsSnapshot() throws {
                    let run = try AnimatorTestRun(library: library, operation: .present)
                    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots").path
                    // The first run records the golden files (commit them); later runs compare.
                    let result = try run.assertSnapshot("present", in: folder, frames: [.time(0.15), .end])
                    #expect(result.status != .differed && result.status != .missing, "\\(result.findings)")
                }
            }

            """),
        ("README.md", """
            # {{NAME}}

            An animator for animator-host, written in Swift.

            ```sh
            swift build                                                     # makes .build/debug/lib{{TYPE}}.so
            animator-host play {{NAME}} --operation present --plugin-path .build/debug
            animator-host validate .build/debug/lib{{TYPE}}.so               # the conformance checks
            swift build && swift test                                       # its tests and snapshots
            ```

            The animator is in `Sources/{{TYPE}}/{{TYPE}}Animator.swift`, its registration in
            `Registration.swift`.

            """),
    ]

    /// A C plugin with a Makefile.
    static let c: [(path: String, text: String)] = [
        ("Makefile", """
            # {{NAME}}: an animator for animator-host, in C. `make run` builds it and plays it.
            ANIMATOR_HOST ?= {{HOST}}
            ANIMATOR_HOST_BIN ?= {{EXECUTABLE}}
            CFLAGS ?= -O2 -Wall -Wextra

            lib{{TYPE}}.so: {{NAME}}.c
            \t$(CC) -shared -fPIC -fvisibility=hidden $(CFLAGS) -I$(ANIMATOR_HOST)/Sources/AnimatorABI/include $< -o $@

            run: lib{{TYPE}}.so
            \t$(ANIMATOR_HOST_BIN) play {{NAME}} --operation present --plugin-path .

            validate: lib{{TYPE}}.so
            \t$(ANIMATOR_HOST_BIN) validate ./lib{{TYPE}}.so

            clean:
            \trm -f lib{{TYPE}}.so

            .PHONY: run validate clean

            """),
        ("{{NAME}}.c", """
            /* {{NAME}}: slides the incoming view up a little while it fades in. */
            #include <stdlib.h>
            #include <string.h>

            #include <animator_host.h>

            static const ah_param_descriptor duration_param = {
                .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_param_descriptor),
                .name = "duration", .type = AH_PARAM_NUMBER, .flags = AH_PARAM_HAS_MIN | AH_PARAM_HAS_MAX,
                .help = "Length of the transition in seconds.",
                .default_value = { .type = AH_PARAM_NUMBER, .number = 0.35 }, .min = 0.0, .max = 5.0,
            };
            static const ah_param_descriptor *const params[] = { &duration_param };

            static const ah_animator_descriptor descriptor = {
                .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator_descriptor),
                .id = "{{ID}}", .name = "{{NAME}}", .display_name = "{{TYPE}}", .version = "0.1.0",
                .description = "Slides the new screen up while it fades in.",
                .operations = AH_OP_ALL, .flags = AH_ANIMATOR_INTERACTIVE,
                .param_count = 1, .params = params,
            };

            typedef struct state {
                const ah_host *host;
                double duration;
                ah_context context;
                ah_layer view;       /* the view that moves: the incoming one, or the outgoing one */
                ah_rect final_frame;
                bool incoming;
            } state;

            static double duration(const ah_animator *self, ah_context ctx) {
                (void)ctx;
                return ((const state *)self->animator_data)->duration;
            }

            static void set_number(state *s, const char *key, double number) {
                ah_value value = { .type = AH_VALUE_NUMBER, .number = number };
                s->host->layer_set(s->host, s->view, key, &value);
            }

            static void to_end(void *user) {
                state *s = user;
                if (s->incoming) {
                    ah_value frame = { .type = AH_VALUE_RECT, .rect = s->final_frame };
                    s->host->layer_set(s->host, s->view, "frame", &frame);
                    set_number(s, "opacity", 1);
                } else {
                    set_number(s, "opacity", 0);
                }
            }

            static void done(void *user, bool finished) {
                (void)finished;
                state *s = user;
                bool cancelled = false;
                s->host->context_was_cancelled(s->host, s->context, &cancelled);
                s->host->context_complete_transition(s->host, s->context, !cancelled);
            }

            static void animate(const ah_animator *self, ah_context ctx) {
                state *s = self->animator_data;
                const ah_host *h = s->host;
                ah_layer container = 0, to = 0, from = 0;
                h->context_container_view(h, ctx, &container);
                h->context_view(h, ctx, AH_CONTEXT_TO, &to);
                h->context_view(h, ctx, AH_CONTEXT_FROM, &from);
                s->context = ctx;
                s->incoming = to != 0;
                s->view = to ? to : from;
                if (to) {
                    h->context_final_frame(h, ctx, AH_CONTEXT_TO, &s->final_frame);
                    ah_value start = { .type = AH_VALUE_RECT, .rect = s->final_frame };
                    start.rect.origin.y += 40;
                    h->layer_set(h, to, "frame", &start);
                    set_number(s, "opacity", 0);
                    h->layer_insert(h, container, to, AH_INSERT_TOP, 0, 0);
                }
                ah_view_animation settings = { .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof settings,
                                               .duration = s->duration };
                settings.options = AH_VIEW_OPTION_CURVE_EASE_OUT;
                h->view_animate(h, &settings, to_end, done, s);
            }

            static void destroy(const ah_animator *self) {
                free(self->animator_data);
                free((void *)self);
            }

            static bool init(const char *path) { (void)path; return true; }
            static uint32_t count(void) { return 1; }
            static const ah_animator_descriptor *describe(uint32_t index) { return index == 0 ? &descriptor : NULL; }

            static const ah_animator *create(const ah_host *host, const char *id, const ah_param_value *values,
                                             uint32_t value_count) {
                if (strcmp(id, descriptor.id) != 0 || value_count != 1) return NULL;
                state *s = calloc(1, sizeof *s);
                ah_animator *animator = malloc(sizeof *animator);
                if (!s || !animator) { free(s); free(animator); return NULL; }
                s->host = host;
                s->duration = values[0].number;
                *animator = (ah_animator){
                    .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_animator), .animator_data = s,
                    .duration = duration, .animate = animate, .destroy = destroy,
                };
                return animator;
            }

            static const ah_plugin_entry entry = {
                .abi = AH_ABI_VERSION_INIT, .struct_size = sizeof(ah_plugin_entry),
                .init = init, .animator_count = count, .animator_descriptor = describe, .create_animator = create,
            };

            __attribute__((visibility("default"))) const ah_plugin_entry *animator_host_entry(void) { return &entry; }

            """),
        ("README.md", """
            # {{NAME}}

            An animator for animator-host, written in C against the ABI headers alone.

            ```sh
            make run         # builds lib{{TYPE}}.so and plays it in the terminal
            make validate    # the conformance checks
            ```

            """),
    ]
}
