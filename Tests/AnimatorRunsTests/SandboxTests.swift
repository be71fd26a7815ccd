import Foundation
import Glibc
import Testing
@testable import AnimatorHost
@testable import AnimatorEngine
@testable import AnimatorSupport
@testable import AnimatorRendering
@testable import AnimatorRuns
import TestSupport

/// The pieces of the plugin sandbox that need no child: the frame codec, the message
/// framing, the call page and the failure reports.
@Suite struct SandboxCodingTests {
    /// A recorded detail-page presentation: layers with text, a bitmap (the photo) and colors.
    func frames() throws -> [SceneFrame] {
        let runtime = TransitionRuntime()
        let recorder = FrameRecorder(engine: runtime.engine, root: runtime.window.layer.id)
        let stage = TransitionStage(runtime: runtime)
        _ = try stage.perform(.present, animator: SystemAnimator(.coverVertical), onFrame: recorder.capture)
        return Array(recorder.take().frames)
    }

    func expectSame(_ a: [SceneFrame], _ b: [SceneFrame]) {
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.time == y.time)
            #expect(x.nodes == y.nodes)
            #expect(x.names == y.names)
            #expect(x.texts == y.texts)
            #expect(x.contents == y.contents)
        }
    }

    @Test func framesSurviveTheTripExactlyAndEachBitmapIsSentOnce() throws {
        let original = try frames()
        // What the recording must hold for the test to mean something.
        #expect(original.count > 10)
        #expect(original.contains { $0.texts.contains { $0 != nil } })
        let bitmaps = Set(original.flatMap { $0.contents.compactMap { $0.map { "\($0.image.width)x\($0.image.height)" } } })
        #expect(!bitmaps.isEmpty)
        let encoder = SceneFrameEncoder(), decoder = SceneFrameDecoder()
        let half = original.count / 2
        let first = encoder.encode(Array(original[..<half]))
        let second = encoder.encode(Array(original[half...]))
        expectSame(try decoder.decode(first) + decoder.decode(second), original)
        // The first batch carries the bitmaps (count at the start); the second names them.
        #expect(BinaryReaderProbe.uint32(first) == UInt32(bitmaps.count))
        #expect(BinaryReaderProbe.uint32(second) == 0)
        // A decoder that never saw the first batch refuses the bitmap numbers of the second.
        #expect(throws: BinaryReader.Malformed.self) { try SceneFrameDecoder().decode(second) }
    }

    @Test func everyTruncationAndForgeryIsAnErrorNeverATrap() throws {
        let frame = try frames()[0]
        let small = SceneFrame(time: frame.time, nodes: Array(frame.nodes.prefix(3)), names: Array(frame.names.prefix(3)),
                               texts: Array(frame.texts.prefix(3)), contents: Array(repeating: nil, count: 3))
        let bytes = SceneFrameEncoder().encode([small])
        expectSame(try SceneFrameDecoder().decode(bytes), [small])
        for length in 0..<bytes.count {
            #expect(throws: BinaryReader.Malformed.self) { try SceneFrameDecoder().decode(Array(bytes[..<length])) }
        }
        #expect(throws: BinaryReader.Malformed.self) { try SceneFrameDecoder().decode(bytes + [0]) }
        // Layout: 4 (bitmaps) + 4 (frames) + 8 (time) + 4 (nodes), then node 0: layer (8),
        // parent (8), isView (1), bounds' x (8)...
        let nodeStart = 4 + 4 + 8 + 4
        func forged(at offset: Int, _ value: UInt64) -> [UInt8] {
            var copy = bytes
            for index in 0..<8 { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
            return copy
        }
        // The root naming a parent; a NaN and an absurd coordinate; a time of infinity.
        #expect(throws: BinaryReader.Malformed.self) { try SceneFrameDecoder().decode(forged(at: nodeStart + 8, 0)) }
        #expect(throws: BinaryReader.Malformed.self) {
            try SceneFrameDecoder().decode(forged(at: nodeStart + 17, Double.nan.bitPattern))
        }
        // An absurd but finite coordinate (a spring's overshoot past the engine's bound, or a
        // forger's) is kept at the bound, 1e12 either way: as far off screen as it was.
        let far = try SceneFrameDecoder().decode(forged(at: nodeStart + 17, (1e300).bitPattern))
        #expect(far[0].nodes[0].properties.bounds.origin.x == 1e12)
        let farLeft = try SceneFrameDecoder().decode(forged(at: nodeStart + 17, (-1.5e12).bitPattern))
        #expect(farLeft[0].nodes[0].properties.bounds.origin.x == -1e12)
        #expect(try SceneFrameDecoder().decode(forged(at: nodeStart + 17, (2.5).bitPattern))[0].nodes[0].properties.bounds.origin.x == 2.5)
        #expect(throws: BinaryReader.Malformed.self) {
            try SceneFrameDecoder().decode(forged(at: 8, Double.infinity.bitPattern))
        }
        // A flag that is neither 0 nor 1.
        var flag = bytes
        flag[nodeStart + 16] = 7
        #expect(throws: BinaryReader.Malformed.self) { try SceneFrameDecoder().decode(flag) }
    }

    @Test func messagesArriveWholeHoweverTheBytesAreCut() throws {
        let messages = [SandboxMessage(kind: 1, payload: Array("hello".utf8)), SandboxMessage(kind: 2, payload: []),
                        SandboxMessage(kind: 3, payload: Array(repeating: 0xA7, count: 70_000))]
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writeEnd = ends[1]
        let writer = Thread { for message in messages { try? message.write(to: writeEnd) }; close(writeEnd) }
        writer.start()
        var wire: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
            if count <= 0 { break }
            wire += chunk[0..<count]
        }
        #expect(wire.count == 3 * 6 + 5 + 0 + 70_000)
        // Fed one byte at a time, the buffer gives exactly the three messages.
        var buffer = SandboxMessageBuffer()
        var received: [SandboxMessage] = []
        for byte in wire {
            [byte].withUnsafeBytes { buffer.append($0) }
            while let message = try buffer.next() { received.append(message) }
        }
        #expect(received == messages)
        #expect(!buffer.hasPartialMessage)
        // A stream that does not start with the marker, or announces too much, is refused.
        var bad = SandboxMessageBuffer()
        ([0x00, 1, 0, 0, 0, 0] as [UInt8]).withUnsafeBytes { bad.append($0) }
        #expect(throws: BinaryReader.Malformed.self) { try bad.next() }
        var huge = SandboxMessageBuffer()
        ([0xA7, 1, 0xFF, 0xFF, 0xFF, 0x7F] as [UInt8]).withUnsafeBytes { huge.append($0) }
        #expect(throws: BinaryReader.Malformed.self) { try huge.next() }
    }

    @Test func theCallPageTellsTheInnermostCallAndTheLastOneLeft() throws {
        let (marker, descriptor) = try PluginCallMarker.makeShared()
        defer { close(descriptor) }
        // A second mapping of the same memory, as the parent has.
        let reader = try PluginCallMarker.map(descriptor)
        #expect(reader.read() == .init(sequence: 0, depth: 0, call: nil, subject: ""))
        marker.around(.animate, "org.example.flip") {
            #expect(reader.read() == .init(sequence: 1, depth: 1, call: .animate, subject: "org.example.flip"))
            marker.around(.block, nil) {
                #expect(reader.read() == .init(sequence: 2, depth: 2, call: .block, subject: "org.example.flip"))
            }
            #expect(reader.read() == .init(sequence: 3, depth: 1, call: .animate, subject: "org.example.flip"))
        }
        // After the outermost call returned, it stays named (a crash right after it).
        #expect(reader.read() == .init(sequence: 4, depth: 0, call: .animate, subject: "org.example.flip"))
        marker.progress()
        #expect(reader.read().sequence == 5)
        // A subject longer than the page is cut, not written past it.
        let long = String(repeating: "x", count: 10_000)
        marker.around(.constructor, long) {
            #expect(reader.read().subject == String(repeating: "x", count: PluginCallMarker.pageSize - 24))
        }
    }

    @Test func failuresReadAsOneLineNamingWhatAndWhere() {
        let segv = SandboxFailure(kind: .signal(SIGSEGV), call: .animate, insideCall: true, subject: "a")
        #expect(segv.description == "crashed (SIGSEGV, Segmentation fault) in animateTransition")
        let exited = SandboxFailure(kind: .exited(0), call: .destroy, insideCall: true, subject: "a")
        #expect(exited.description == "exited with status 0 (plugin code called exit) in destroy")
        let three = SandboxFailure(kind: .exited(3), call: .initialize, insideCall: false, subject: "a")
        #expect(three.description == "exited with status 3 after init returned")
        let hung = SandboxFailure(kind: .timedOut(2.5), call: .duration, insideCall: true, subject: "a")
        #expect(hung.description == "did not return within 2.5 s (killed; --plugin-timeout) in transitionDuration")
        let idle = SandboxFailure(kind: .timedOut(10), call: nil, insideCall: false, subject: "")
        #expect(idle.description == "made no progress for 10 s (killed; --plugin-timeout) before any plugin call")
        let cpu = SandboxFailure(kind: .cpuLimit(30), call: .block, insideCall: true, subject: "a",
                                 memoryNote: nil)
        #expect(cpu.description == "used up its 30 s of CPU time (killed; --plugin-cpu) in an animation or completion block")
    }

    @Test func aSandboxThatCannotStartItsChildSaysSo() {
        let sandbox = PluginSandbox(executable: "/nonexistent/animator-host")
        #expect(throws: SandboxError.self) { try sandbox.run(mode: "scan", request: [], onMessage: { _ in }) }
    }

    @Test func residentMemoryIsReadFromProc() {
        // This test process holds at least its own code and the Swift runtime, under a
        // terabyte: the figure is read, not the 0 that means "unknown".
        let megabytes = AnimatorChecks.residentMegabytes()
        #expect(megabytes > 1 && megabytes < 1 << 20, "\(megabytes)")
    }

    @Test func wholeNumbersReadFromJSONNeverTrap() {
        #expect(JSONValue.number(3).intValue == 3)
        #expect(JSONValue.number(-7).intValue == -7)
        #expect(JSONValue.number(2.5).intValue == nil)
        #expect(JSONValue.number(1e300).intValue == nil)
        #expect(JSONValue.number(.nan).intValue == nil)
        #expect(JSONValue.number(.infinity).intValue == nil)
        #expect(JSONValue.string("3").intValue == nil)
    }
}

/// Reads the first 4 bytes as a little-endian count.
enum BinaryReaderProbe {
    static func uint32(_ bytes: [UInt8]) -> UInt32? {
        var reader = BinaryReader(bytes)
        return try? reader.uint32()
    }
}
