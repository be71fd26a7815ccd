import AnimatorABI
import Testing
import TestSupport
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering

/// Creating animators and asking them for durations, across the C boundary.
@Suite struct AnimatorInstanceTests {
    /// The bundled animators, as `swift build` put them beside the test binary.
    func bundled(_ id: String) throws -> AnimatorInfo {
        let registry = PluginLoader().discover(PluginSearchPath(entries: [
            .init(directory: PackageLayout.productsDirectory, origin: .commandLine),
        ]))
        return try #require(registry.animators.first { $0.id == id }, "\(id) not in \(PackageLayout.productsDirectory)")
    }

    func fixture(_ defines: [String]) throws -> AnimatorInfo {
        let folder = TemporaryDirectory().keep()
        try compileFixture(defines: defines, output: folder + "/fixture.so")
        let scan = PluginLoader().scanFile(folder + "/fixture.so")
        #expect(scan.problems.isEmpty)
        return try #require(scan.animators.first)
    }

    @Test func seedDurations() throws {
        // Seed 000's zoom animator returns 0.4; seed 001's BubbleTransition has duration 0.5.
        let zoom = try bundled("org.animatorhost.zoom")
        let zoomInstance = try AnimatorInstance(zoom, parameters: zoom.resolveParameters([]), session: HostSession())
        for operation in TransitionOperation.allCases {
            #expect(try zoomInstance.duration(for: operation) == 0.4)
        }
        let bubble = try bundled("org.animatorhost.bubble")
        let bubbleInstance = try AnimatorInstance(bubble, parameters: bubble.resolveParameters([]), session: HostSession())
        #expect(try bubbleInstance.duration(for: .present) == 0.5)
        #expect(try bubbleInstance.duration(for: .dismiss) == 0.5)
    }

    @Test func theBundledAnimatorsDeclareTheSeedsOperationsAndParameters() throws {
        let zoom = try bundled("org.animatorhost.zoom")
        #expect(zoom.operations == OperationSet(TransitionOperation.allCases))
        #expect(zoom.isInteractive)
        #expect(zoom.parameter(named: "damping")?.defaultValue == .number(0.8))
        #expect(zoom.parameter(named: "velocity")?.defaultValue == .number(1.0))
        let bubble = try bundled("org.animatorhost.bubble")
        #expect(bubble.operations == OperationSet([.present, .dismiss, .push, .pop]))
        #expect(bubble.parameters.map(\.name) == ["startPoint", "bubbleColor", "duration"])
        let pendulum = try bundled("org.animatorhost.pendulum")
        #expect(pendulum.operations.supports(.dismiss))
        #expect(pendulum.parameters.map(\.name) == ["duration", "coverColor"])
    }

    @Test func parametersReachThePlugin() throws {
        let zoom = try bundled("org.animatorhost.zoom")
        let instance = try AnimatorInstance(zoom, parameters: zoom.resolveParameters(["duration=0.9"]),
                                            session: HostSession())
        #expect(try instance.duration(for: .push) == 0.9)
        let fixture = try fixture([])
        let fixtureInstance = try AnimatorInstance(fixture, parameters: fixture.resolveParameters(["duration=1.75"]),
                                                   session: HostSession())
        #expect(try fixtureInstance.duration(for: .present) == 1.75)
    }

    @Test func aPluginProbingWithBadHandlesGetsErrorCodes() throws {
        // The probe encodes: -(status for a forged handle) * 100 + -(status for a NULL
        // out-pointer) * 10 + the operation bit of a valid call.
        let info = try fixture(["FIXTURE_PROBE"])
        let session = HostSession()
        let instance = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: session)
        let expectedPresent = Double(-AH_ERR_INVALID_HANDLE) * 100 + Double(-AH_ERR_INVALID_ARGUMENT) * 10
            + Double(AH_OP_PRESENT)
        #expect(try instance.duration(for: .present) == expectedPresent)
        #expect(try instance.duration(for: .dismiss) == expectedPresent - Double(AH_OP_PRESENT) + Double(AH_OP_DISMISS))
        #expect(session.log.last == PluginLogEntry(level: .warning, message: "probe"))
    }

    @Test func aNonFiniteDurationIsAnError() throws {
        let info = try fixture(["FIXTURE_DURATION=(0.0/0.0)"])
        let instance = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession())
        #expect(throws: AnimatorError.self) { try instance.duration(for: .present) }
        do {
            _ = try instance.duration(for: .present)
        } catch {
            #expect(error.reason.contains("not a finite, non-negative number"))
        }
    }

    @Test func anUnsupportedOperationIsAnError() throws {
        let info = try fixture([])
        let instance = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession())
        #expect(throws: AnimatorError(animator: "org.fixture.good", reason: "does not support tab")) {
            try instance.duration(for: .tab)
        }
    }

    @Test func aFailedCreateIsAnError() throws {
        let info = try fixture(["FIXTURE_CREATE_FAILS"])
        #expect(throws: AnimatorError(animator: "org.fixture.good", reason: "create_animator returned NULL")) {
            _ = try AnimatorInstance(info, parameters: info.resolveParameters([]), session: HostSession())
        }
    }

    @Test func valuesThatDoNotFitAreRefusedBeforeThePluginSeesThem() throws {
        let info = try fixture([])
        #expect(throws: AnimatorError.self) {
            _ = try AnimatorInstance(info, parameters: [.number(9)], session: HostSession())
        }
        var values = try info.resolveParameters([])
        values[0] = .number(99)
        #expect(throws: AnimatorError(animator: "org.fixture.good",
                                      reason: "parameter 'duration': 99 is above the maximum 5")) {
            _ = try AnimatorInstance(info, parameters: values, session: HostSession())
        }
    }
}
