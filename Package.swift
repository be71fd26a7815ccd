// swift-tools-version:6.0
//
// animator-host: UIKit's custom view-controller transitions on Linux, as a plugin host.
// No package dependencies: only the toolchain.

import PackageDescription

/// Plugin libraries export only the ABI's entry symbol (Plugins/exports.map), as CLAP
/// advises: nothing else of the plugin or its statically linked SDK leaks out.
let pluginLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/exports.map"]),
]

/// The engine and the renderers are optimized in debug builds too: they are pure value code
/// that tests step through rarely, and unoptimized they draw 10 to 15 times slower, which
/// the README's commands (debug builds) would feel. Debug information stays.
let optimizedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

/// A bundled animator written in Swift: a dynamic library that links the SDK statically.
func swiftAnimator(_ name: String) -> Target {
    .target(name: name, dependencies: ["AnimatorKit"], path: "Plugins/\(name)",
            exclude: [], linkerSettings: pluginLinkerSettings)
}

/// An animator of the corpus: iOS source, only its import changed, and a registration file.
func corpusAnimator(_ name: String) -> Target {
    .target(name: name, dependencies: ["AnimatorKit"], path: "Examples/Corpus/\(name)",
            linkerSettings: pluginLinkerSettings)
}

let package = Package(
    name: "animator-host",
    products: [
        .executable(name: "animator-host", targets: ["AnimatorHostCLI"]),
        .executable(name: "animator-bench", targets: ["AnimatorBenchmarks"]),
        .library(name: "AnimatorHost", targets: ["AnimatorHost"]),
        // The SDK, with the Apple module names iOS code imports beside UIKit.
        .library(name: "AnimatorKit", targets: ["AnimatorKit", "CoreGraphics", "QuartzCore"]),
        // Snapshot testing of transitions for XCTest and Swift Testing (docs/testing.md).
        .library(name: "AnimatorTesting", targets: ["AnimatorTesting"]),
        // The bundled animators: libZoom.so, libBubble.so, libPendulum.so.
        .library(name: "Zoom", type: .dynamic, targets: ["Zoom"]),
        .library(name: "Bubble", type: .dynamic, targets: ["Bubble"]),
        .library(name: "Pendulum", type: .dynamic, targets: ["Pendulum"]),
        // An animator in plain C, built from nothing but the ABI header: libFadeC.so.
        .library(name: "FadeC", type: .dynamic, targets: ["FadeC"]),
        // Seed 004's bottom card in C: a presentation controller from a library (ABI 1.3).
        .library(name: "BottomCardC", type: .dynamic, targets: ["BottomCardC"]),
        // The corpus's circular reveal in C, through batch 1.5 (paths, shape layers, masks).
        .library(name: "CircularRevealC", type: .dynamic, targets: ["CircularRevealC"]),
        // The corpus's flip with perspective in C ("sublayerTransform" through layer_set).
        .library(name: "FlipC", type: .dynamic, targets: ["FlipC"]),
        // The corpus's pop-block in C (action delegates, batch 1.6) with a pan-driven dismissal.
        .library(name: "PopBlockC", type: .dynamic, targets: ["PopBlockC"]),
        // The corpus's photo zoom in C, with the library's own screens (ABI 1.9, load_screen).
        .library(name: "PhotoZoomC", type: .dynamic, targets: ["PhotoZoomC"]),
        // The corpus: animators written as iOS developers write them, compiled unchanged but
        // for the import (Examples/Corpus, docs/authoring.md).
        .library(name: "SpringSlideUp", type: .dynamic, targets: ["SpringSlideUp"]),
        .library(name: "ScaleFadeModal", type: .dynamic, targets: ["ScaleFadeModal"]),
        .library(name: "CATransitionPush", type: .dynamic, targets: ["CATransitionPush"]),
        .library(name: "ElasticPop", type: .dynamic, targets: ["ElasticPop"]),
        .library(name: "DelegateFade", type: .dynamic, targets: ["DelegateFade"]),
        .library(name: "ThumbnailZoom", type: .dynamic, targets: ["ThumbnailZoom"]),
        // The app's own screens (ABI 1.9): a photo zoom between a grid and a photo page.
        .library(name: "PhotoZoom", type: .dynamic, targets: ["PhotoZoom"]),
        .library(name: "CircularReveal", type: .dynamic, targets: ["CircularReveal"]),
        .library(name: "FlipPerspective", type: .dynamic, targets: ["FlipPerspective"]),
        .library(name: "SwipeDismiss", type: .dynamic, targets: ["SwipeDismiss"]),
        .library(name: "PinchPop", type: .dynamic, targets: ["PinchPop"]),
        .library(name: "KeyframeDismiss", type: .dynamic, targets: ["KeyframeDismiss"]),
        .library(name: "PopBlock", type: .dynamic, targets: ["PopBlock"]),
    ],
    targets: [
        // The C ABI: the public headers every plugin and the host compile against.
        .target(name: "AnimatorABI"),
        // The animation engine: UIKit's views and Core Animation's layers, animations and
        // timing, headless and deterministic. It knows nothing of plugins, transitions or
        // renderers.
        .target(name: "AnimatorEngine", dependencies: ["CMathShim"], swiftSettings: optimizedInDebug),
        // JSON, files read within bounds and written whole, starting processes, work spread
        // over cores: what the layers above share.
        .target(name: "AnimatorSupport", dependencies: ["CSystem"], swiftSettings: optimizedInDebug),
        // The renderers: scene frames (the engine's presentation trees, detached) to pixels,
        // text, PNG and GIF, terminal pictures. They know frames, not transitions or plugins.
        .target(name: "AnimatorRendering", dependencies: ["AnimatorEngine", "AnimatorSupport", "CMathShim"], swiftSettings: optimizedInDebug),
        // The host: plugins (loader, registry), the host function table they call, the
        // sandbox they run in, and UIKit's transitions they animate. What an app embedding
        // the host links: no demo, no recordings, no checks.
        .target(name: "AnimatorHost", dependencies: ["AnimatorABI", "AnimatorEngine", "AnimatorSupport", "AnimatorRendering", "AnimatorLayout", "AnimatorDynamics",
                                                     "CSystem"]),
        // Runs: a run request performed in process or in a sandboxed child, and what is
        // made of it: the stage and the demo app, routes, recordings and the files written
        // from them, validate's checks and the end-state oracle.
        .target(name: "AnimatorRuns", dependencies: ["AnimatorHost", "AnimatorEngine", "AnimatorSupport", "AnimatorRendering",
                                                     "CSystem"]),
        // Snapshot tests: manifests, golden files, timeline and picture comparison, diff
        // pictures and the HTML report, and in-process runs for test targets.
        .target(name: "AnimatorTesting", dependencies: ["AnimatorRuns", "AnimatorHost", "AnimatorLayout", "AnimatorEngine", "AnimatorSupport", "AnimatorRendering"]),
        // Internal to the host: C math Swift's Glibc module does not export.
        .target(name: "CMathShim"),
        // System calls Swift's Glibc module lacks: memfd, prctl, rlimits, a spawn's chdir.
        .target(name: "CSystem"),
        // The Swift SDK for animator authors. Linked into plugins, never into the host.
        .target(name: "AnimatorKit", dependencies: ["AnimatorABI", "AnimatorLayout", "AnimatorDynamics"]),
        // `import CoreGraphics` and `import QuartzCore` as iOS code writes them: AnimatorKit.
        .target(name: "CoreGraphics", dependencies: ["AnimatorKit"]),
        .target(name: "QuartzCore", dependencies: ["AnimatorKit"]),
        // The command-line tool, a thin layer over AnimatorHost.
        .executableTarget(name: "AnimatorHostCLI", dependencies: ["AnimatorRuns", "AnimatorHost", "AnimatorLayout", "AnimatorEngine", "AnimatorSupport",
                                                                 "AnimatorRendering", "AnimatorTesting", "CSystem"]),
        // Benchmarks: `swift run -c release animator-bench`.
        .executableTarget(name: "AnimatorBenchmarks", dependencies: ["AnimatorRuns", "AnimatorHost", "AnimatorLayout", "AnimatorEngine", "AnimatorSupport",
                                                                    "AnimatorRendering", "CSystem"]),

        // Auto Layout's constraint solver: an incremental Cassowary simplex, pure value code.
        .target(name: "AnimatorLayout", swiftSettings: optimizedInDebug),
        .testTarget(name: "AnimatorLayoutTests", dependencies: ["AnimatorLayout"]),
        // UIKit Dynamics' simulation: rigid bodies, forces, springs, contacts; pure value code.
        .target(name: "AnimatorDynamics", swiftSettings: optimizedInDebug),
        .testTarget(name: "AnimatorDynamicsTests", dependencies: ["AnimatorDynamics"]),

        corpusAnimator("SpringSlideUp"),
        corpusAnimator("ScaleFadeModal"),
        corpusAnimator("CATransitionPush"),
        corpusAnimator("ElasticPop"),
        corpusAnimator("DelegateFade"),
        corpusAnimator("ThumbnailZoom"),
        corpusAnimator("PhotoZoom"),
        corpusAnimator("CircularReveal"),
        corpusAnimator("FlipPerspective"),
        corpusAnimator("SwipeDismiss"),
        corpusAnimator("PinchPop"),
        corpusAnimator("KeyframeDismiss"),
        corpusAnimator("PopBlock"),
        swiftAnimator("Zoom"),
        swiftAnimator("Bubble"),
        swiftAnimator("Pendulum"),
        .target(name: "FadeC", dependencies: ["AnimatorABI"], path: "Examples/FadeC",
                linkerSettings: pluginLinkerSettings),
        .target(name: "BottomCardC", dependencies: ["AnimatorABI"], path: "Examples/BottomCardC",
                linkerSettings: pluginLinkerSettings),
        .target(name: "CircularRevealC", dependencies: ["AnimatorABI"], path: "Examples/CircularRevealC",
                linkerSettings: pluginLinkerSettings + [.linkedLibrary("m")]),
        .target(name: "FlipC", dependencies: ["AnimatorABI"], path: "Examples/FlipC",
                linkerSettings: pluginLinkerSettings + [.linkedLibrary("m")]),
        .target(name: "PopBlockC", dependencies: ["AnimatorABI"], path: "Examples/PopBlockC",
                linkerSettings: pluginLinkerSettings),
        .target(name: "PhotoZoomC", dependencies: ["AnimatorABI"], path: "Examples/PhotoZoomC",
                linkerSettings: pluginLinkerSettings),

        // Helpers shared by the tests: temporary folders, fixture compilation, processes.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // A test target per module, each depending only on what it tests (and the helpers):
        // the engine, the support library and the renderers stand alone.
        .testTarget(name: "AnimatorEngineTests", dependencies: ["AnimatorEngine", "TestSupport"]),
        .testTarget(name: "AnimatorSupportTests", dependencies: ["AnimatorSupport", "CSystem", "TestSupport"]),
        .testTarget(name: "AnimatorRenderingTests", dependencies: ["AnimatorRendering", "AnimatorEngine", "AnimatorSupport",
                                                                   "TestSupport"]),
        // The host: loader, registry, sandbox, host functions, transitions, interaction.
        .testTarget(name: "AnimatorHostTests", dependencies: ["AnimatorHost", "AnimatorEngine", "AnimatorSupport", "AnimatorRendering",
                                                              "AnimatorABI", "TestSupport"]),
        // Runs: requests, the runner, the stage and the demo app, routes, recordings, checks.
        .testTarget(name: "AnimatorRunsTests", dependencies: ["AnimatorRuns", "AnimatorHost", "AnimatorLayout", "AnimatorEngine", "AnimatorSupport",
                                                              "AnimatorRendering", "TestSupport"]),
        // The snapshot library, used as an animator author's test target uses it.
        .testTarget(name: "AnimatorTestingTests", dependencies: ["AnimatorTesting", "AnimatorRuns", "AnimatorHost", "AnimatorEngine", "AnimatorRendering", "TestSupport"]),
        // The Swift SDK driven against the real host table, in one process.
        .testTarget(name: "AnimatorKitTests", dependencies: ["AnimatorKit", "CoreGraphics", "QuartzCore", "AnimatorRuns", "AnimatorHost", "AnimatorEngine", "AnimatorSupport", "AnimatorRendering", "AnimatorABI"]),
        // The built `animator-host` program, run as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "AnimatorABI"]),
    ]
)
